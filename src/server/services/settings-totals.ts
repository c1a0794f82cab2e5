import type { Db } from '../db/database';
import type { Owner } from '../domain/owner';

/** How many media kits, decks and campaigns a subject has: the settings overview's "See all N" links. */
export async function settingsTotals(db: Db, owner: Owner): Promise<{ mediaKits: number; decks: number; campaigns: number }> {
  const mine = { ownerType: owner.type, ownerId: owner.id };
  const [mediaKits, decks, campaigns] = await Promise.all([
    db.mediaKit.count({ where: mine }),
    owner.type === 'agency' ? db.deck.count({ where: { agencyId: owner.id } }) : Promise.resolve(0),
    db.campaign.count({ where: mine }),
  ]);
  return { mediaKits, decks, campaigns };
}
