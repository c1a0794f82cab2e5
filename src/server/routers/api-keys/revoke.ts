import { revokeApiKey } from '../../services/api-keys';
import { callActor } from '../../trpc/context';
import { anySubject } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { revokeApiKeyInput, revokeApiKeyOutput } from './revoke.schema';

/** Revokes one of the subject's keys (another account's key id is not found). */
export const revokeApiKeyProcedure = apiProcedure
  .meta({ access: anySubject('api_keys:write') })
  .input(revokeApiKeyInput)
  .output(revokeApiKeyOutput)
  .mutation(async ({ ctx, input }) => ({ data: await revokeApiKey(ctx.app.db, callActor(ctx), input.key_id, { subject: ctx.owner }) }));
