import { renameApiKey } from '../../services/api-keys';
import { callActor } from '../../trpc/context';
import { anySubject } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { renameApiKeyInput, renameApiKeyOutput } from './rename.schema';

export const renameApiKeyProcedure = apiProcedure
  .meta({ access: anySubject('api_keys:write') })
  .input(renameApiKeyInput)
  .output(renameApiKeyOutput)
  .mutation(async ({ ctx, input }) => ({ data: await renameApiKey(ctx.app.db, callActor(ctx), input.key_id, input.name, { subject: ctx.owner }) }));
