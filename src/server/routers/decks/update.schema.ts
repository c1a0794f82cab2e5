import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { deckExample, deckFieldsShape, deckSchema } from './schemas';

/** At least one property; omitted fields stay as they are; null clears an optional field. */
export const updateDeckInput = z.strictObject(deckFieldsShape).partial().extend({ deck_id: objectId.meta({ description: 'The deck’s id.' }) });
export const updateDeckOutput = single(deckSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
export const updateDeckExamples: OperationExamples = {
  request: { deck_id: '6b0448251ba105ce15495140', title: 'Spring Roster 2026 (updated)', visibility: 'private' },
  status: 200,
  response: {
    data: { ...deckExample, title: 'Spring Roster 2026 (updated)', visibility: 'private', updated_at: '2026-11-23T14:05:25.611Z' },
  },
};
