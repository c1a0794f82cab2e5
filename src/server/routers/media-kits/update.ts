import { getOwnedMediaKit, mediaKitView, updateMediaKit as updateKit } from '../../services/media-kits';
import { patchIfMatch } from '../../trpc/conditional';
import { callActor } from '../../trpc/context';
import { updateMediaKitContract, updateMediaKitOutput } from './update.schema';
import { mediaKitsSection } from '../sections';

export const updateMediaKit = mediaKitsSection.operation('PATCH /media-kits/{media_kit_id}', updateMediaKitContract, {
  summary: 'Update a media kit',
  description:
    'Updates the supplied profile and design fields (at least one); omitted fields stay unchanged and `null` clears an optional one. Choosing a `template` without theme, colors or sections adopts the template’s. Responds with the updated kit.',
}).mutation(async ({ ctx, input }) => {
  const { media_kit_id: kitId, ...content } = input;
  return patchIfMatch(ctx, {
    load: () => getOwnedMediaKit(ctx.app.db, ctx.owner, kitId),
    view: (kit) => mediaKitView(kit, ctx.app.config.publicBaseUrl),
    output: updateMediaKitOutput,
    write: (expectedUpdatedAt) => updateKit(ctx.app, callActor(ctx), ctx.owner, kitId, content, { expectedUpdatedAt }),
  });
});
