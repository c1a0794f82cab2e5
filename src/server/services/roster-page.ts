import type { Db } from '../db/database';
import { invalidateSharePages } from './share-page-invalidation';

/**
 * The agency's public roster page (/roster/{slug}) lists every creator's name, picture and socials,
 * so it is served only once the agency publishes it (off for new agencies; agencies that existed
 * before the switch kept theirs). Taking it down drops it from every instance's page cache at once.
 */
export async function setRosterPublished(db: Db, agencyId: string, published: boolean): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.agency.update({ where: { id: agencyId }, data: { rosterPublished: published } });
    await invalidateSharePages(tx, [`agency:${agencyId}`]);
  });
}
