/**
 * The API's changelog, newest first: what /docs/changelog shows and what tests/openapi/changelog.test.ts
 * checks against the OpenAPI document — every operation the document lists was `added` here, every
 * operation marked deprecated has a `deprecated` entry (and its meta names that entry's anchor), and no
 * entry names an operation the document does not have unless it was `removed`. An operation is named
 * as `METHOD /path` with the path as the document writes it (`GET /creators/{creator_id}`).
 *
 * What may change within v1 (the policy /docs/changelog states): additive changes only — new
 * operations, new optional input fields, new response fields, new enum values in responses, new
 * event types, new problem types. Anything else (removing or renaming a field or operation, a new
 * required input, a narrower accepted input) is a deprecation first, announced here and by headers.
 */
export type ApiChangeKind = 'added' | 'changed' | 'deprecated' | 'removed';

export interface ApiChange {
  kind: ApiChangeKind;
  /** The operations the change touches (`METHOD /path`); empty for a change to every operation. */
  operations: readonly string[];
  summary: string;
}

export interface ChangelogEntry {
  /** YYYY-MM-DD: the day the change was released. */
  date: string;
  /** Unique within the changelog: the fragment of the entry on /docs/changelog. */
  anchor: string;
  title: string;
  changes: readonly ApiChange[];
}

