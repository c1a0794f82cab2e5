import { creatorView } from '../../services/creator-view';
import { updateCreatorProfile } from '../../services/creator-profile';
import { anySubject } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { updateCreatorProfileInput, updateCreatorProfileOutput } from './update.schema';

/**
 * Saves a creator's profile (the profile editor). Internal: no REST route, no MCP tool — over the API
 * the profile is read-only (GET /creators/{id}). `profile:write` is a session-only permission: agencies
 * edit the creators on their roster, a creator edits itself.
 */
export const updateCreatorProfileProcedure = apiProcedure
  .meta({ access: anySubject('profile:write') })
  .input(updateCreatorProfileInput)
  .output(updateCreatorProfileOutput)
  .mutation(async ({ ctx, input }) => {
    const { creator_id: creatorId, ...profile } = input;
    const saved = await updateCreatorProfile(ctx.app.db, ctx.owner, creatorId, profile);
    return { data: { ...creatorView(saved.creator), rates: saved.rates, brands: saved.brands } };
  });
