import { hash } from 'node:crypto';
import type { z } from 'zod';
import { preconditionFailed } from '../domain/errors';
import type { RequestContext } from './context';
import type { ApiMeta } from './meta';

/**
 * Conditional requests (RFC 9110 §13). A single resource's representation gets a strong ETag: a
 * hash of its `data` (the envelope's request_id is not part of the resource). GET honours
 * If-None-Match with 304; PATCH honours If-Match with 412 through `ifMatchVersion` below.
 */
let lastTaggedText = '';
let lastTag = '';

/** The strong ETag of a resource's JSON text; the last text's tag is kept: a client polling one resource (`GET /me`) gets it without hashing again. */
export function etagOfText(text: string): string {
  if (text !== lastTaggedText) {
    lastTaggedText = text;
    // One-shot hash(): no Hash object per response.
    lastTag = `"${hash('sha256', text, 'base64url').slice(0, 32)}"`;
  }
  return lastTag;
}

export function etagOf(data: unknown): string {
  return etagOfText(JSON.stringify(data));
}

/** The entity tags of an If-Match / If-None-Match header; `*` stays `*`. */
export function parseEntityTags(header: string): string[] {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Weak comparison (If-None-Match): `W/"x"` matches `"x"`. */
function weakMatch(header: string, etag: string): boolean {
  return parseEntityTags(header).some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag);
}

/** Strong comparison (If-Match): a weak tag never matches. */
function strongMatch(header: string, etag: string): boolean {
  return parseEntityTags(header).some((tag) => tag === '*' || tag === etag);
}

/** Whether a procedure result is one resource: `{ data: {…} }` without list meta, not opted out. */
export function isSingleResource(result: unknown): result is { data: Record<string, unknown> } {
  if (result === null || typeof result !== 'object') return false;
  const { data, meta } = result as { data?: unknown; meta?: unknown };
  return meta === undefined && data !== null && typeof data === 'object' && !Array.isArray(data);
}

/**
 * Sets ETag on every single-resource 200/201 (GET, and what POST/PATCH return unless the meta says
 * `etag: false` for a compound result), and turns a GET whose If-None-Match matches into a 304.
 * Returns the resource's JSON text the tag was taken from (undefined when none was).
 * One step of the API chain (middleware.ts), after the procedure has run.
 */
export function applyConditional(
  ctx: Pick<RequestContext, 'request' | 'response'>,
  meta: ApiMeta | undefined,
  type: string,
  result: { ok: boolean; data?: unknown },
): string | undefined {
  if (!result.ok || meta?.etag === false || !isSingleResource(result.data)) return undefined;
  const status = ctx.response.status ?? 200;
  if (status !== 200 && status !== 201) return undefined;
  const dataText = JSON.stringify(result.data.data);
  const etag = etagOfText(dataText);
  ctx.response.headers.ETag = etag;
  const ifNoneMatch = ctx.request.headers.get('if-none-match');
  if (type === 'query' && ifNoneMatch !== null && weakMatch(ifNoneMatch, etag)) ctx.response.status = 304;
  // The resource's text, for the body (lib/raw-json.ts `withDataJson`): made once, not again by the REST door.
  return dataText;
}

/**
 * For PATCH: when the request has If-Match, loads the current resource, compares its ETag (as GET
 * would compute it: the output schema applied to the same view) and throws 412 when it differs.
 * Returns the version (`updated_at`) the write must still find — compare-and-set in the service —
 * so a change landing between this check and the write is refused too, not overwritten.
 * `*` only requires the resource to exist, which the write itself checks.
 */
async function ifMatchVersion<Row extends { updatedAt: Date }>(
  ctx: Pick<RequestContext, 'request'>,
  current: { load: () => Promise<Row>; view: (row: Row) => unknown; output: z.ZodType },
): Promise<Date | undefined> {
  const ifMatch = ctx.request.headers.get('if-match');
  if (ifMatch === null || parseEntityTags(ifMatch).includes('*')) return undefined;
  const row = await current.load();
  const parsed = current.output.parse({ data: current.view(row) }) as { data: unknown };
  if (!strongMatch(ifMatch, etagOf(parsed.data))) throw preconditionFailed();
  return row.updatedAt;
}

/**
 * A PATCH from If-Match to answer: the check against the resource's current view, the write
 * (compare-and-set on the version the check read, `ifMatchVersion`) and the updated resource in the
 * same view, so the ETag a client compares is the one it was sent.
 */
export async function patchIfMatch<Row extends { updatedAt: Date }, View>(
  ctx: Pick<RequestContext, 'request'>,
  resource: {
    load: () => Promise<Row>;
    view: (row: Row) => View;
    output: z.ZodType;
    write: (expectedUpdatedAt: Date | undefined) => Promise<Row>;
  },
): Promise<{ data: View }> {
  const expectedUpdatedAt = await ifMatchVersion(ctx, resource);
  return { data: resource.view(await resource.write(expectedUpdatedAt)) };
}
