import { getOwnedMediaKit, mediaKitView, updateMediaKit as updateKit } from '../../services/media-kits';
import { patchIfMatch } from '../../trpc/conditional';
import { callActor } from '../../trpc/context';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { updateMediaKitExamples, updateMediaKitInput, updateMediaKitOutput } from './update.schema';

export const updateMediaKit = apiProcedure
  .meta(operation('PATCH /media-kits/{media_kit_id}', {
    tag: 'Media kits',
    summary: 'Update a media kit',
    description:
      'Updates the supplied profile and design fields (at least one); omitted fields stay unchanged and `null` clears an optional one. Choosing a `template` without theme, colors or sections adopts the template’s. Responds with the updated kit.',
    examples: updateMediaKitExamples,
    access: anySubject('media_kits:write'),
    errorStatuses: [400, 404],
  }))
  .input(updateMediaKitInput)
  .output(updateMediaKitOutput)
  .mutation(async ({ ctx, input }) => {
    const { media_kit_id: kitId, ...content } = input;
    return patchIfMatch(ctx, {
      load: () => getOwnedMediaKit(ctx.app.db, ctx.owner, kitId),
      view: (kit) => mediaKitView(kit, ctx.app.config.publicBaseUrl),
      output: updateMediaKitOutput,
      write: (expectedUpdatedAt) => updateKit(ctx.app, callActor(ctx), ctx.owner, kitId, content, { expectedUpdatedAt }),
    });
  });
