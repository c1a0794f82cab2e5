import { listOwnedMediaKits, mediaKitView } from '../../services/media-kits';
import { ownedListPage } from '../../trpc/owned-list';
import { listMediaKitsContract } from './list.schema';
import { mediaKitsSection } from '../sections';

export const listMediaKits = mediaKitsSection.operation('GET /media-kits', listMediaKitsContract, {
  summary: 'List media kits',
  description:
    'Kits the caller owns, newest first. `creator_id` narrows an agency’s list to one roster creator; for creator keys every kit is their own, so the filter only matches their own id.',
}).query(async ({ ctx, input }) => {
  return ownedListPage(ctx, input, {
    scope: ['media-kits', input.creator_id ?? 'all'],
    fetch: (afterId, take) => listOwnedMediaKits(ctx.app.db, ctx.owner, { creatorId: input.creator_id }, afterId, take),
    view: (kit) => mediaKitView(kit, ctx.app.config.publicBaseUrl),
  });
});
