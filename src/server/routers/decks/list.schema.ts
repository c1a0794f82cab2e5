import { list, onlyPageExamples, pageQuery } from '../shared/schemas';
import { deckExample, deckSchema } from './schemas';

export const listDecksInput = pageQuery;
export const listDecksOutput = list(deckSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listDecksExamples = onlyPageExamples({ limit: 25 }, deckExample);

export const listDecksContract = { input: listDecksInput, output: listDecksOutput, examples: listDecksExamples };
