import { linkInBioPageView } from '../../services/link-in-bio-view';
import { saveLinkInBioBlock } from '../../services/link-in-bio';
import { saveLinkInBioBlockProcedureContract } from './save-block.schema';
import { linkInBioSection } from '../sections';

export const saveLinkInBioBlockProcedure = linkInBioSection.operation('POST /link-in-bio/blocks', saveLinkInBioBlockProcedureContract, {
  summary: 'Create or edit one block',
  description: [
    'Give exactly one of `block_id` (edit that block: supplied fields change, `type` must match it) or `client_id` (create a block). `type` is required: `link`, `title`, `text` or `image`.',
    'Creating is retry-safe: a `client_id` the page already has returns that block unchanged (**200**, `meta.created: false`) instead of a duplicate, also under concurrent retries; a new block is **201**. An edit is **200**.',
    'Media URLs (`media_url`: an image block’s image, a link’s thumbnail) must be **https**; `url` must be an absolute http(s) URL. Uploads are not supported. A `block_id` that is not a block of your page → **404**; no page yet → **404**; a 201st block → **409**.',
    'Responds with the whole page; `meta.block_id` names the block.',
  ].join('\n\n'),
  // A block_id edit sets the same values again; a client_id create returns the existing block.
  toolHints: { idempotent: true },
  successStatus: [201, 200],
  errorStatuses: [404, 409],
}).mutation(async ({ ctx, input }) => {
  const { block_id: blockId, client_id: clientId, ...fields } = input;
  const change = blockId !== undefined ? { id: blockId, ...fields } : { client_id: clientId!, ...fields };
  const result = await saveLinkInBioBlock(ctx.app, ctx.owner.id, change);
  ctx.response.status = result.created ? 201 : 200;
  return { data: linkInBioPageView(result.page, ctx.app.config.publicBaseUrl), meta: { block_id: result.blockId, created: result.created } };
});
