import type { OperationExamples } from '../../trpc/meta';
import { list, objectId, pageQuery } from '../shared/schemas';
import { mediaKitSchema } from './schemas';

export const listMediaKitsInput = pageQuery.extend({
  creator_id: objectId
    .meta({ description: 'Agency keys: only kits for this roster creator (an id not on the roster gives an empty list).' })
    .optional(),
});
export const listMediaKitsOutput = list(mediaKitSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
export const listMediaKitsExamples: OperationExamples = {
  request: { creator_id: '6b04481e1ba105ce15495131', limit: 25 },
  status: 200,
  response: {
    data: [
      {
        id: '6b0448221ba105ce1549513a',
        creator_id: '6b04481e1ba105ce15495131',
        owner_type: 'agency',
        owner_id: '6b04481c1ba105ce1549512c',
        is_default: false,
        name: 'Summer pitch',
        slug: 'summer-pitch-6080e56141',
        visibility: 'link',
        template: 'bold',
        headline: 'Travel & food stories',
        bio: null,
        contact_email: null,
        sections: ['about', 'socials', 'rates', 'contact'],
        theme: 'dark',
        accent_color: '#F43F5E',
        background_color: '#0B0B0F',
        picture_url: 'https://cdn.example.com/maya.jpg',
        cover_url: null,
        editor_url: 'https://app.creator-api.dev/editor/media-kits/6b0448221ba105ce1549513a',
        share_url: 'https://app.creator-api.dev/m/summer-pitch-6080e56141',
        created_at: '2026-11-23T14:05:22.058Z',
        updated_at: '2026-11-23T14:05:22.058Z',
      },
    ],
    meta: { next_cursor: 'eyJsIjoiU3U5V01FNkxwWnh0IiwiYSI6IjZiMDQ0ODIyMWJhMTA1Y2UxNTQ5NTEzYSJ9.iub8JVQHMkA3fJBHK-NOTl', limit: 1 },
  },
};
