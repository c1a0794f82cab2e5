import type { GetPromptResult, Prompt, Resource } from '@modelcontextprotocol/sdk/types.js';
import { SCOPES, type SubjectType } from '../auth/scopes';
import type { AppConfig } from '../config';
import { DOMAIN_PROBLEMS } from '../domain/problems';
import type { Principal } from '../domain/principal';
import { SOCIAL_PLATFORMS } from '../lib/social-identity';
import { bucketQuotas } from '../rate-limit/buckets';
import { CAMPAIGN_STATUSES, CPM_PLATFORMS, MAX_CPM, REFRESH_CADENCES, REFRESH_STATES } from '../services/campaigns';
import { PREVIEW_ROW_STATUSES, PREVIEW_STATUSES, PREVIEW_TTL_MS } from '../services/creator-import-previews';
import { IMPORT_ROW_STATUSES, IMPORT_STATUSES } from '../services/creator-imports';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../services/csv-roster';
import { DATA_STATUSES, SOCIAL_STATUSES } from '../services/creator-view';
import { ENTITLEMENTS } from '../services/accounts';
import { IDEMPOTENCY_KEY_TTL_MS } from '../services/idempotency-keys';
import { LINK_IN_BIO_IMPORT_STATUSES } from '../services/link-in-bio-imports';
import { DELIVERY_STATUSES, ENDPOINT_STATUSES, MAX_ENDPOINTS_PER_ACCOUNT } from '../services/webhook-endpoints';

/**
 * What the MCP server offers besides tools (issue 30 item 4): the contract's vocabulary as a
 * resource an agent reads once instead of guessing (scopes, statuses, limits, problem types), and a
 * prompt for the agency's everyday task of adding a list of creators to the roster. Every value is
 * read from the constant the code enforces, so the resource cannot drift from the behaviour.
 */

export const VOCABULARY_URI = 'creator-api://vocabulary';

export const VOCABULARY_RESOURCE: Resource = {
  uri: VOCABULARY_URI,
  name: 'vocabulary',
  title: 'Contract vocabulary: scopes, statuses, limits',
  description: 'The words and numbers of the API: every scope, the statuses each resource can have, page sizes, import and rate limits, and the problem types errors use. Includes the scopes and plan of the credential in use.',
  mimeType: 'application/json',
};

/** The vocabulary for one principal: the shared contract plus what this credential holds. */
export function vocabularyFor(principal: Principal, config: Pick<AppConfig, 'rateLimitRequests' | 'rateLimitWindowSeconds' | 'publicBaseUrl'>) {
  return {
    you: {
      subject_type: principal.subjectType,
      subject_id: principal.subjectId,
      scopes: principal.scopes,
      entitlement: principal.entitlement,
      plan: { code: principal.plan.code, pitch_deck_allowance: principal.plan.pitchDeckAllowance, sponsorship_matches: principal.plan.sponsorshipMatches },
    },
    scopes: Object.fromEntries(Object.entries(SCOPES).map(([scope, { subjects, description }]) => [scope, { subject_types: subjects, description }])),
    statuses: {
      campaign: CAMPAIGN_STATUSES,
      campaign_refresh_state: REFRESH_STATES,
      campaign_refresh_cadence: REFRESH_CADENCES,
      creator_import: IMPORT_STATUSES,
      creator_import_row: IMPORT_ROW_STATUSES,
      creator_import_preview: PREVIEW_STATUSES,
      creator_import_preview_row: PREVIEW_ROW_STATUSES,
      link_in_bio_import: LINK_IN_BIO_IMPORT_STATUSES,
      social_account: SOCIAL_STATUSES,
      creator_data: DATA_STATUSES,
      webhook_endpoint: ENDPOINT_STATUSES,
      webhook_delivery: DELIVERY_STATUSES,
      entitlement: ENTITLEMENTS,
    },
    social_platforms: SOCIAL_PLATFORMS,
    limits: {
      page_size: { min: 1, max: 100, default: 25, next_page: 'pass meta.next_cursor back as cursor' },
      roster_import: { max_rows: MAX_IMPORT_ROWS, max_csv_bytes: MAX_IMPORT_BYTES, preview_kept_minutes: PREVIEW_TTL_MS / 60_000 },
      idempotency_key: { length: '1–255 printable ASCII characters', kept_hours: IDEMPOTENCY_KEY_TTL_MS / 3_600_000 },
      webhook_endpoints_per_account: MAX_ENDPOINTS_PER_ACCOUNT,
      campaign_cpm: { platforms: CPM_PLATFORMS, max: MAX_CPM },
      rate_limits: Object.fromEntries(
        Object.entries(bucketQuotas(config)).map(([bucket, quota]) => [bucket, { requests: quota.requests, window_seconds: quota.windowSeconds, per: 'agency or creator, shared by every key, app and door' }]),
      ),
    },
    problems: Object.fromEntries(Object.entries(DOMAIN_PROBLEMS).map(([slug, { status, title }]) => [slug, { status, title }])),
    documentation: `${config.publicBaseUrl}/docs`,
  };
}

export const ROSTER_PROMPT_NAME = 'add_creators_to_roster';

export const ROSTER_PROMPT: Prompt = {
  name: ROSTER_PROMPT_NAME,
  title: 'Add these creators to my roster',
  description: 'Adds a list of creators (names, handles or profile URLs, emails, or CSV text) to the agency roster: previews first, asks before committing, then reports what was added.',
  arguments: [
    {
      name: 'creators',
      description: 'The creators, in any form: one per line with a name and handles or profile links, a pasted table, or CSV text.',
      required: true,
    },
  ],
};

/** Who may use the prompt: the tools it walks through need an agency with roster:write. */
export function rosterPromptAllowed(subjectType: SubjectType, scopes: readonly string[]): boolean {
  return subjectType === 'agency' && scopes.includes('roster:write');
}

export function rosterPrompt(creators: string): GetPromptResult {
  const steps = [
    'Add these creators to my agency roster on creator-api.',
    '',
    'Do it in this order:',
    `1. Turn the list into rows shaped like creators_create's arguments: display_name (required), and when given email, country (ISO 3166-1 alpha-2), languages, tags, and socials as [{ "platform", "handle_or_url" }] (platforms: ${SOCIAL_PLATFORMS.join(', ')}). If the list is already CSV with a header row, pass it unchanged as csv instead. Do not invent details that are not in the list.`,
    `2. Call creator_import_previews_create with { rows } or { csv } (at most ${MAX_IMPORT_ROWS} creators per preview). Nothing changes on the roster yet.`,
    '3. Show me the preview summary: how many are new, already on the roster (existing), and invalid, with each invalid row\'s errors. Fix rows only where the error is plainly a typo in my list; otherwise ask me.',
    `4. Ask me to confirm. Then call creator_import_previews_commit with the preview_id and an idempotency_key you make up for this commit (reuse it only if you retry the same commit). A preview expires after ${PREVIEW_TTL_MS / 60_000} minutes; if it has, preview again.`,
    '5. Poll creator_imports_get with the import id until its status is completed or failed, then tell me which creators were added, which already existed, and which failed and why.',
    '',
    'The list:',
    creators,
  ];
  return {
    description: ROSTER_PROMPT.description,
    messages: [{ role: 'user', content: { type: 'text', text: steps.join('\n') } }],
  };
}
