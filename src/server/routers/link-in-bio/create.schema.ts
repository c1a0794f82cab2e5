import { z } from 'zod';
import { single } from '../shared/schemas';
import { bioField, linkInBioPageSchema, pageDesignShape, pageBlocksOnCreate, slugField, socialLinksField, usernameField } from './schemas';

export const createLinkInBioInput = z
  .strictObject({
    slug: slugField,
    username: usernameField,
    bio: bioField.optional(),
    social_links: socialLinksField.optional(),
    theme: pageDesignShape.theme.optional(),
    button_style: pageDesignShape.button_style.optional(),
    accent_color: pageDesignShape.accent_color.optional(),
    background_color: pageDesignShape.background_color.optional(),
    picture_url: pageDesignShape.picture_url.optional(),
    blocks: pageBlocksOnCreate.optional(),
  })
  .meta({ id: 'LinkInBioPageCreate' });

export const createLinkInBioOutput = single(linkInBioPageSchema);
