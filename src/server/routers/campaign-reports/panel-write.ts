import type { z } from 'zod';
import type { OperationContext } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { CAMPAIGN_WRITE, done } from './schemas';

/**
 * A report panel's write that answers only that it is done (`{ ok: true }`): the campaign write
 * policy, the input schema, and the change.
 */
export function panelWrite<Input extends z.ZodType>(input: Input, write: (ctx: OperationContext, input: z.output<Input>) => Promise<unknown>) {
  return apiProcedure
    .meta({ access: CAMPAIGN_WRITE })
    .input(input)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await write(ctx, input as z.output<Input>);
      return { data: { ok: true as const } };
    });
}
