import { describe, expect, it } from 'vitest';
import * as DbEnums from '../../src/generated/prisma/enums';
import { SUBJECT_TYPES } from '../../src/server/auth/scopes';
import { JOB_STATES } from '../../src/server/jobs/queue';
import { ENTITLEMENTS } from '../../src/server/services/accounts';
import { CAMPAIGN_STATUSES, REFRESH_CADENCES, REFRESH_STATES, REPORT_ACCESS_MODES } from '../../src/server/services/campaigns';
import { IMPORT_ROW_STATUSES, IMPORT_STATUSES } from '../../src/server/services/creator-imports';
import { SOCIAL_STATUSES } from '../../src/server/services/creator-view';
import { DECK_CTAS, DECK_THEMES, DECK_VISIBILITIES } from '../../src/server/services/decks';
import { BLOCK_TYPES, BUTTON_STYLES, LINK_IN_BIO_THEMES } from '../../src/server/services/link-in-bio-rules';
import { LINK_IN_BIO_IMPORT_STATUSES } from '../../src/server/services/link-in-bio-imports';
import { MEDIA_KIT_THEMES, MEDIA_KIT_VISIBILITIES } from '../../src/server/services/media-kits';
import { DELIVERY_STATUSES, ENDPOINT_STATUSES } from '../../src/server/services/webhook-endpoints';

/**
 * The API's value lists (zod enums, docs, OpenAPI) and the database's enums (schema.prisma) must be
 * the same sets: a value the API accepts but the column refuses would be a 500, and a database value
 * the API does not know would fail output validation.
 */
const pairs: [string, readonly string[], Record<string, string>][] = [
  ['SUBJECT_TYPES', SUBJECT_TYPES, DbEnums.SubjectType],
  ['ENTITLEMENTS', ENTITLEMENTS, DbEnums.Entitlement],
  ['MEDIA_KIT_THEMES', MEDIA_KIT_THEMES, DbEnums.Theme],
  ['DECK_THEMES', DECK_THEMES, DbEnums.Theme],
  ['LINK_IN_BIO_THEMES', LINK_IN_BIO_THEMES, DbEnums.Theme],
  ['BUTTON_STYLES', BUTTON_STYLES, DbEnums.ButtonStyle],
  ['BLOCK_TYPES', BLOCK_TYPES, DbEnums.LinkInBioBlockType],
  ['SOCIAL_STATUSES', SOCIAL_STATUSES, DbEnums.SocialStatus],
  ['CAMPAIGN_STATUSES', CAMPAIGN_STATUSES, DbEnums.CampaignStatus],
  ['REFRESH_STATES', REFRESH_STATES, DbEnums.RefreshState],
  ['REFRESH_CADENCES', REFRESH_CADENCES, DbEnums.RefreshCadence],
  ['REPORT_ACCESS_MODES', REPORT_ACCESS_MODES, DbEnums.ReportAccessMode],
  ['IMPORT_STATUSES', IMPORT_STATUSES, DbEnums.ImportStatus],
  ['LINK_IN_BIO_IMPORT_STATUSES', LINK_IN_BIO_IMPORT_STATUSES, DbEnums.ImportStatus],
  ['IMPORT_ROW_STATUSES', IMPORT_ROW_STATUSES, DbEnums.ImportRowStatus],
  ['ENDPOINT_STATUSES', ENDPOINT_STATUSES, DbEnums.WebhookEndpointStatus],
  ['DELIVERY_STATUSES', DELIVERY_STATUSES, DbEnums.WebhookDeliveryStatus],
  ['JOB_STATES', JOB_STATES, DbEnums.JobState],
  ['MEDIA_KIT_VISIBILITIES', MEDIA_KIT_VISIBILITIES, DbEnums.Visibility],
  ['DECK_VISIBILITIES', DECK_VISIBILITIES, DbEnums.Visibility],
  ['DECK_CTAS', DECK_CTAS, DbEnums.DeckCta],
];

describe('domain value lists match the database enums', () => {
  it.each(pairs)('%s', (_name, domain, database) => {
    expect([...domain].sort()).toEqual(Object.values(database).sort());
  });
});
