import type { z } from 'zod';
import type { ApiMeta, OperationExamples } from './meta';
import { operation, type OperationDoc, type Route } from './operation';
import { apiProcedure } from './procedures';

/** What an operation takes and answers, with its request and response examples: its `<operation>.schema.ts` exports it as one. */
export interface OperationContract<Input extends z.ZodType, Output extends z.ZodType> {
  input: Input;
  output: Output;
  examples: OperationExamples;
}

type Access = NonNullable<ApiMeta['access']>;

/**
 * A section of the OpenAPI document (its tag, listed with a description) and the definer of the public
 * operations in it. Each operation names its route, its contract, its doc and the rest of its policy;
 * it carries the section's name as its tag, and the section's access — `read` for a GET, `write` for
 * any other method — unless it declares its own. Its `errorStatuses` are only its own: 404 comes with
 * a path parameter (an id that is not the caller's), and the gateway's (400 among them) with every
 * operation (trpc/statuses.ts).
 */
export function section(name: string, description: string, access: { read: Access; write?: Access }) {
  return {
    tag: { name, description },
    operation<Input extends z.ZodType, Output extends z.ZodType>(
      route: Route,
      contract: OperationContract<Input, Output>,
      meta: Omit<OperationDoc, 'tag' | 'examples'> & Omit<ApiMeta, 'openapi' | 'examples'>,
    ) {
      const sectionAccess = route.startsWith('GET ') ? access.read : access.write;
      if (!meta.access && !sectionAccess) throw new Error(`${route}: section ${name} has no write access; declare the operation's own`);
      const errorStatuses = [...(route.includes('{') ? [404] : []), ...(meta.errorStatuses ?? [])];
      return apiProcedure
        .meta(operation(route, { tag: name, examples: contract.examples, access: sectionAccess, ...meta, ...(errorStatuses.length > 0 && { errorStatuses }) }))
        .input(contract.input)
        .output(contract.output);
    },
  };
}
