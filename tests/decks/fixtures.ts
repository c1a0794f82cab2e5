import { newObjectId } from '../../src/server/lib/object-id';
import type { TestApp } from '../support/app';

/** Puts a new creator on an agency roster straight through the database (independent of POST /creators). */
export async function rosterCreator(t: TestApp, agencyId: string, displayName = 'Roster Creator'): Promise<string> {
  const id = newObjectId();
  await t.db.creator.create({ data: { id, username: `c${id}`, displayName } });
  await t.db.rosterMembership.create({ data: { id: newObjectId(), agencyId, creatorId: id, source: 'api' } });
  return id;
}

/**
 * Everything a deck request could change for these agencies, for "the database is unchanged"
 * assertions (scoped, since other test files share the database on PostgreSQL).
 */
export async function deckState(t: TestApp, agencyIds: string[]) {
  const [decks, deckCreators, agencies] = await Promise.all([
    t.db.deck.findMany({ where: { agencyId: { in: agencyIds } }, orderBy: { id: 'asc' } }),
    t.db.deckCreator.findMany({ where: { deck: { agencyId: { in: agencyIds } } }, orderBy: [{ deckId: 'asc' }, { position: 'asc' }] }),
    t.db.agency.findMany({ where: { id: { in: agencyIds } }, orderBy: { id: 'asc' }, select: { id: true, deckCount: true, updatedAt: true } }),
  ]);
  return { decks, deckCreators, agencies };
}
