import { resolveTargetCreator } from '../../services/creators';
import { ensureDefaultMediaKit, mediaKitView } from '../../services/media-kits';
import { ensureMediaKitContract } from './ensure.schema';
import { mediaKitsSection } from '../sections';

export const ensureMediaKit = mediaKitsSection.operation('POST /media-kits', ensureMediaKitContract, {
  summary: 'Ensure the default media kit',
  description:
    'Returns the caller’s default media kit for a creator, creating it when missing (201) or returning the existing one (200). Idempotent, also under concurrent calls. Agency keys pass the `creator_id` of a roster creator; creator keys omit it.',
  // Ensures the one default kit: repeating it returns the same kit.
  toolHints: { idempotent: true },
  successStatus: [201, 200],
  etag: false,
  errorStatuses: [404, 409],
}).mutation(async ({ ctx, input }) => {
  const creator = await resolveTargetCreator(ctx.app.db, ctx.owner, input?.creator_id, 'body.creator_id');
  const { created, kit } = await ensureDefaultMediaKit(ctx.app, ctx.owner, creator);
  ctx.response.status = created ? 201 : 200;
  return { data: { created, media_kit: mediaKitView(kit, ctx.app.config.publicBaseUrl) } };
});
