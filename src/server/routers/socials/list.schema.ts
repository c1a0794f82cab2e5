import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { SOCIAL_PLATFORMS } from '../../lib/social-identity';
import { socialSchema, tiktokSocialExample } from '../creators/schemas';
import { list, objectId, pageQuery } from '../shared/schemas';

export const listSocialsInput = pageQuery.extend({
  creator_id: objectId.meta({ description: 'Required with an agency key (a roster creator); inferred with a creator key.' }).optional(),
  platform: z.enum(SOCIAL_PLATFORMS).meta({ description: '`twitter` and `x` select the same accounts, returned with platform `x`.' }).optional(),
});
export const listSocialsOutput = list(socialSchema, { creator_id: objectId.meta({ description: 'The creator whose accounts are listed.' }) });

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listSocialsProcedureExamples: OperationExamples = {
  request: { creator_id: '6b04481e1ba105ce15495131', limit: 25 },
  status: 200,
  response: {
    data: [
      tiktokSocialExample,
    ],
    meta: { next_cursor: null, limit: 25, creator_id: '6b04481e1ba105ce15495131' },
  },
};

export const listSocialsProcedureContract = { input: listSocialsInput, output: listSocialsOutput, examples: listSocialsProcedureExamples };
