import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { deckExample, deckSchema } from './schemas';

export const getDeckInput = z.strictObject({ deck_id: objectId.meta({ description: 'The deck’s id.' }) });
export const getDeckOutput = single(deckSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getDeckExamples: OperationExamples = { request: { deck_id: '6b0448251ba105ce15495140' }, status: 200, response: { data: deckExample } };

export const getDeckContract = { input: getDeckInput, output: getDeckOutput, examples: getDeckExamples };
