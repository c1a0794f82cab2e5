import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { linkInBioPageExample, linkInBioPageSchema } from './schemas';

export const getLinkInBioInput = z.void();
export const getLinkInBioOutput = single(linkInBioPageSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getLinkInBioExamples: OperationExamples = { status: 200, response: { data: linkInBioPageExample } };

export const getLinkInBioContract = { input: getLinkInBioInput, output: getLinkInBioOutput, examples: getLinkInBioExamples };
