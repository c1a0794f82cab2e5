import type { Db } from '../db/database';
import type { Owner } from '../domain/owner';
import { fieldError } from '../domain/errors';
import { canonicalPlatform, type SocialPlatformInput } from '../lib/social-identity';
import { assertCreatorVisible } from './creators';
import type { SocialAccount } from '../../generated/prisma/client';
import { keysetWindow } from '../domain/pagination';

/**
 * Which creator's socials a request means: agency keys must name a roster creator, creator keys
 * are themselves (naming another creator is a 404, as for any resource they cannot see).
 */
export async function resolveSocialsCreator(db: Db, reader: Owner, creatorId: string | undefined): Promise<string> {
  if (reader.type === 'agency' && !creatorId) {
    throw fieldError('query.creator_id', 'creator_id is required with an agency key: name the roster creator whose socials to list.', 'required');
  }
  const target = creatorId ?? reader.id;
  await assertCreatorVisible(db, reader, target);
  return target;
}

/** `twitter` and `x` filter the same accounts: both are stored as platform `x`. */
export async function listSocials(
  db: Db,
  creatorId: string,
  platform: SocialPlatformInput | undefined,
  afterId: string | undefined,
  take: number,
): Promise<SocialAccount[]> {
  return db.socialAccount.findMany(keysetWindow({ creatorId, ...(platform ? { platform: canonicalPlatform(platform) } : {}) }, afterId, take));
}
