import { router } from '../trpc/procedures';
import { createCreator } from './creators/create';
import { getCreator } from './creators/get';
import { listCreators } from './creators/list';
import { listMediaKitTemplates } from './media-kit-templates/list';
import { createMediaKit } from './media-kits/create';
import { ensureMediaKit } from './media-kits/ensure';
import { getMediaKit } from './media-kits/get';
import { listMediaKits } from './media-kits/list';
import { updateMediaKit } from './media-kits/update';
import { getMe } from './me/get';
import { listSocialsProcedure } from './socials/list';

/** Every public operation, one entry per procedure file. */
export const appRouter = router({
  me: router({ get: getMe }),
  creators: router({ create: createCreator, list: listCreators, get: getCreator }),
  socials: router({ list: listSocialsProcedure }),
  mediaKits: router({ ensure: ensureMediaKit, list: listMediaKits, get: getMediaKit, create: createMediaKit, update: updateMediaKit }),
  mediaKitTemplates: router({ list: listMediaKitTemplates }),
});

export type AppRouter = typeof appRouter;
