import { router } from '../trpc/procedures';
import { inviteMemberProcedure } from './members/invite';
import { listMembersProcedure } from './members/list';
import { removeMemberProcedure } from './members/remove';
import { resendInvitationProcedure } from './members/resend-invitation';
import { revokeInvitationProcedure } from './members/revoke-invitation';
import { setMemberRoleProcedure } from './members/set-role';
import { transferOwnershipProcedure } from './members/transfer-ownership';
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
import { updateCreatorProfileProcedure } from './creator-profiles/update';
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
import { getEvent } from './events/get';
import { listEvents } from './events/list';
import { createApiKeyProcedure } from './api-keys/create';
import { renameApiKeyProcedure } from './api-keys/rename';
import { revokeApiKeyProcedure } from './api-keys/revoke';
import { rollApiKeyProcedure } from './api-keys/roll';
import { addCampaignContentProcedure } from './campaign-reports/add-content';
import { addCampaignParticipantProcedure } from './campaign-reports/add-participant';
import { removeCampaignContentProcedure } from './campaign-reports/remove-content';
import { removeCampaignParticipantProcedure } from './campaign-reports/remove-participant';
import { setCampaignPublicReportProcedure } from './campaign-reports/set-public-report';
import { setRosterPublishedProcedure } from './roster-page/set-published';
import { updateCampaignContentProcedure } from './campaign-reports/update-content';
import { getRequestLog } from './request-logs/get';
import { listRequestLogs } from './request-logs/list';
import { listAuditEvents } from './audit-events/list';
import { createWebhookEndpoint } from './webhook-endpoints/create';
import { deleteWebhookEndpoint } from './webhook-endpoints/delete';
import { listWebhookDeliveries } from './webhook-endpoints/deliveries';
import { getWebhookDelivery } from './webhook-endpoints/get-delivery';
import { replayWebhookDeliveries } from './webhook-endpoints/replay';
import { getWebhookEndpoint } from './webhook-endpoints/get';
import { listWebhookEndpoints } from './webhook-endpoints/list';
import { retryWebhookDelivery } from './webhook-endpoints/retry-delivery';
import { rotateWebhookSecret } from './webhook-endpoints/rotate-secret';
import { testWebhookEndpoint } from './webhook-endpoints/test';
import { sendWebhookTestEvent } from './webhook-endpoints/test-events';
import { updateWebhookEndpoint } from './webhook-endpoints/update';

/**
 * Every operation, one entry per procedure file: the public ones (with `openapi` meta: REST routes
 * and MCP tools) and the internal ones only the settings UI calls (no `openapi`), all through the
 * one gateway with the same policy.
 */
export const appRouter = router({
  me: router({ get: getMe }),
  creators: router({ create: createCreator, list: listCreators, get: getCreator }),
  creatorProfiles: router({ update: updateCreatorProfileProcedure }),
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
  requestLogs: router({ list: listRequestLogs, get: getRequestLog }),
  webhookEndpoints: router({
    create: createWebhookEndpoint,
    list: listWebhookEndpoints,
    get: getWebhookEndpoint,
    update: updateWebhookEndpoint,
    delete: deleteWebhookEndpoint,
    rotateSecret: rotateWebhookSecret,
    deliveries: listWebhookDeliveries,
    getDelivery: getWebhookDelivery,
    retryDelivery: retryWebhookDelivery,
    replay: replayWebhookDeliveries,
    test: testWebhookEndpoint,
    testEvents: sendWebhookTestEvent,
  }),
  eventTypes: router({ list: listEventTypes }),
  events: router({ list: listEvents, get: getEvent }),
  auditEvents: router({ list: listAuditEvents }),
  // Internal: the settings UI only.
  apiKeys: router({ create: createApiKeyProcedure, rename: renameApiKeyProcedure, revoke: revokeApiKeyProcedure, roll: rollApiKeyProcedure }),
  campaignReports: router({
    addParticipant: addCampaignParticipantProcedure,
    removeParticipant: removeCampaignParticipantProcedure,
    addContent: addCampaignContentProcedure,
    updateContent: updateCampaignContentProcedure,
    removeContent: removeCampaignContentProcedure,
    setPublicReport: setCampaignPublicReportProcedure,
  }),
  rosterPage: router({ setPublished: setRosterPublishedProcedure }),
  // Internal: the settings UI's Members page (issue 32).
  members: router({
    list: listMembersProcedure,
    invite: inviteMemberProcedure,
    resendInvitation: resendInvitationProcedure,
    revokeInvitation: revokeInvitationProcedure,
    setRole: setMemberRoleProcedure,
    remove: removeMemberProcedure,
    transferOwnership: transferOwnershipProcedure,
  }),
});

export type AppRouter = typeof appRouter;
