import { duplicateMediaKit as duplicateKit } from '../../services/media-kit-duplicates';
import { mediaKitView } from '../../services/media-kits';
import { duplicateMediaKitContract } from './duplicate.schema';
import { mediaKitsSection } from '../sections';

export const duplicateMediaKit = mediaKitsSection.operation('POST /media-kits/{media_kit_id}/duplicate', duplicateMediaKitContract, {
  summary: 'Duplicate a media kit',
  description: [
    'Copies one of your media kits — same creator, template, design, sections and profile content — into a new, non-default kit and answers **201** with it.',
    'The copy has its own id, a new random `slug` (so its own `share_url`) and new timestamps; it is never the default kit. Secrets are not copied: a viewer password or anything else that protects the original stays with the original. Name it with `name`, or it is called “<original name> (copy)”.',
    'Each call makes another copy. A kit owned by anyone else is **404**.',
  ].join('\n\n'),
  successStatus: [201],
}).mutation(async ({ ctx, input }) => {
  const kit = await duplicateKit(ctx.app.db, ctx.owner, input.media_kit_id, { name: input.name });
  ctx.response.headers.Location = `${ctx.app.config.publicBaseUrl}/public/v1/media-kits/${kit.id}`;
  return { data: mediaKitView(kit, ctx.app.config.publicBaseUrl) };
});
