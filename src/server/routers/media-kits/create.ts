import { resolveTargetCreator } from '../../services/creators';
import { createMediaKit as createKit, mediaKitView } from '../../services/media-kits';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { createMediaKitExamples, createMediaKitInput, createMediaKitOutput } from './create.schema';

export const createMediaKit = apiProcedure
  .meta(operation('POST /media-kits/new', {
    tag: 'Media kits',
    summary: 'Create a named media kit',
    description:
      'Creates an additional (non-default) kit with a name and initial content; fields left out take the template’s defaults (template `classic` unless given). Responds 201 with the kit.',
    examples: createMediaKitExamples,
    access: anySubject('media_kits:write'),
    successStatus: [201],
    errorStatuses: [400, 404],
  }))
  .input(createMediaKitInput)
  .output(createMediaKitOutput)
  .mutation(async ({ ctx, input }) => {
    const { creator_id: creatorId, ...content } = input;
    const creator = await resolveTargetCreator(ctx.app.db, ctx.owner, creatorId, 'body.creator_id');
    const kit = await createKit(ctx.app, ctx.owner, creator.id, content);
    return { data: mediaKitView(kit, ctx.app.config.publicBaseUrl) };
  });
