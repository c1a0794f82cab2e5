import type { OperationExamples } from '../../trpc/meta';
import { list, objectId, pageQuery } from '../shared/schemas';
import { mediaKitSchema, summerPitchKitExample } from './schemas';

export const listMediaKitsInput = pageQuery.extend({
  creator_id: objectId
    .meta({ description: 'Agency keys: only kits for this roster creator (an id not on the roster gives an empty list).' })
    .optional(),
});
export const listMediaKitsOutput = list(mediaKitSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listMediaKitsExamples: OperationExamples = {
  request: { creator_id: '6b04481e1ba105ce15495131', limit: 25 },
  status: 200,
  response: {
    data: [
      summerPitchKitExample,
    ],
    meta: { next_cursor: 'eyJsIjoiU3U5V01FNkxwWnh0IiwiYSI6IjZiMDQ0ODIyMWJhMTA1Y2UxNTQ5NTEzYSJ9.iub8JVQHMkA3fJBHK-NOTl', limit: 1 },
  },
};

export const listMediaKitsContract = { input: listMediaKitsInput, output: listMediaKitsOutput, examples: listMediaKitsExamples };
