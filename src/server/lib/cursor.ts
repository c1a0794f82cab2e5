import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../http/problems';

/**
 * Opaque, signed keyset cursors. A cursor names the list it belongs to (a key built from the
 * operation, the subject and the filters) and the last id served; the HMAC makes a tampered cursor,
 * or one carried over from another list or another key's subject, a 400 instead of a wrong page.
 */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22);
  }

  private listTag(listKey: string): string {
    return createHash('sha256').update(listKey).digest('base64url').slice(0, 12);
  }

  encode(listKey: string, lastId: string): string {
    const payload = Buffer.from(JSON.stringify({ l: this.listTag(listKey), a: lastId })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The id to continue after; throws a 400 `invalid-cursor` problem. */
  decode(listKey: string, cursor: string): string {
    const invalid = (why: string) =>
      new ApiError('invalid-cursor', `The cursor ${why}. Use the next_cursor value from the previous page of this same list.`, {
        errors: [{ path: 'query.cursor', message: `Cursor ${why}.`, code: 'invalid_cursor' }],
      });
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalid('is malformed');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid('has been altered');
    let decoded: { l?: unknown; a?: unknown };
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalid('is malformed');
    }
    if (decoded.l !== this.listTag(listKey)) throw invalid('belongs to a different list');
    if (typeof decoded.a !== 'string') throw invalid('is malformed');
    return decoded.a;
  }
}

export interface PageInput {
  cursor?: string | undefined;
  limit: number;
}

export interface ListMeta {
  next_cursor: string | null;
  limit: number;
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
  const afterId = page.cursor ? codec.decode(listKey, page.cursor) : undefined;
  const rows = await fetchPage(afterId, page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const next = rows.length > page.limit && last ? codec.encode(listKey, last.id) : null;
  return { items, meta: { next_cursor: next, limit: page.limit } };
}
