import { rollApiKey } from '../../services/api-keys';
import { callActor } from '../../trpc/context';
import { anySubject } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { rollApiKeyInput, rollApiKeyOutput } from './roll.schema';

/** A new secret with the same scopes; the old one keeps working for the chosen grace period. */
export const rollApiKeyProcedure = apiProcedure
  .meta({ access: anySubject('api_keys:write') })
  .input(rollApiKeyInput)
  .output(rollApiKeyOutput)
  .mutation(async ({ ctx, input }) => ({ data: await rollApiKey(ctx.app.db, callActor(ctx), input.key_id, input.grace, { subject: ctx.owner }) }));
