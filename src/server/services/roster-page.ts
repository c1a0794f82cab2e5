import type { Db } from '../db/database';
import type { Actor } from '../domain/actor';
import { recordAudit } from './audit-events';
import { invalidateSharePages } from './share-page-invalidation';

/**
 * The agency's public roster page (/roster/{slug}) lists every creator's name, picture and socials,
 * so it is served only once the agency publishes it (off for new agencies; agencies that existed
 * before the switch kept theirs). Taking it down drops it from every instance's page cache at once.
 */
export async function setRosterPublished(db: Db, actor: Actor, agencyId: string, published: boolean): Promise<void> {
  await db.$transaction(async (tx) => {
    // Publishing is audited when it changes something: the state before, under the row lock.
    const [before] = await tx.$queryRaw<{ roster_published: boolean }[]>`SELECT roster_published FROM agencies WHERE id = ${agencyId} FOR UPDATE`;
    await tx.agency.update({ where: { id: agencyId }, data: { rosterPublished: published } });
    if (before && before.roster_published !== published) {
      await recordAudit(tx, actor, {
        subject: { type: 'agency', id: agencyId },
        action: published ? 'roster_page.published' : 'roster_page.unpublished',
        target: { type: 'agency', id: agencyId },
        changes: { roster_published: [before.roster_published, published] },
      });
    }
    await invalidateSharePages(tx, [`agency:${agencyId}`]);
  });
}
