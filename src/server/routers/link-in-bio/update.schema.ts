import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { bioField, linkInBioPageExample, linkInBioPageSchema, pageBlocksOnUpdate, pageDesignShape, slugField, socialLinksField, usernameField } from './schemas';

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

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
export const updateLinkInBioExamples: OperationExamples = {
  request: { bio: 'Mathematician and writer.', blocks: [{ client_id: 'talks', type: 'title', title: 'Talks' }] },
  status: 200,
  response: {
    data: {
      ...linkInBioPageExample,
      bio: 'Mathematician and writer.',
      blocks: [
        {
          id: '6b0448221ba105ce1549513c',
          client_id: 'newsletter',
          type: 'link',
          title: 'My newsletter',
          url: 'https://ada.example.com/newsletter',
          media_url: null,
          visible: true,
          order: 0,
          created_at: '2026-11-23T14:05:22.609Z',
          updated_at: '2026-11-23T14:05:22.609Z',
        },
        {
          id: '6b0448231ba105ce1549513d',
          client_id: 'talks',
          type: 'title',
          title: 'Talks',
          url: null,
          media_url: null,
          visible: true,
          order: 1,
          created_at: '2026-11-23T14:05:23.102Z',
          updated_at: '2026-11-23T14:05:23.102Z',
        },
      ],
      updated_at: '2026-11-23T14:05:23.104Z',
    },
  },
};
