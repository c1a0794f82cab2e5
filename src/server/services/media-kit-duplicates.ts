import type { Db } from '../db/database';
import type { Owner } from '../domain/owner';
import { newObjectId } from '../lib/object-id';
import { getOwnedMediaKit, mediaKitSlug } from './media-kits';
import type { MediaKit as MediaKitRow } from '../../generated/prisma/client';

export const MAX_KIT_NAME_LENGTH = 100;

/** `Spring rates` → `Spring rates (copy)`, cut to fit the name limit. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, MAX_KIT_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
}

/**
 * A new, non-default kit for the same creator and owner with the original's content and design.
 * The copy gets its own id, slug (so its own share URL) and timestamps. Fields are copied one by
 * one on purpose: anything secret or per-share a kit may carry (a viewer password, view counts)
 * stays behind, and a column added later is not copied until someone decides it should be.
 */
export async function duplicateMediaKit(db: Db, owner: Owner, kitId: string, options: { name?: string } = {}): Promise<MediaKitRow> {
  const source = await getOwnedMediaKit(db, owner, kitId);
  const name = options.name ?? copyName(source.name);
  return db.mediaKit.create({
    data: {
      id: newObjectId(),
      creatorId: source.creatorId,
      ownerType: source.ownerType,
      ownerId: source.ownerId,
      defaultKey: null,
      name,
      slug: mediaKitSlug(name),
      visibility: source.visibility,
      templateId: source.templateId,
      headline: source.headline,
      bio: source.bio,
      contactEmail: source.contactEmail,
      sectionsShown: source.sectionsShown,
      theme: source.theme,
      accentColor: source.accentColor,
      backgroundColor: source.backgroundColor,
      pictureUrl: source.pictureUrl,
      coverUrl: source.coverUrl,
    },
  });
}
