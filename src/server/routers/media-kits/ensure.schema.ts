import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { mediaKitExample, mediaKitSchema } from './schemas';

export const ensureMediaKitInput = z
  .strictObject({
    creator_id: objectId.meta({ description: 'Required with an agency key (a roster creator); omit with a creator key.' }).optional(),
  })
  .optional();

export const ensureMediaKitOutput = single(
  z
    .object({
      created: z.boolean().meta({ description: 'true when this call created the default kit (201), false when it already existed (200).' }),
      media_kit: mediaKitSchema.meta({ description: 'The default kit, new or existing.' }),
    })
    .meta({ id: 'MediaKitEnsureResult' }),
);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const ensureMediaKitExamples: OperationExamples = {
  request: { creator_id: '6b04481e1ba105ce15495131' },
  status: 200,
  response: { data: { created: false, media_kit: mediaKitExample } },
};

export const ensureMediaKitContract = { input: ensureMediaKitInput, output: ensureMediaKitOutput, examples: ensureMediaKitExamples };
