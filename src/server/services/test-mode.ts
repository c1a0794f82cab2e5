import type { Db } from '../db/database';
import type { Owner } from '../domain/owner';
import type { PrincipalMode } from '../domain/principal';
import { ApiError } from '../domain/errors';
import { isUniqueViolation } from '../db/unique-violation';
import { newObjectId } from '../lib/object-id';

/**
 * Test mode (issue 31). A test key (`crk_test_agency_…`, `crk_test_creator_…`) and a settings session
 * with the "Test mode" switch on act on the subject's sandbox twin: an ordinary agencies/creators row
 * with `livemode = false` and `live_id` naming the live subject. Every resource (creator, kit, page,
 * deck, campaign, import, webhook endpoint, event, request log, audit entry, allowance counter) is
 * scoped by its subject already, so the twin isolates test data from live data both ways without a
 * mode column on each table. The twin has its live subject's plan and entitlement (copied here, kept
 * equal by a database trigger); the user stays the same person.
 *
 * The twin is made lazily — by the first test key, or the first time test mode is opened in the
 * settings UI — and at most once: the unique `live_id` settles two concurrent first requests.
 */

export interface Twin extends Owner {
  /** The live subject this twin mirrors. */
  liveId: string;
}

/** A subject row's test-mode columns, from the agency or creator table. */
async function modeColumns(db: Db, subject: Owner): Promise<{ livemode: boolean; liveId: string | null }> {
  const select = { livemode: true, liveId: true } as const;
  const row =
    subject.type === 'agency'
      ? await db.agency.findUnique({ where: { id: subject.id }, select })
      : await db.creator.findUnique({ where: { id: subject.id }, select });
  if (!row) throw new ApiError('not-found', `No ${subject.type} with id ${subject.id}.`);
  return row;
}

/** The mode of a subject row: live unless it is a twin or test data (a creator a test agency added). */
export async function subjectMode(db: Db, subject: Owner): Promise<PrincipalMode> {
  return (await modeColumns(db, subject)).livemode ? 'live' : 'test';
}

/** The live subject a test subject mirrors (itself when it is live). */
export async function liveSubjectOf(db: Db, subject: Owner): Promise<Owner> {
  return { type: subject.type, id: (await modeColumns(db, subject)).liveId ?? subject.id };
}

async function findTwin(db: Db, live: Owner): Promise<Twin | null> {
  const row =
    live.type === 'agency'
      ? await db.agency.findUnique({ where: { liveId: live.id }, select: { id: true } })
      : await db.creator.findUnique({ where: { liveId: live.id }, select: { id: true } });
  return row ? { type: live.type, id: row.id, liveId: live.id } : null;
}

/**
 * The sandbox twin of a live agency or creator, made on first use. Concurrent callers get the same
 * twin: the insert is `ON CONFLICT (live_id) DO NOTHING`, then everyone reads the one row that won.
 */
export async function ensureTwin(db: Db, live: Owner): Promise<Twin> {
  const existing = await findTwin(db, live);
  if (existing) return existing;
  if (live.type === 'agency') {
    const agency = await db.agency.findUnique({ where: { id: live.id }, select: { name: true, slug: true, livemode: true, ownerUserId: true, planCode: true, entitlement: true } });
    if (!agency) throw new ApiError('not-found', `No agency with id ${live.id}.`);
    if (!agency.livemode) throw new ApiError('conflict', `Agency ${live.id} is itself a test-mode twin.`);
    for (let attempt = 0; ; attempt += 1) {
      // Its own slug (slugs are global): a test roster page never takes a live address.
      const slug = `${agency.slug.slice(0, 40)}-test-${newObjectId().slice(-6)}`;
      try {
        await db.$executeRaw`
          INSERT INTO agencies (id, name, slug, owner_user_id, plan_code, entitlement, livemode, live_id, updated_at)
          VALUES (${newObjectId()}, ${agency.name}, ${slug}, ${agency.ownerUserId}, ${agency.planCode}, ${agency.entitlement}::"Entitlement", false, ${live.id}, now() AT TIME ZONE 'UTC')
          ON CONFLICT (live_id) DO NOTHING`;
        break;
      } catch (error) {
        if (!isUniqueViolation(error, 'slug') || attempt >= 3) throw error;
      }
    }
  } else {
    const creator = await db.creator.findUnique({ where: { id: live.id } });
    if (!creator) throw new ApiError('not-found', `No creator with id ${live.id}.`);
    if (!creator.livemode) throw new ApiError('conflict', `Creator ${live.id} is itself test data.`);
    if (!creator.userId) throw new ApiError('conflict', `Creator ${live.id} is a roster entry without its own account; it has no test mode.`);
    // No user_id (it is unique, and the person signs in as the live creator); test keys carry the user.
    await db.$executeRaw`
      INSERT INTO creators (id, username, display_name, email, avatar_url, bio, location, country, languages, tags, plan_code, entitlement, livemode, live_id, updated_at)
      VALUES (${newObjectId()}, ${creator.username}, ${creator.displayName}, ${creator.email}, ${creator.avatarUrl}, ${creator.bio}, ${creator.location},
              ${creator.country}, ${creator.languages}, ${creator.tags}, ${creator.planCode}, ${creator.entitlement}::"Entitlement", false, ${live.id}, now() AT TIME ZONE 'UTC')
      ON CONFLICT (live_id) DO NOTHING`;
  }
  const twin = await findTwin(db, live);
  if (!twin) throw new Error(`the test-mode twin of ${live.type} ${live.id} vanished after it was made`);
  return twin;
}

/** The subject to act on in `mode`: the live subject itself, or its twin (made on first use). */
export async function subjectInMode(db: Db, live: Owner, mode: PrincipalMode): Promise<Owner> {
  if (mode === 'live') return live;
  const twin = await ensureTwin(db, live);
  return { type: twin.type, id: twin.id };
}

/** The settings UI's switch: a cookie holding `test` while it is on; any other value (or none) is live. */
export const TEST_MODE_COOKIE = 'creator_api_mode';

/** The mode a request's cookie asks for, validated: only the exact value `test` turns test mode on. */
export function modeFromCookieHeader(cookieHeader: string | null | undefined): PrincipalMode {
  if (!cookieHeader) return 'live';
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === TEST_MODE_COOKIE) return part.slice(eq + 1).trim() === 'test' ? 'test' : 'live';
  }
  return 'live';
}

/**
 * A settings session in `mode`: in test mode its subject becomes the twin (made on first use), so
 * every page and every operation the UI calls acts on test data; the person, role and plan stay.
 */
export async function principalInMode<P extends { subjectType: Owner['type']; subjectId: string; mode: PrincipalMode }>(db: Db, principal: P, mode: PrincipalMode): Promise<P> {
  if (mode === 'live') return principal;
  const twin = await ensureTwin(db, { type: principal.subjectType, id: principal.subjectId });
  return { ...principal, subjectId: twin.id, mode: 'test' };
}
