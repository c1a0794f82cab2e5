import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { linkInBioPageExample, linkInBioPageSchema } from './schemas';
import { createLinkInBioInput } from '../../services/link-in-bio-input';

export const createLinkInBioOutput = single(linkInBioPageSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const createLinkInBioExamples: OperationExamples = {
  request: {
    slug: 'ada-lovelace',
    username: 'ada',
    bio: 'Mathematician. Writing about engines.',
    social_links: [{ platform: 'instagram', handle_or_url: '@ada.lovelace' }],
    blocks: [{ client_id: 'newsletter', type: 'link', title: 'My newsletter', url: 'https://ada.example.com/newsletter' }],
  },
  status: 201,
  response: { data: linkInBioPageExample },
};

export const createLinkInBioContract = { input: createLinkInBioInput, output: createLinkInBioOutput, examples: createLinkInBioExamples };
