import { z } from 'zod';
import { single } from '../shared/schemas';
import { bioField, linkInBioPageSchema, pageBlocksOnUpdate, slugField, socialLinksField, usernameField } from './schemas';

/** At least one property; omitted fields and blocks stay as they are. */
export const updateLinkInBioInput = z
  .strictObject({
    slug: slugField.optional(),
    username: usernameField.optional(),
    bio: bioField.nullable().optional().meta({ description: 'Up to 300 characters; null clears it.' }),
    social_links: socialLinksField.optional(),
    blocks: pageBlocksOnUpdate.optional(),
  })
  .meta({ id: 'LinkInBioPageUpdate' });

export const updateLinkInBioOutput = single(linkInBioPageSchema);
