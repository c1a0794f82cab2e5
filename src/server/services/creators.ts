import type { Db, SqlQuery } from '../db/database';
import type { Owner } from '../domain/owner';
import { invalidateSharePages, SHARE_PAGES_CHANNEL, tagPayloads } from './share-page-invalidation';
import { ApiError, notFound } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import type { NormalizedSocial } from '../lib/social-identity';
import { firstOfEachAccount } from './creator-input';
import { isUniqueViolation } from '../db/unique-violation';
import { slugify } from '../lib/slug';
import { defaultKitRow, ensureDefaultMediaKit, mediaKitView } from './media-kits';
import { creatorView, type CreatorViewSource } from './creator-view';
import { outboxStatementPart, type EventApp, EVENT_BASE_URL } from './webhook-events';
import type { Creator, MediaKit, SocialAccount } from '../../generated/prisma/client';
import { caseInsensitiveUnique } from '../lib/unique-values';
import { matchOnRoster } from './roster-match';

/** Creator input after validation and social normalization (see routers/creators/schemas.ts). */
export interface CreatorInput {
  display_name: string;
  email?: string | undefined;
  country?: string | undefined;
  languages?: string[] | undefined;
  tags?: string[] | undefined;
  socials?: NormalizedSocial[] | undefined;
}

export type CreatorWithSocials = Creator & { socials: SocialAccount[] };

/**
 * Ids decided in advance (CSV import rows): a re-run of the same row then recognizes the creator
 * and socials it already made instead of making them again.
 */
export interface PlannedIds {
  creatorId: string;
  socialId(identity: string): string;
}

export interface RosterAddResult {
  created: boolean;
  creator: CreatorWithSocials;
  mediaKit: MediaKit;
  /** Social accounts newly attached by this call (all of them for a new creator). */
  socialsAttached: number;
}

const SOCIALS_ORDER = { orderBy: { id: 'asc' as const } };
const MAX_ATTEMPTS = 4;

function usernameFor(input: CreatorInput, socials: NormalizedSocial[]): string {
  return socials[0]?.username ?? slugify(input.display_name, 'creator').replace(/-/g, '');
}

function socialRow(creatorId: string, agencyId: string, social: NormalizedSocial, planned?: PlannedIds) {
  return {
    id: planned ? planned.socialId(social.identity) : newObjectId(),
    creatorId,
    rosterAgencyId: agencyId,
    platform: social.platform,
    identity: social.identity,
    username: social.username,
    profileUrl: social.profileUrl,
  };
}

/**
 * The socials among `identities` (a jsonb array of identity strings) already on `agency`'s roster:
 * (creator_id, identity) rows, one probe of the (roster_agency_id, identity) key per identity. Written
 * as a semi-join, the planner — whose statistics lag behind a roster that grows by thousands — read
 * the agency's whole roster through the key's first column: 0.5 s per write at 160,000 socials.
 * Exported for the plan test; the arguments are parameter placeholders.
 */
export function knownOnRosterSql(agency: string, identities: string): string {
  return `SELECT s.creator_id, s.identity FROM jsonb_array_elements_text(${identities}::jsonb) AS wanted(identity)
           CROSS JOIN LATERAL (SELECT creator_id, identity FROM social_accounts
                                WHERE roster_agency_id = ${agency}::text AND identity = wanted.identity LIMIT 1) s`;
}

/**
 * Adds a creator to an agency roster, or finds the one a supplied social identity already belongs to.
 * - No supplied identity on the roster → a new creator, its roster membership, socials and the
 *   agency's default media kit, in one transaction (201).
 * - Every known identity belongs to one roster creator → that creator (200); supplied identities it
 *   does not have yet are attached to it.
 * - Identities that belong to two or more roster creators → 409.
 * Races are settled by the unique (roster_agency_id, identity) constraint: a loser rolls back and
 * retries, finding the winner's creator.
 */
