import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { bioField, linkInBioPageSchema, optionalPageDesignShape, pageBlocksOnUpdate, slugField, socialLinksField, updatedLinkInBioPageExample, usernameField } from './schemas';

/** At least one property; omitted fields and blocks stay as they are. */
export const updateLinkInBioInput = z
  .strictObject({
    slug: slugField.optional(),
    username: usernameField.optional(),
    bio: bioField.nullable().optional().meta({ description: 'Up to 300 characters; null clears it.' }),
    social_links: socialLinksField.optional(),
    ...optionalPageDesignShape,
    blocks: pageBlocksOnUpdate.optional(),
  })
  .meta({ id: 'LinkInBioPageUpdate' });

export const updateLinkInBioOutput = single(linkInBioPageSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const updateLinkInBioExamples: OperationExamples = {
  request: { bio: 'Mathematician and writer.', blocks: [{ client_id: 'talks', type: 'title', title: 'Talks' }] },
  status: 200,
  response: { data: updatedLinkInBioPageExample },
};

export const updateLinkInBioContract = { input: updateLinkInBioInput, output: updateLinkInBioOutput, examples: updateLinkInBioExamples };
