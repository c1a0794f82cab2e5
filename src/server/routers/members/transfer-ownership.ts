import { transferOwnership } from '../../services/members';
import { callActor } from '../../trpc/context';
import { apiProcedure } from '../../trpc/procedures';
import { transferOwnershipInput, transferOwnershipOutput } from './transfer-ownership.schema';

/** Makes another member the owner; the previous owner stays on as an admin. Owners only. */
export const transferOwnershipProcedure = apiProcedure
  .meta({ access: { agency: 'ownership:write' } })
  .input(transferOwnershipInput)
  .output(transferOwnershipOutput)
  .mutation(async ({ ctx, input }) => ({ data: await transferOwnership(ctx.app.db, callActor(ctx), ctx.owner.id, input.user_id) }));