export const API_CHANGELOG: readonly ChangelogEntry[] = [
  {
    date: '2026-11-26',
    anchor: '2026-11-26-teams',
    title: 'Agencies are teams: member actions in the audit log',
    changes: [
      {
        kind: 'changed',
        operations: ['GET /audit-events'],
        summary:
          'An agency now has members with roles (owner, admin, member, viewer), invited by email from Settings → Members. Their changes are audit events too: `member.invited`, `member.invitation_revoked`, `member.joined`, `member.role_changed`, `member.removed` and `ownership.transferred` (the `action` filter accepts them). API keys belong to the agency: removing the member who created one does not revoke it.',
      },
    ],
  },
  {
    date: '2026-11-26',
    anchor: '2026-11-26-link-clicks',
    title: 'Click counts on link-in-bio blocks',
    changes: [
      {
        kind: 'changed',
        operations: ['GET /link-in-bio', 'POST /link-in-bio', 'PATCH /link-in-bio', 'POST /link-in-bio/blocks'],
        summary:
          'Each block now carries `clicks`: outbound clicks on the public page, counted through the page’s own redirect (`/l/{slug}/go/{block_id}`, which only ever sends visitors to the block’s stored URL). People only — crawlers, link unfurlers and prefetches are skipped — and one address counts at most 3 clicks of a block per hour; counts are written in batches, so a click shows within a few seconds.',
      },
    ],
  },
  {
    date: '2026-11-26',
    anchor: '2026-11-26-test-mode',
    title: 'Test mode: crk_test_ keys on a sandbox twin, test events per type',
    changes: [
      {
        kind: 'changed',
        operations: [],
        summary:
          'Test-mode keys (`crk_test_agency_…`, `crk_test_creator_…`, made in Settings with the "Test mode" switch on) act on a sandbox twin of your agency or creator: same plan and scopes, and data that live keys never see (404, absent from lists), and the other way round. Live keys are unchanged.',
      },
      {
        kind: 'changed',
        operations: ['GET /me'],
        summary: 'New field `livemode`: `false` for a test-mode key.',
      },
      {
        kind: 'added',
        operations: ['POST /webhook-endpoints/{endpoint_id}/test-events'],
        summary:
          'Send a synthetic event of any type your account receives to one endpoint: the usual body with a sample resource and `"test": true`. Nothing is created or changed.',
      },
    ],
  },
  {
    date: '2026-11-26',
    anchor: '2026-11-26-event-subjects',
    title: 'Which accounts each event type fires for',
    changes: [
      {
        kind: 'changed',
        operations: ['GET /event-types'],
        summary:
          'Each event type now lists its `subjects`: the account types (`agency`, `creator`) whose changes emit it. Subscribing to a type that never fires for your account type is still accepted, and never delivers.',
      },
    ],
  },
  {
    date: '2026-11-26',
    anchor: '2026-11-26-events',
    title: 'Request logs, the audit log, events, delivery attempts and replays',
    changes: [
      {
        kind: 'added',
        operations: ['GET /audit-events'],
        summary:
          'The account’s audit log: who created, rolled or revoked a key, changed a webhook endpoint, the plan or what is shared, when and from where. New scope `audit:read`.',
      },
      {
        kind: 'added',
        operations: ['GET /request-logs', 'GET /request-logs/{request_id}'],
        summary:
          'Every call your keys make, over REST or MCP, is logged for 30 days: find one by its request id, or filter by status, method, operation, key and time. Failed calls keep their request and response bodies, secrets redacted. New scope `logs:read`, in every "all" key.',
      },
      {
        kind: 'added',
        operations: ['GET /events', 'GET /events/{event_id}'],
        summary: 'Every event behind webhooks is now a resource you can list and read for 30 days, whether or not an endpoint subscribes to it.',
      },
      {
        kind: 'added',
        operations: ['GET /webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}'],
        summary: 'One delivery with its attempt log: time, response status, duration, the first 2 KB of the response and the error class of each attempt.',
      },
      {
        kind: 'added',
        operations: ['POST /webhook-endpoints/{endpoint_id}/replay'],
        summary: 'Re-send every failed delivery of an endpoint since a time, at most 1,000 per call, each once however often the call is repeated.',
      },
    ],
  },
  {
    date: '2026-11-26',
    anchor: '2026-11-26-versioning',
    title: 'Versioning and deprecation policy',
    changes: [
      {
        kind: 'changed',
        operations: [],
        summary:
          'The rules for what may change within v1 are published on this page. A deprecated operation answers with `Deprecation`, `Sunset` and `Link: rel="deprecation"` headers and is marked `deprecated` in the OpenAPI document.',
      },
    ],
  },
  {
    date: '2026-11-25',
    anchor: '2026-11-25-limits',
    title: 'Bounded input, fair previews and outage answers',
    changes: [
      {
        kind: 'changed',
        operations: [],
        summary:
          'Bodies nested deeper than the documented depth, or holding more values than the documented count, are `400 validation-error` with code `too_deep` or `too_many_values` naming where (see /docs/limits).',
      },
      {
        kind: 'changed',
        operations: [],
        summary: 'While the database is unreachable every operation answers `503 service-unavailable` with `Retry-After`, never a 500.',
      },
      {
        kind: 'changed',
        operations: ['POST /creator-imports/previews'],
        summary:
          'Previews count against their own `previews` rate-limit bucket. A CSV is read as a stream and refused with `413` as soon as it passes the row cap, whatever its length.',
      },
    ],
  },
  {
    date: '2026-11-23',
    anchor: '2026-11-23-webhooks',
    title: 'Webhooks, import previews and media kit duplicates',
    changes: [
      {
        kind: 'added',
        operations: [
          'POST /webhook-endpoints',
          'GET /webhook-endpoints',
          'GET /webhook-endpoints/{endpoint_id}',
          'PATCH /webhook-endpoints/{endpoint_id}',
          'DELETE /webhook-endpoints/{endpoint_id}',
          'POST /webhook-endpoints/{endpoint_id}/rotate-secret',
          'GET /webhook-endpoints/{endpoint_id}/deliveries',
          'POST /webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/retry',
          'POST /webhook-endpoints/{endpoint_id}/test',
          'GET /event-types',
        ],
        summary: 'Signed webhooks (Standard Webhooks): endpoints, secret rotation, the delivery log, retries and test events.',
      },
      {
        kind: 'added',
        operations: ['POST /creator-imports/previews', 'GET /creator-imports/previews/{preview_id}', 'POST /creator-imports/previews/{preview_id}/commit'],
        summary: 'Preview a roster import (rows, matches, problems) before committing it.',
      },
      { kind: 'added', operations: ['POST /media-kits/{media_kit_id}/duplicate'], summary: 'Duplicate a media kit.' },
    ],
  },
  {
    date: '2026-11-22',
    anchor: '2026-11-22-v1',
    title: 'Public API v1',
    changes: [
      {
        kind: 'added',
        operations: [
          'GET /me',
          'POST /creators',
          'GET /creators',
          'GET /creators/{creator_id}',
          'POST /creator-imports',
          'GET /creator-imports/{import_id}',
          'GET /socials',
          'POST /media-kits',
          'GET /media-kits',
          'GET /media-kits/{media_kit_id}',
          'PATCH /media-kits/{media_kit_id}',
          'POST /media-kits/new',
          'GET /media-kit-templates',
          'GET /link-in-bio',
          'POST /link-in-bio',
          'PATCH /link-in-bio',
          'POST /link-in-bio/blocks',
          'POST /link-in-bio/imports',
          'GET /link-in-bio/imports/{import_id}',
          'GET /decks',
          'POST /decks',
          'GET /decks/{deck_id}',
          'PATCH /decks/{deck_id}',
          'GET /campaigns',
          'POST /campaigns',
          'GET /campaigns/{campaign_id}',
          'PATCH /campaigns/{campaign_id}',
          'GET /analytics/views',
          'GET /sponsorship-matches',
        ],
        summary: 'The first release: identity, roster, imports, socials, media kits, link in bio, decks, campaigns, analytics and sponsorship matches.',
      },
    ],
  },
];

