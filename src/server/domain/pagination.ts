import { InvalidCursorError, type CursorCodec } from '../lib/cursor';
import { ApiError } from './errors';

export interface PageInput {
  cursor?: string | undefined;
  limit: number;
}

export interface ListMeta {
  next_cursor: string | null;
  limit: number;
}

/** The id to continue after; a cursor that does not decode is a 400 `invalid-cursor` problem. */
function afterIdOf(codec: CursorCodec, listKey: string, cursor: string): string {
  try {
    return codec.decode(listKey, cursor);
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    const why = error.reason;
    throw new ApiError('invalid-cursor', `The cursor ${why}. Use the next_cursor value from the previous page of this same list.`, {
      errors: [{ path: 'query.cursor', message: `Cursor ${why}.`, code: 'invalid_cursor' }],
    });
  }
}

/**
 * Keyset pagination over ids, newest first. `fetchPage(afterId, take)` returns rows with id < afterId
 * in id-descending order; one extra row tells whether there is a next page. Stable under concurrent
 * inserts: a page boundary is an id, never an offset.
 */
export async function keysetPage<T extends { id: string }>(
  codec: CursorCodec,
  listKey: string,
  page: PageInput,
  fetchPage: (afterId: string | undefined, take: number) => Promise<T[]>,
): Promise<{ items: T[]; meta: ListMeta }> {
  const afterId = page.cursor ? afterIdOf(codec, listKey, page.cursor) : undefined;
  const rows = await fetchPage(afterId, page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const next = rows.length > page.limit && last ? codec.encode(listKey, last.id) : null;
  return { items, meta: { next_cursor: next, limit: page.limit } };
}

/**
 * The findMany arguments of one `fetchPage(afterId, take)` above: the list's rows (`where`) with an id
 * below `afterId`, newest first, `take` of them — the order and boundary keysetPage relies on.
 */
export function keysetWindow<Where extends object>(where: Where, afterId: string | undefined, take: number) {
  return { where: afterId ? { ...where, id: { lt: afterId } } : where, orderBy: { id: 'desc' as const }, take };
}
