import type { Permission, SubjectType } from '../auth/scopes';
import type { ApiMeta, OperationExamples } from './meta';

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A public operation's method and path template, as the OpenAPI document and the REST router read it. */
export type Route = `${HttpMethod} /${string}`;

/** What the document says about a public operation, besides its route; the rest of the meta is its policy. */
export interface OperationDoc {
  /** Its section in the document (one tag per operation). */
  tag: string;
  summary: string;
  description: string;
  /** Set only for a multipart upload (`['multipart/form-data']`). */
  contentTypes?: ['multipart/form-data'];
  /** Every public operation has its request and response example. */
  examples: OperationExamples;
}

/**
 * The meta of a public operation (a REST route, an MCP tool and an entry of the OpenAPI document),
 * from its route, doc and policy; its section's definer (trpc/section.ts) calls it. Internal
 * operations (no route) pass their policy to `.meta()` as it is.
 */
export function operation(route: Route, meta: OperationDoc & Omit<ApiMeta, 'openapi' | 'examples'>): ApiMeta {
  // A Route is one method, one space and the path (its type says so).
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as HttpMethod;
  const path = route.slice(space + 1) as `/${string}`;
  const { tag, summary, contentTypes, description, ...policy } = meta;
  return { openapi: { method, path, tags: [tag], summary, ...(contentTypes && { contentTypes }), description }, ...policy };
}

/** The same permission for an agency and for a creator (null: any authenticated principal of either type). */
export function anySubject(permission: Permission | null): Record<SubjectType, Permission | null> {
  return { agency: permission, creator: permission };
}
