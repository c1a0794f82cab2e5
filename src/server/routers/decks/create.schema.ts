import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { deckExample, deckSchema } from './schemas';
import { createDeckInput } from '../../services/deck-input';

export const createDeckOutput = single(deckSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const createDeckExamples: OperationExamples = {
  request: {
    title: 'Spring Roster 2026',
    bio: 'Food and travel creators for spring launches.',
    creator_ids: ['6b04481e1ba105ce15495131'],
    tags: ['food', 'travel'],
    theme: 'light',
    cta: 'bookACall',
    contact_email: 'bookings@northwind.example',
  },
  status: 201,
  response: { data: deckExample },
};

export const createDeckContract = { input: createDeckInput, output: createDeckOutput, examples: createDeckExamples };
