import { z } from 'zod';
import { objectIdSchema } from '../../lib/object-id';
import type { OperationExamples } from '../../trpc/meta';

/** Building blocks shared by every operation's schema file. */
export const objectId = objectIdSchema;

export const timestamp = z.string().meta({ format: 'date-time', example: '2026-11-22T09:30:00.000Z' });

/**
 * A URL the service will fetch or post to, as sent: 1–2048 characters. Its scheme, port and host are
 * checked by the service (lib/safe-fetch.ts, lib/safe-post.ts), which answers with the reason; each field adds its description.
 */
export function remoteUrl(description: string) {
  return z.string().trim().min(1).max(2048).meta({ format: 'uri', description });
}

/** `cursor` and `limit` (1–100, default 25) for every paged list. */
export const pageQuery = z.strictObject({
  cursor: z.string().min(1).max(512).meta({ description: 'The `meta.next_cursor` of the previous page; omit for the first page.' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'Items per page, 1 to 100.' }),
});

export const listMeta = z.object({
  next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  limit: z.number().int().meta({ description: 'The page size used for this page.' }),
});

/** Whole-number counts (a summary, a job's progress): each field's name and its description. */
export function countFields<Name extends string>(descriptions: Record<Name, string>): Record<Name, z.ZodNumber> {
  return Object.fromEntries(Object.entries<string>(descriptions).map(([name, description]) => [name, z.number().int().meta({ description })])) as Record<Name, z.ZodNumber>;
}

/** `created_at` / `updated_at` of a resource. */
export const createdAt = timestamp.meta({ description: 'When it was created (UTC, ISO 8601).' });
export const updatedAt = timestamp.meta({ description: 'When it last changed (UTC, ISO 8601).' });

/** What a single-resource procedure returns; the envelope middleware adds `request_id`. */
export function single<T extends z.ZodType>(data: T) {
  return z.object({ data: data.meta({ description: 'The resource.' }) });
}

/** What a list procedure returns: items plus list meta (optionally extended). */
export function list<T extends z.ZodType, M extends z.ZodRawShape = Record<never, never>>(item: T, extraMeta?: M) {
  return z.object({
    data: z.array(item).meta({ description: 'This page of items, newest first.' }),
    meta: (extraMeta ? listMeta.extend(extraMeta) : listMeta).meta({ description: 'Pagination: where the next page starts.' }),
  });
}

/** A list operation's examples: the request, and `item` alone on the only page at the default limit. */
export function onlyPageExamples(request: Record<string, unknown>, item: unknown): OperationExamples {
  return { request, status: 200, response: { data: [item], meta: { next_cursor: null, limit: 25 } } };
}

/**
 * A PATCH's examples: the request (the resource's id and the changes) and the resource it answers
 * with, the changes applied and `updated_at` moved on.
 */
export function patchExamples(id: Record<string, string>, resource: object, changes: Record<string, unknown>, updatedAt: string): OperationExamples {
  return { request: { ...id, ...changes }, status: 200, response: { data: { ...resource, ...changes, updated_at: updatedAt } } };
}

export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
