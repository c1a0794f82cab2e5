import type { Db } from '../db/database';
import { ownedBy, type Owner } from '../domain/owner';

/** How many media kits, decks and campaigns a subject has: the settings overview's "See all N" links. */
export async function settingsTotals(db: Db, owner: Owner): Promise<{ mediaKits: number; decks: number; campaigns: number }> {
  const mine = ownedBy(owner);
  const [mediaKits, decks, campaigns] = await Promise.all([
    db.mediaKit.count({ where: mine }),
    owner.type === 'agency' ? db.deck.count({ where: { agencyId: owner.id } }) : Promise.resolve(0),
    db.campaign.count({ where: mine }),
  ]);
  return { mediaKits, decks, campaigns };
}
