import { resolveTargetCreator } from '../../services/creators';
import { createMediaKit as createKit, mediaKitView } from '../../services/media-kits';
import { createMediaKitContract } from './create.schema';
import { mediaKitsSection } from '../sections';

export const createMediaKit = mediaKitsSection.operation('POST /media-kits/new', createMediaKitContract, {
  summary: 'Create a named media kit',
  description:
    'Creates an additional (non-default) kit with a name and initial content; fields left out take the template’s defaults (template `classic` unless given). Responds 201 with the kit.',
  successStatus: [201],
  errorStatuses: [404],
}).mutation(async ({ ctx, input }) => {
  const { creator_id: creatorId, ...content } = input;
  const creator = await resolveTargetCreator(ctx.app.db, ctx.owner, creatorId, 'body.creator_id');
  const kit = await createKit(ctx.app, ctx.owner, creator.id, content);
  return { data: mediaKitView(kit, ctx.app.config.publicBaseUrl) };
});