const OPERATION_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `METHOD /path` of every operation in an OpenAPI document, and whether it is marked deprecated. */
export function documentOperations(paths: Record<string, Record<string, unknown> | undefined>): Map<string, { deprecated: boolean }> {
  const operations = new Map<string, { deprecated: boolean }>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = item?.[method] as { deprecated?: boolean } | undefined;
      if (operation) operations.set(`${method.toUpperCase()} ${path}`, { deprecated: operation.deprecated === true });
    }
  }
  return operations;
}

/**
 * Where the changelog and the document disagree, in words (empty when they agree): the check
 * tests/openapi/changelog.test.ts runs, so an operation cannot ship, go or be deprecated unannounced.
 */
export function changelogDisagreements(
  changelog: readonly ChangelogEntry[],
  operations: Map<string, { deprecated: boolean }>,
  deprecationAnchors: Map<string, string>,
): string[] {
  const problems: string[] = [];
  const added = new Map<string, string>();
  const removed = new Set<string>();
  const deprecated = new Map<string, string>();
  const anchors = new Set<string>();
  let previousDate = '9999-12-31';
  for (const entry of changelog) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.date) || Number.isNaN(Date.parse(entry.date))) problems.push(`${entry.anchor}: date ${entry.date} is not YYYY-MM-DD`);
    if (entry.date > previousDate) problems.push(`${entry.anchor}: entries must be newest first`);
    previousDate = entry.date;
    if (anchors.has(entry.anchor)) problems.push(`${entry.anchor}: anchor used twice`);
    anchors.add(entry.anchor);
    for (const change of entry.changes) {
      for (const operation of change.operations) {
        if (change.kind === 'added') {
          if (added.has(operation)) problems.push(`${operation}: added twice (${added.get(operation)} and ${entry.anchor})`);
          added.set(operation, entry.anchor);
        } else if (change.kind === 'removed') removed.add(operation);
        else if (change.kind === 'deprecated') deprecated.set(operation, entry.anchor);
        if (!operations.has(operation) && change.kind !== 'removed' && !removed.has(operation)) {
          problems.push(`${operation}: named in ${entry.anchor} but not in the OpenAPI document (a removal needs a \`removed\` entry)`);
        }
      }
    }
  }
  for (const [operation, { deprecated: isDeprecated }] of operations) {
    if (!added.has(operation)) problems.push(`${operation}: in the OpenAPI document but never \`added\` in the changelog`);
    if (isDeprecated && !deprecated.has(operation)) problems.push(`${operation}: deprecated in the document without a \`deprecated\` changelog entry`);
    if (!isDeprecated && deprecated.has(operation) && !removed.has(operation)) problems.push(`${operation}: has a \`deprecated\` entry but its meta does not declare the deprecation`);
  }
  for (const [operation, anchor] of deprecationAnchors) {
    if (deprecated.get(operation) !== anchor) problems.push(`${operation}: its meta points at changelog entry ${anchor}, which does not deprecate it`);
  }
  return problems;
}
