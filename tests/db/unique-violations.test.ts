import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/server/db/unique-violation';
import { createAgency } from '../../src/server/services/accounts';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';

// Runs on whichever database the suite uses (PGlite locally, PostgreSQL in CI): the adapters report
// unique violations in different shapes, and slug retries depend on recognizing the column.
describe('unique violations on this database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('are recognized by column', async () => {
    const { agency } = await createAgency(t.db, { name: 'Clash', ownerEmail: `a-${newObjectId()}@x.test` });
    const error = await t.db.agency
      .create({ data: { id: newObjectId(), name: 'Clash', slug: agency.slug, ownerUserId: agency.ownerUserId } })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'slug')).toBe(true);
    expect(isUniqueViolation(error, 'default_key')).toBe(false);
  });

  it('let agencies with the same name get distinct slugs', async () => {
    const name = `Same Name ${newObjectId()}`;
    const first = await createAgency(t.db, { name, ownerEmail: `b-${newObjectId()}@x.test` });
    const second = await createAgency(t.db, { name, ownerEmail: `c-${newObjectId()}@x.test` });
    expect(second.agency.slug).not.toBe(first.agency.slug);
    expect(second.agency.slug.startsWith(first.agency.slug)).toBe(true);
  });

  it('let concurrent sign-ups with one new email share a single user', async () => {
    const ownerEmail = `Same-${newObjectId()}@X.test`;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => createAgency(t.db, { name: `Race ${i}`, ownerEmail })));
    expect(new Set(results.map((r) => r.agency.ownerUserId)).size).toBe(1);
    expect(await t.db.user.count({ where: { email: ownerEmail.toLowerCase() } })).toBe(1);
  });
});
