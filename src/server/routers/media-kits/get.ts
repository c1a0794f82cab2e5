import { getOwnedMediaKit, mediaKitView } from '../../services/media-kits';
import { getMediaKitContract } from './get.schema';
import { mediaKitsSection } from '../sections';

export const getMediaKit = mediaKitsSection.operation('GET /media-kits/{media_kit_id}', getMediaKitContract, {
  summary: 'Retrieve a media kit',
  description: 'Strictly owned: a kit owned by anyone else is 404.',
}).query(async ({ ctx, input }) => {
  return { data: mediaKitView(await getOwnedMediaKit(ctx.app.db, ctx.owner, input.media_kit_id), ctx.app.config.publicBaseUrl) };
});