export async function addCreatorToRoster(
  app: EventApp,
  params: { agencyId: string; input: CreatorInput; source: 'api' | 'import' | 'ui'; planned?: PlannedIds },
): Promise<RosterAddResult> {
  const { db } = app;
  const { agencyId, input, source, planned } = params;
  // Same identity twice in one request counts once: the input schema's rule, kept for callers that skip it.
  const socials = firstOfEachAccount(input.socials ?? []);

  for (let attempt = 1; ; attempt += 1) {
    if (planned) {
      // This row already made its creator (a retried or resumed import): report it as created by it.
      const mine = await db.creator.findFirst({
        where: { id: planned.creatorId, memberships: { some: { agencyId } } },
        include: { socials: SOCIALS_ORDER },
      });
      if (mine) {
        const { kit } = await ensureDefaultMediaKit(app, { type: 'agency', id: agencyId }, mine);
        const plannedSocials = new Set(socials.map((s) => planned.socialId(s.identity)));
        return { created: true, creator: mine, mediaKit: kit, socialsAttached: mine.socials.filter((s) => plannedSocials.has(s.id)).length };
      }
    }
    try {
      // One statement: it reads which supplied identities the roster already has and, only when none,
      // inserts the new creator with everything that goes with it.
      const outcome = await createUnlessOnRoster(app, agencyId, input, socials, source, planned);
      if (outcome.kind === 'created') return outcome.result;
      const { owners } = outcome;
      const match = matchOnRoster(socials, new Map(owners.map((o) => [o.identity, o.creatorId])));
      if (match.kind === 'conflict') {
        const detail = match.owners
          .map((id) => `${owners.filter((o) => o.creatorId === id).map((o) => o.identity).join(', ')} → creator ${id}`)
          .join('; ');
        throw new ApiError('conflict', `The supplied socials belong to ${match.owners.length} different roster creators (${detail}). Send socials of one creator per request.`);
      }
      if (match.kind === 'existing') {
        const known = new Set(owners.map((o) => o.identity));
        return await attachToExisting(app, agencyId, match.owner, socials.filter((s) => !known.has(s.identity)), planned);
      }
      // Not reached: the statement inserts whenever no supplied identity is on the roster.
      throw new Error('no roster owner found, yet the creator was not inserted');
    } catch (error) {
      if (attempt < MAX_ATTEMPTS && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

type CreateOutcome = { kind: 'created'; result: RosterAddResult } | { kind: 'known'; owners: { creatorId: string; identity: string }[] };

/**
 * A new roster creator in one round trip (it was ten, through an interactive transaction: the roster
 * read, creator, membership, socials, default kit, share-page NOTIFY, socials read back, outbox, BEGIN
 * and COMMIT — most of POST /creators' cost was the Node side of those round trips). One statement,
 * so one implicit transaction, reads the roster's owners of the supplied identities and, only when
 * there are none, inserts the creator, its membership, socials and the agency's default media kit,
 * notifies share-page invalidation (delivered on commit) and writes the outbox (creator.created,
 * media_kit.created). Every column of the rows answered is decided here, so nothing is read back.
 * A concurrent request with one of the identities loses on the unique (roster_agency_id, identity)
 * index and the caller retries, then finding the winner's creator.
 */
async function createUnlessOnRoster(
  app: EventApp,
  agencyId: string,
  input: CreatorInput,
  socials: NormalizedSocial[],
  source: 'api' | 'import' | 'ui',
  planned?: PlannedIds,
): Promise<CreateOutcome> {
  const owner: Owner = { type: 'agency', id: agencyId };
  // The timestamp columns have millisecond precision (timestamp(3)): this Date is exactly what is stored.
  const now = new Date();
  const creator: Creator = {
    id: planned?.creatorId ?? newObjectId(),
    username: usernameFor(input, socials),
    displayName: input.display_name,
    email: input.email ?? null,
    avatarUrl: null,
    bio: null,
    location: null,
    country: input.country ?? null,
    languages: [...new Set(input.languages ?? [])],
    tags: caseInsensitiveUnique(input.tags),
    rates: [],
    brands: [],
    userId: null,
    planCode: 'free',
    entitlement: 'active',
    createdAt: now,
    updatedAt: now,
    // A test agency's roster creator is made livemode = false by the membership's trigger, as before.
    livemode: true,
    liveId: null,
  };
  const socialRows: SocialAccount[] = socials
    .map((s) => ({
      ...socialRow(creator.id, agencyId, s, planned),
      displayName: null,
      status: 'unverified' as const,
      followers: null,
      averageViews: null,
      averageEngagements: null,
      engagementRate: null,
      metricsUpdatedAt: null,
      createdAt: now,
      updatedAt: now,
    }))
    // The order every read of a creator's socials has (by id).
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const kit = defaultKitRow(owner, creator, now);
  const created = { ...creator, socials: socialRows };
  const outbox = outboxStatementPart(
    app.jobs,
    owner,
    [
      { type: 'creator.created', data: creatorView(created) },
      { type: 'media_kit.created', data: mediaKitView(kit, EVENT_BASE_URL) },
    ],
    24,
    { when: 'EXISTS (SELECT 1 FROM new_creator)' },
  );
  const rows = await app.db.$queryRawUnsafe<{ inserted: number; owner_ids: string[]; owner_identities: string[] }[]>(
    `WITH known AS (${knownOnRosterSql('$9', '$13')}), new_creator AS (
       INSERT INTO creators (id, username, display_name, email, country, languages, tags, rates, brands, plan_code, entitlement, livemode, created_at, updated_at)
       SELECT $1::text, $2::text, $3::text, $4::text, $5::text,
              ARRAY(SELECT jsonb_array_elements_text($6::jsonb)), ARRAY(SELECT jsonb_array_elements_text($7::jsonb)),
              '[]'::jsonb, '{}'::text[], 'free', 'active', true, $8::timestamptz AT TIME ZONE 'UTC', $8::timestamptz AT TIME ZONE 'UTC'
        WHERE NOT EXISTS (SELECT 1 FROM known)
       RETURNING id
     ), new_membership AS (
       INSERT INTO roster_memberships (id, agency_id, creator_id, source, created_at)
       SELECT $10::text, $9::text, c.id, $11::text, $8::timestamptz AT TIME ZONE 'UTC' FROM new_creator c
     ), new_socials AS (
       INSERT INTO social_accounts (id, creator_id, roster_agency_id, platform, identity, username, profile_url, status, created_at, updated_at)
       SELECT x.id, c.id, $9::text, x.platform, x.identity, x.username, x.profile_url, 'unverified', $8::timestamptz AT TIME ZONE 'UTC', $8::timestamptz AT TIME ZONE 'UTC'
         FROM new_creator c, jsonb_to_recordset($12::jsonb) AS x(id text, platform text, identity text, username text, profile_url text)
     ), new_kit AS (
       INSERT INTO media_kits (id, creator_id, owner_type, owner_id, default_key, name, slug, visibility, template_id, sections_shown, theme, accent_color, background_color, created_at, updated_at)
       SELECT $14::text, c.id, 'agency', $9::text, $15::text, $16::text, $17::text, 'link', $18::text, ARRAY(SELECT jsonb_array_elements_text($19::jsonb)),
              $20::text::"Theme", $21::text, $22::text, $8::timestamptz AT TIME ZONE 'UTC', $8::timestamptz AT TIME ZONE 'UTC'
         FROM new_creator c
     ), ${outbox.ctes}
     SELECT (SELECT count(*) FROM new_creator)::int AS inserted,
            ARRAY(SELECT creator_id::text FROM known ORDER BY identity) AS owner_ids,
            ARRAY(SELECT identity FROM known ORDER BY identity) AS owner_identities,
            (SELECT count(*) FROM (SELECT pg_notify('${SHARE_PAGES_CHANNEL}', payload) FROM jsonb_array_elements_text($23::jsonb) AS payload
                                    WHERE EXISTS (SELECT 1 FROM new_creator)) AS sent)::int AS notified,
            ${outbox.select}`,
    creator.id,
    creator.username,
    creator.displayName,
    creator.email,
    creator.country,
    JSON.stringify(creator.languages),
    JSON.stringify(creator.tags),
    now.toISOString(),
    agencyId,
    newObjectId(),
    source,
    JSON.stringify(socialRows.map((s) => ({ id: s.id, platform: s.platform, identity: s.identity, username: s.username, profile_url: s.profileUrl }))),
    JSON.stringify(socials.map((s) => s.identity)),
    kit.id,
    kit.defaultKey,
    kit.name,
    kit.slug,
    kit.templateId,
    JSON.stringify(kit.sectionsShown),
    kit.theme,
    kit.accentColor,
    kit.backgroundColor,
    JSON.stringify(tagPayloads([`agency:${agencyId}`, `creator:${creator.id}`, `media_kit:${kit.id}`])),
    ...outbox.params,
  );
  const row = rows[0]!;
  if (row.inserted === 1) return { kind: 'created', result: { created: true, creator: created, mediaKit: kit, socialsAttached: socials.length } };
  return { kind: 'known', owners: row.owner_ids.map((creatorId, i) => ({ creatorId, identity: row.owner_identities[i]! })) };
}

async function attachToExisting(
  app: EventApp,
  agencyId: string,
  creatorId: string,
  missing: NormalizedSocial[],
  planned?: PlannedIds,
): Promise<RosterAddResult> {
  const { db } = app;
  if (missing.length > 0) {
    await db.socialAccount.createMany({ data: missing.map((s) => socialRow(creatorId, agencyId, s, planned)) });
    await invalidateSharePages(db, [`agency:${agencyId}`, `creator:${creatorId}`]);
  }
  const creator = await db.creator.findUniqueOrThrow({ where: { id: creatorId }, include: { socials: SOCIALS_ORDER } });
  const { kit } = await ensureDefaultMediaKit(app, { type: 'agency', id: agencyId }, creator);
  // With planned ids, count what this row attached even if an earlier run of it already did.
  const attached = planned
    ? creator.socials.filter((s) => s.id === planned.socialId(s.identity)).length
    : missing.length;
  return { created: false, creator, mediaKit: kit, socialsAttached: attached };
}

/**
 * Is this creator visible to the subject? Agencies see their roster, creators themselves; anything
 * else is reported as not found, so existence never leaks.
 */
export async function assertCreatorVisible(db: Db, reader: Owner, creatorId: string): Promise<void> {
  if (reader.type === 'creator') {
    if (reader.id !== creatorId) throw notFound('creator', creatorId);
    return;
  }
  const member = await db.rosterMembership.findUnique({ where: { agencyId_creatorId: { agencyId: reader.id, creatorId } }, select: { id: true } });
  if (!member) throw notFound('creator', creatorId);
}

export async function getVisibleCreator(db: Db, reader: Owner, creatorId: string): Promise<CreatorWithSocials> {
  if (reader.type === 'creator' && reader.id !== creatorId) throw notFound('creator', creatorId);
  // The roster check is part of the read (one query, not a membership lookup first): a creator
  // outside the agency's roster is simply not found.
  const creator = await db.creator.findFirst({
    where: reader.type === 'agency' ? { id: creatorId, memberships: { some: { agencyId: reader.id } } } : { id: creatorId },
    include: { socials: SOCIALS_ORDER },
  });
  if (!creator) throw notFound('creator', creatorId);
  return creator;
}

/**
 * Roster page, newest creators first, keyset on creator id: one prepared statement, the creators
 * and their socials (aggregated as JSON, ordered by id) in one round trip. It replaced an ORM read
 * that cost three round trips and per-row hydration — the roster list is the API's hottest read
 * (integrators' syncs page through it) and the ORM was most of its time.
 */
export async function listRosterCreators(sql: SqlQuery, agencyId: string, afterId: string | undefined, take: number): Promise<CreatorViewSource[]> {
  // Two statements, not one with `$2 IS NULL OR …`: a prepared statement's generic plan could not
  // then seek the (agency_id, creator_id) index to the cursor, and page 1,000 would scan the roster.
  const rows = afterId
    ? await sql<RosterPageRow>(rosterPageSql('AND m.creator_id < $3'), [agencyId, take, afterId], { name: 'roster_creators_page_after' })
    : await sql<RosterPageRow>(rosterPageSql(''), [agencyId, take], { name: 'roster_creators_page_first' });
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    bio: row.bio,
    location: row.location,
    country: row.country,
    languages: row.languages,
    tags: row.tags,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    socials: row.socials.map((s) => ({
      id: s.id,
      platform: s.platform,
      username: s.username,
      displayName: s.display_name,
      profileUrl: s.profile_url,
      status: s.status,
      followers: s.followers,
      averageViews: s.average_views,
      averageEngagements: s.average_engagements,
      engagementRate: s.engagement_rate,
      metricsUpdatedAt: s.metrics_updated_at === null ? null : new Date(s.metrics_updated_at),
    })),
  }));
}

interface RosterPageRow {
  id: string;
  username: string;
  display_name: string;
  avatar_url: string | null;
  bio: string | null;
  location: string | null;
  country: string | null;
  languages: string[];
  tags: string[];
  created_at: Date;
  updated_at: Date;
  socials: {
    id: string;
    platform: string;
    username: string;
    display_name: string | null;
    profile_url: string;
    status: SocialAccount['status'];
    followers: number | null;
    average_views: number | null;
    average_engagements: number | null;
    engagement_rate: number | null;
    /** ISO 8601 in UTC, formatted by the statement (JSON has no timestamp type). */
    metrics_updated_at: string | null;
  }[];
}

// List columns are nullable (Prisma reads NULL as []). Timestamps: stored as UTC without a zone; `AT TIME ZONE 'UTC'` makes both drivers return correct
// Dates, and inside JSON they are formatted as ISO 8601 with a Z.
const rosterPageSql = (afterCursor: string) => `
SELECT c.id, c.username, c.display_name, c.avatar_url, c.bio, c.location, c.country,
       COALESCE(c.languages, '{}') AS languages, COALESCE(c.tags, '{}') AS tags,
       c.created_at AT TIME ZONE 'UTC' AS created_at, c.updated_at AT TIME ZONE 'UTC' AS updated_at,
       COALESCE((
         SELECT json_agg(json_build_object(
                  'id', s.id, 'platform', s.platform, 'username', s.username, 'display_name', s.display_name,
                  'profile_url', s.profile_url, 'status', s.status, 'followers', s.followers,
                  'average_views', s.average_views, 'average_engagements', s.average_engagements,
                  'engagement_rate', s.engagement_rate,
                  'metrics_updated_at', to_char(s.metrics_updated_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                ORDER BY s.id)
           FROM social_accounts s
          WHERE s.creator_id = c.id
       ), '[]'::json) AS socials
  FROM roster_memberships m
  JOIN creators c ON c.id = m.creator_id
 WHERE m.agency_id = $1 ${afterCursor}
 ORDER BY m.creator_id DESC
 LIMIT $2`;

/**
 * The creator an operation targets: agency keys must name one on their roster (`fieldPath` is the
 * input that names it), creator keys are themselves (naming another creator is a 404).
 */
export async function resolveTargetCreator(
  db: Db,
  reader: Owner,
  creatorId: string | undefined,
  fieldPath: string,
): Promise<Creator> {
  if (reader.type === 'agency' && !creatorId) {
    throw new ApiError('validation-error', `${fieldPath}: required with an agency key (a creator on your roster).`, {
      errors: [{ path: fieldPath, message: 'Required with an agency key: the id of a creator on your roster.', code: 'required' }],
    });
  }
  const target = creatorId ?? reader.id;
  await assertCreatorVisible(db, reader, target);
  const creator = await db.creator.findUnique({ where: { id: target } });
  if (!creator) throw notFound('creator', target);
  return creator;
}
