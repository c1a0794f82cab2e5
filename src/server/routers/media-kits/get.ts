import { getOwnedMediaKit, mediaKitView } from '../../services/media-kits';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getMediaKitExamples, getMediaKitInput, getMediaKitOutput } from './get.schema';

export const getMediaKit = apiProcedure
  .meta(operation('GET /media-kits/{media_kit_id}', {
    tag: 'Media kits',
    summary: 'Retrieve a media kit',
    description: 'Strictly owned: a kit owned by anyone else is 404.',
    examples: getMediaKitExamples,
    access: anySubject('media_kits:read'),
    errorStatuses: [400, 404],
  }))
  .input(getMediaKitInput)
  .output(getMediaKitOutput)
  .query(async ({ ctx, input }) => {
    return { data: mediaKitView(await getOwnedMediaKit(ctx.app.db, ctx.owner, input.media_kit_id), ctx.app.config.publicBaseUrl) };
  });
