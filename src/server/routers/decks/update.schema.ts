import { z } from 'zod';
import { objectId, patchExamples, single } from '../shared/schemas';
import { deckExample, deckFieldsShape, deckSchema } from './schemas';

/** At least one property; omitted fields stay as they are; null clears an optional field. */
export const updateDeckInput = z.strictObject(deckFieldsShape).partial().extend({ deck_id: objectId.meta({ description: 'The deck’s id.' }) });
export const updateDeckOutput = single(deckSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const updateDeckExamples = patchExamples(
  { deck_id: '6b0448251ba105ce15495140' },
  deckExample,
  { title: 'Spring Roster 2026 (updated)', visibility: 'private' },
  '2026-11-23T14:05:25.611Z',
);

export const updateDeckContract = { input: updateDeckInput, output: updateDeckOutput, examples: updateDeckExamples };
