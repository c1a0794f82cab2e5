import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { mediaKitExample, mediaKitSchema } from '../media-kits/schemas';
import { single } from '../shared/schemas';
import { creatorExample, creatorInputSchema, creatorSchema } from './schemas';

export const createCreatorInput = creatorInputSchema;

export const createCreatorOutput = single(
  z
    .object({
      created: z.boolean().meta({ description: 'true: a new roster creator (201); false: an existing one matched by a social identity (200).' }),
      creator: creatorSchema.meta({ description: 'The roster creator, new or matched.' }),
      media_kit: mediaKitSchema.meta({ description: "The agency's default media kit for this creator." }),
    })
    .meta({ id: 'CreatorCreateResult' }),
);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const createCreatorExamples: OperationExamples = {
  request: {
    display_name: 'Maya Chen',
    email: 'maya@example.com',
    country: 'US',
    languages: ['en', 'zh'],
    tags: ['travel', 'food'],
    socials: [
      { platform: 'instagram', handle_or_url: '@maya.eats' },
      { platform: 'tiktok', handle_or_url: 'https://www.tiktok.com/@mayaeats' },
    ],
  },
  status: 201,
  response: { data: { created: true, creator: creatorExample, media_kit: mediaKitExample } },
};

export const createCreatorContract = { input: createCreatorInput, output: createCreatorOutput, examples: createCreatorExamples };
