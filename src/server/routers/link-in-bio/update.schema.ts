import { z } from 'zod';
import { single } from '../shared/schemas';
import { bioField, linkInBioPageSchema, pageDesignShape, pageBlocksOnUpdate, slugField, socialLinksField, usernameField } from './schemas';

/** At least one property; omitted fields and blocks stay as they are. */
export const updateLinkInBioInput = z
  .strictObject({
    slug: slugField.optional(),
    username: usernameField.optional(),
    bio: bioField.nullable().optional().meta({ description: 'Up to 300 characters; null clears it.' }),
    social_links: socialLinksField.optional(),
    theme: pageDesignShape.theme.optional(),
    button_style: pageDesignShape.button_style.optional(),
    accent_color: pageDesignShape.accent_color.optional(),
    background_color: pageDesignShape.background_color.optional(),
    picture_url: pageDesignShape.picture_url.optional(),
    blocks: pageBlocksOnUpdate.optional(),
  })
  .meta({ id: 'LinkInBioPageUpdate' });

export const updateLinkInBioOutput = single(linkInBioPageSchema);
