import { router } from '../trpc/procedures';
import { getViewAnalytics } from './analytics/views';
import { createCampaign } from './campaigns/create';
import { getCampaign } from './campaigns/get';
import { listCampaigns } from './campaigns/list';
import { updateCampaign } from './campaigns/update';
import { commitCreatorImportPreview } from './creator-import-previews/commit';
import { createCreatorImportPreview } from './creator-import-previews/create';
import { getCreatorImportPreview } from './creator-import-previews/get';
import { createCreatorImport } from './creator-imports/create';
import { getCreatorImport } from './creator-imports/get';
import { createCreator } from './creators/create';
import { getCreator } from './creators/get';
import { listCreators } from './creators/list';
import { createDeck } from './decks/create';
import { getDeck } from './decks/get';
import { listDecks } from './decks/list';
import { updateDeck } from './decks/update';
import { createLinkInBio } from './link-in-bio/create';
import { getLinkInBio } from './link-in-bio/get';
import { createLinkInBioImport } from './link-in-bio/import-create';
import { getLinkInBioImport } from './link-in-bio/import-get';
import { saveLinkInBioBlockProcedure } from './link-in-bio/save-block';
import { updateLinkInBio } from './link-in-bio/update';
import { listMediaKitTemplates } from './media-kit-templates/list';
import { createMediaKit } from './media-kits/create';
import { duplicateMediaKit } from './media-kits/duplicate';
import { ensureMediaKit } from './media-kits/ensure';
import { getMediaKit } from './media-kits/get';
import { listMediaKits } from './media-kits/list';
import { updateMediaKit } from './media-kits/update';
import { getMe } from './me/get';
import { listSocialsProcedure } from './socials/list';
import { listSponsorshipMatches } from './sponsorship-matches/list';
import { listEventTypes } from './event-types/list';
import { createWebhookEndpoint } from './webhook-endpoints/create';
import { deleteWebhookEndpoint } from './webhook-endpoints/delete';
import { listWebhookDeliveries } from './webhook-endpoints/deliveries';
import { getWebhookEndpoint } from './webhook-endpoints/get';
import { listWebhookEndpoints } from './webhook-endpoints/list';
import { retryWebhookDelivery } from './webhook-endpoints/retry-delivery';
import { rotateWebhookSecret } from './webhook-endpoints/rotate-secret';
import { testWebhookEndpoint } from './webhook-endpoints/test';
import { updateWebhookEndpoint } from './webhook-endpoints/update';

/** Every public operation, one entry per procedure file. */
export const appRouter = router({
  me: router({ get: getMe }),
  creators: router({ create: createCreator, list: listCreators, get: getCreator }),
  creatorImports: router({ create: createCreatorImport, get: getCreatorImport }),
  creatorImportPreviews: router({ create: createCreatorImportPreview, get: getCreatorImportPreview, commit: commitCreatorImportPreview }),
  socials: router({ list: listSocialsProcedure }),
  mediaKits: router({ ensure: ensureMediaKit, list: listMediaKits, get: getMediaKit, create: createMediaKit, update: updateMediaKit, duplicate: duplicateMediaKit }),
  mediaKitTemplates: router({ list: listMediaKitTemplates }),
  linkInBio: router({ get: getLinkInBio, create: createLinkInBio, update: updateLinkInBio, saveBlock: saveLinkInBioBlockProcedure, createImport: createLinkInBioImport, getImport: getLinkInBioImport }),
  decks: router({ list: listDecks, create: createDeck, get: getDeck, update: updateDeck }),
  campaigns: router({ list: listCampaigns, create: createCampaign, get: getCampaign, update: updateCampaign }),
  analytics: router({ views: getViewAnalytics }),
  sponsorshipMatches: router({ list: listSponsorshipMatches }),
  webhookEndpoints: router({
    create: createWebhookEndpoint,
    list: listWebhookEndpoints,
    get: getWebhookEndpoint,
    update: updateWebhookEndpoint,
    delete: deleteWebhookEndpoint,
    rotateSecret: rotateWebhookSecret,
    deliveries: listWebhookDeliveries,
    retryDelivery: retryWebhookDelivery,
    test: testWebhookEndpoint,
  }),
  eventTypes: router({ list: listEventTypes }),
});

export type AppRouter = typeof appRouter;
