import { rollApiKey } from '../../services/api-keys';
import { callActor } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { rollApiKeyInput, rollApiKeyOutput } from './roll.schema';

/** A new secret with the same scopes; the old one keeps working for the chosen grace period. */
export const rollApiKeyProcedure = apiProcedure
  .meta({ access: { agency: 'api_keys:write', creator: 'api_keys:write' } })
  .input(rollApiKeyInput)
  .output(rollApiKeyOutput)
  .mutation(async ({ ctx, input }) => ({ data: await rollApiKey(ctx.app.db, callActor(ctx), input.key_id, input.grace, { subject: ctx.owner }) }));
