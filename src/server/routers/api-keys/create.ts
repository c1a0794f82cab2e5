import { createApiKey } from '../../services/api-keys';
import { callActor } from '../../trpc/context';
import { anySubject } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { createApiKeyInput, createApiKeyOutput } from './create.schema';

/** A new key for the signed-in person's agency or creator; the secret is in this answer only. */
export const createApiKeyProcedure = apiProcedure
  .meta({ access: anySubject('api_keys:write') })
  .input(createApiKeyInput)
  .output(createApiKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const created = await createApiKey(ctx.app.db, {
      subject: ctx.owner,
      userId: ctx.principal.userId,
      actor: callActor(ctx),
      name: input.name,
      scopes: input.scopes,
      expiresAt: input.expires_in_days === null ? null : new Date(Date.now() + input.expires_in_days * 86_400_000),
    });
    return { data: created };
  });
