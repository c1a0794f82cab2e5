import { z } from 'zod';
import { single } from '../shared/schemas';
import { bioField, linkInBioPageSchema, pageBlocksOnCreate, slugField, socialLinksField, usernameField } from './schemas';

export const createLinkInBioInput = z
  .strictObject({
    slug: slugField,
    username: usernameField,
    bio: bioField.optional(),
    social_links: socialLinksField.optional(),
    blocks: pageBlocksOnCreate.optional(),
  })
  .meta({ id: 'LinkInBioPageCreate' });

export const createLinkInBioOutput = single(linkInBioPageSchema);
