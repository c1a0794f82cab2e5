import type { z } from 'zod';
import { list, onlyPageExamples, pageQuery } from '../shared/schemas';
import { creatorExample, creatorSchema } from './schemas';

export const listCreatorsInput = pageQuery;
export const listCreatorsOutput = list(creatorSchema);
/** One listed creator as the output schema takes it. */
export type CreatorOutput = z.input<typeof creatorSchema>;

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listCreatorsExamples = onlyPageExamples({ limit: 25 }, creatorExample);

export const listCreatorsContract = { input: listCreatorsInput, output: listCreatorsOutput, examples: listCreatorsExamples };
