import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type InvalidCursorReason = 'is malformed' | 'has been altered' | 'belongs to a different list';

/** A cursor that cannot be decoded; `reason` completes "The cursor …". */
export class InvalidCursorError extends Error {
  constructor(readonly reason: InvalidCursorReason) {
    super(`The cursor ${reason}.`);
    this.name = 'InvalidCursorError';
  }
}

/**
 * Opaque, signed keyset cursors. A cursor names the list it belongs to (a key built from the
 * operation, the subject and the filters) and the last id served; the HMAC makes a tampered cursor,
 * or one carried over from another list or another key's subject, an error instead of a wrong page.
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

  /** The id to continue after; throws an InvalidCursorError (keysetPage, src/server/domain/pagination.ts, makes it a 400). */
  decode(listKey: string, cursor: string): string {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw new InvalidCursorError('is malformed');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InvalidCursorError('has been altered');
    let decoded: { l?: unknown; a?: unknown };
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { l?: unknown; a?: unknown };
    } catch {
      throw new InvalidCursorError('is malformed');
    }
    if (decoded.l !== this.listTag(listKey)) throw new InvalidCursorError('belongs to a different list');
    if (typeof decoded.a !== 'string') throw new InvalidCursorError('is malformed');
    return decoded.a;
  }
}
