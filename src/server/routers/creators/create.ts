import { creatorView } from '../../services/creator-view';
import { addCreatorToRoster } from '../../services/creators';
import { mediaKitView } from '../../services/media-kits';
import { createCreatorContract } from './create.schema';
import { creatorsSection } from '../sections';

export const createCreator = creatorsSection.operation('POST /creators', createCreatorContract, {
  summary: 'Add a creator to the roster',
  description: [
    'Creates a roster creator with its social accounts and the agency’s default media kit, in one transaction (**201**, `created: true`).',
    'When a supplied social identity already belongs to a creator on your roster, that creator is returned instead (**200**, `created: false`) and any supplied socials it lacks are attached to it. Identities are normalized per platform (handles with or without `@`, profile URLs in their common shapes; x.com and twitter.com are one identity).',
    'Supplied identities that belong to two different roster creators → **409**. With socials, a retry is safe by itself: identities are unique per roster, so concurrent identical requests create one creator. A creator without socials has no identity to match, so each call creates a new one — send an `Idempotency-Key` to make retries safe (a retry then replays the first answer).',
  ].join('\n\n'),
  successStatus: [201, 200],
  etag: false,
  errorStatuses: [409],
}).mutation(async ({ ctx, input }) => {
  const result = await addCreatorToRoster(ctx.app, { agencyId: ctx.owner.id, input, source: ctx.door === 'ui' ? 'ui' : 'api' });
  ctx.response.status = result.created ? 201 : 200;
  return {
    data: {
      created: result.created,
      creator: creatorView(result.creator),
      media_kit: mediaKitView(result.mediaKit, ctx.app.config.publicBaseUrl),
    },
  };
});
