import { keysetPage } from '../../domain/pagination';
import { listOwnedMediaKits, mediaKitView } from '../../services/media-kits';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { listMediaKitsExamples, listMediaKitsInput, listMediaKitsOutput } from './list.schema';

export const listMediaKits = apiProcedure
  .meta(operation('GET /media-kits', {
    tag: 'Media kits',
    summary: 'List media kits',
    description:
      'Kits the caller owns, newest first. `creator_id` narrows an agency’s list to one roster creator; for creator keys every kit is their own, so the filter only matches their own id.',
    examples: listMediaKitsExamples,
    access: anySubject('media_kits:read'),
    errorStatuses: [400],
  }))
  .input(listMediaKitsInput)
  .output(listMediaKitsOutput)
  .query(async ({ ctx, input }) => {
    const listKey = `media-kits:${ctx.owner.type}:${ctx.owner.id}:${input.creator_id ?? 'all'}`;
    const page = await keysetPage(ctx.app.cursors, listKey, input, (afterId, take) =>
      listOwnedMediaKits(ctx.app.db, ctx.owner, { creatorId: input.creator_id }, afterId, take),
    );
    return { data: page.items.map((kit) => mediaKitView(kit, ctx.app.config.publicBaseUrl)), meta: page.meta };
  });
