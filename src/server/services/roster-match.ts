import type { Db } from '../db/database';
import type { NormalizedSocial } from '../lib/social-identity';
import { firstOfEachAccount } from './creator-input';

/**
 * The one rule for matching a creator on an agency's roster, used by POST /creators
 * (services/creators.ts), an import's chunk step (creator-imports.ts) and a preview's
 * classification (creator-import-previews.ts), so the three always agree:
 * - a creator is matched by its social identities (`instagram:ada`), never by name or email;
 * - a row's identities are taken once each (the same identity twice counts once);
 * - no identity on the roster → new; all known identities on one roster creator → that creator;
 *   identities on two or more roster creators → a conflict naming them (409 or a failed row).
 * And the one case-insensitive de-dupe for a creator's tags (the first spelling wins).
 */

/** Each identity once, first occurrence kept: the input schema's own rule (creator-input.ts). */
export function uniqueSocials<T extends Pick<NormalizedSocial, 'identity'>>(socials: readonly T[] = []): T[] {
  return firstOfEachAccount(socials);
}

export interface RosterSocial {
  id: string;
  creatorId: string;
  identity: string;
}

/** The roster's social accounts among `identities` (one query; none when there are none). */
export async function rosterSocialsFor(db: Db, agencyId: string, identities: readonly string[]): Promise<RosterSocial[]> {
  const unique = [...new Set(identities)];
  if (unique.length === 0) return [];
  return db.socialAccount.findMany({ where: { rosterAgencyId: agencyId, identity: { in: unique } }, select: { id: true, creatorId: true, identity: true } });
}

export type RosterMatch = { kind: 'new' } | { kind: 'existing'; owner: string } | { kind: 'conflict'; owners: string[] };

/**
 * How one creator's socials match, given who owns each known identity (`ownerOf`: identity → a
 * roster creator id, or any other owner token a caller tracks, such as an earlier row).
 */
export function matchOnRoster(socials: readonly Pick<NormalizedSocial, 'identity'>[], ownerOf: ReadonlyMap<string, string>): RosterMatch {
  const owners = [...new Set(socials.map((s) => ownerOf.get(s.identity)).filter((owner): owner is string => owner !== undefined))];
  if (owners.length === 0) return { kind: 'new' };
  if (owners.length === 1) return { kind: 'existing', owner: owners[0]! };
  return { kind: 'conflict', owners };
}

/** The words a conflict is reported with, the same in an import's row errors and a preview's. */
export function conflictMessage(owners: readonly string[]): string {
  return `The socials belong to ${owners.length} different roster creators (${owners.join(', ')}).`;
}
