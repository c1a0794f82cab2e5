import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows } from '../../src/server/db/bulk-insert';
import { newObjectId } from '../../src/server/lib/object-id';
import { isUniqueViolation } from '../../src/server/db/unique-violation';
import { startTestApp, type TestApp } from '../support/app';

// On whichever database the suite uses (PGlite locally, PostgreSQL in CI): the raw bulk insert must
// store what Prisma's createMany would, and read back identically through Prisma.
describe('insertRows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('stores text arrays, nulls, JSON and timestamps as Prisma reads them back', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const ids = [newObjectId(), newObjectId()] as const;
    const inserted = await insertRows(t.db, 'creators', [
      { id: ids[0], username: 'ana', displayName: 'Ana "Quotes" O’Neil', email: null, languages: ['en', 'pt'], tags: [], createdAt: at, updatedAt: at },
      { id: ids[1], username: 'ben', displayName: 'Ben, comma; semicolon', languages: [], tags: ['a,b', '{brace}'], createdAt: at, updatedAt: at },
    ]);
    expect(inserted).toBe(2);
    const ana = await t.db.creator.findUniqueOrThrow({ where: { id: ids[0] } });
    const ben = await t.db.creator.findUniqueOrThrow({ where: { id: ids[1] } });
    expect(ana).toMatchObject({ displayName: 'Ana "Quotes" O’Neil', email: null, languages: ['en', 'pt'], tags: [], planCode: 'free', entitlement: 'active' });
    expect(ben).toMatchObject({ displayName: 'Ben, comma; semicolon', email: null, languages: [], tags: ['a,b', '{brace}'] });
    expect(ana.createdAt.toISOString()).toBe(at.toISOString());
    expect(ben.updatedAt.toISOString()).toBe(at.toISOString());
  });

  it('skips rows that hit a unique constraint only when asked to', async () => {
    const id = newObjectId();
    const row = { id, username: 'dup', displayName: 'Dup', languages: [], tags: [], updatedAt: new Date() };
    await insertRows(t.db, 'creators', [row]);
    expect(await insertRows(t.db, 'creators', [row], { onConflictDoNothing: true })).toBe(0);
    const error = await insertRows(t.db, 'creators', [row]).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('does nothing for no rows, and refuses a field that is not a plain column name', async () => {
    expect(await insertRows(t.db, 'creators', [])).toBe(0);
    await expect(insertRows(t.db, 'creators', [{ 'id"; DROP TABLE creators; --': 'x' }])).rejects.toThrow(/bad column name/);
  });
});
