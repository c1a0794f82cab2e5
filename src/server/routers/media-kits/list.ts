import { listOwnedMediaKits, mediaKitView } from '../../services/media-kits';
import { anySubject, operation } from '../../trpc/operation';
import { ownedListPage } from '../../trpc/owned-list';
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
    return ownedListPage(ctx, input, {
      scope: ['media-kits', input.creator_id ?? 'all'],
      fetch: (afterId, take) => listOwnedMediaKits(ctx.app.db, ctx.owner, { creatorId: input.creator_id }, afterId, take),
      view: (kit) => mediaKitView(kit, ctx.app.config.publicBaseUrl),
    });
  });
