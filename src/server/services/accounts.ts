import type { Db } from '../db/database';
import type { Owner } from '../domain/owner';
import { invalidateSharePages } from './share-page-invalidation';
import { ApiError } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import { slugCandidate, slugify } from '../lib/slug';
import { isUniqueViolation } from '../db/unique-violation';
import { announceKeyChange } from './api-key-cache';
import { recordAudit } from './audit-events';
import type { Actor } from '../domain/actor';
import { roleScopes, type Role } from '../auth/scopes';
import type { SessionPrincipal } from '../domain/principal';

/**
 * Who owns what an operator (or a signed-in user) creates: the user with this email, created if
 * absent; concurrent calls get the same user (the unique email settles it).
 *
 * An existing account whose address was never confirmed gets the agency or creator, but not with
 * the password or sessions it has: those were chosen by whoever typed the address into the sign-up
 * form, not necessarily the address's owner. They are removed (with any unconfirmed sign-up), so the
 * only way in is through the mailbox — "Forgot your password?" (or a confirmation link), which
 * confirms the address. A squatter who signed up first with someone's address gains nothing when the
 * operator runs `admin create-agency --owner-email` for it.
 */
async function ensureUser(db: Db, email: string, name: string | null) {
  const normalized = email.trim().toLowerCase();
  // Not upsert: Prisma runs it as a read then an insert, so two concurrent calls could both insert.
  await db.user.createMany({ data: [{ id: newObjectId(), email: normalized, name }], skipDuplicates: true });
  const user = await db.user.findUniqueOrThrow({ where: { email: normalized } });
  if (!user.emailVerified) await revokeUnprovenAccess(db, user.id);
  return user;
}

/** Removes what an unconfirmed account's creator set up: its password, its sessions, its pending sign-up. */
export async function revokeUnprovenAccess(db: Db, userId: string): Promise<void> {
  await db.$transaction([
    db.authAccount.deleteMany({ where: { userId, providerId: 'credential' } }),
    db.session.deleteMany({ where: { userId } }),
    db.pendingSignUp.deleteMany({ where: { userId } }),
  ]);
}

/** By email (operator CLI, setup page) — with the rule above — or by id (a confirmed sign-up). */
type OwnerRef = { ownerEmail: string } | { ownerUserId: string };

async function ownerUser(db: Db, owner: OwnerRef, name: string | null) {
  if ('ownerUserId' in owner) return db.user.findUniqueOrThrow({ where: { id: owner.ownerUserId } });
  return ensureUser(db, owner.ownerEmail, name);
}

export async function createAgency(db: Db, input: { name: string; planCode?: string } & OwnerRef) {
  const user = await ownerUser(db, input, null);
  const base = slugify(input.name, 'agency');
  for (let attempt = 0; ; attempt += 1) {
    try {
      const agency = await db.agency.create({
        data: {
          id: newObjectId(),
          name: input.name,
          slug: slugCandidate(base, attempt),
          ownerUserId: user.id,
          planCode: input.planCode ?? 'free',
        },
      });
      await invalidateSharePages(db, [`agency:${agency.id}`]);
      return { agency, user };
    } catch (error) {
      if (!isUniqueViolation(error, 'slug') || attempt >= 5) throw error;
    }
  }
}

/** A creator who signs in for themselves (a creator-key subject), as opposed to a roster entry. */
export async function createCreatorAccount(db: Db, input: { displayName: string; planCode?: string } & ({ email: string } | { ownerUserId: string })) {
  const user = await ownerUser(db, 'email' in input ? { ownerEmail: input.email } : { ownerUserId: input.ownerUserId }, input.displayName);
  const creator = await db.creator.create({
    data: {
      id: newObjectId(),
      username: slugify(input.displayName, 'creator').replace(/-/g, ''),
      displayName: input.displayName,
      email: user.email,
      userId: user.id,
      planCode: input.planCode ?? 'free',
    },
  });
  return { creator, user };
}

/**
 * A creator account's `email` is its person's sign-in address: after a change of sign-in email (or
 * any update of the user) the creator row follows. Roster creators have no user and keep theirs.
 */
export async function syncCreatorEmail(db: Db, user: { id: string; email: string }): Promise<void> {
  await db.creator.updateMany({ where: { userId: user.id, NOT: { email: user.email } }, data: { email: user.email } });
}

/** The user who acts for a subject: the agency owner, or the creator's own user. */
export async function subjectOwner(db: Db, subject: Owner): Promise<string> {
  if (subject.type === 'agency') {
    const agency = await db.agency.findUnique({ where: { id: subject.id }, select: { ownerUserId: true } });
    if (!agency) throw new ApiError('not-found', `No agency with id ${subject.id}.`);
    return agency.ownerUserId;
  }
  const creator = await db.creator.findUnique({ where: { id: subject.id }, select: { userId: true } });
  if (!creator) throw new ApiError('not-found', `No creator with id ${subject.id}.`);
  if (!creator.userId) {
    throw new ApiError('conflict', `Creator ${subject.id} is a roster entry without its own account; it cannot hold API keys.`);
  }
  return creator.userId;
}

export const ENTITLEMENTS = ['active', 'suspended'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

/**
 * The operator's plan and entitlement change (`admin set-plan`): one transaction with its audit rows
 * (`plan.changed`, `entitlement.changed`, each only when the value actually changes).
 */
export async function setPlan(
  db: Db,
  actor: Actor,
  subject: Owner,
  change: { planCode?: string; entitlement?: Entitlement },
) {
  if (change.planCode) {
    const plan = await db.plan.findUnique({ where: { code: change.planCode } });
    if (!plan) {
      const codes = (await db.plan.findMany({ select: { code: true } })).map((p) => p.code);
      throw new ApiError('validation-error', `Unknown plan "${change.planCode}"; plans are ${codes.join(', ')}.`);
    }
  }
  const data = {
    ...(change.planCode ? { planCode: change.planCode } : {}),
    ...(change.entitlement ? { entitlement: change.entitlement } : {}),
  };
  await db.$transaction(async (tx) => {
    const [before] =
      subject.type === 'agency'
        ? await tx.$queryRaw<{ plan_code: string; entitlement: string }[]>`SELECT plan_code, entitlement::text FROM agencies WHERE id = ${subject.id} FOR UPDATE`
        : await tx.$queryRaw<{ plan_code: string; entitlement: string }[]>`SELECT plan_code, entitlement::text FROM creators WHERE id = ${subject.id} FOR UPDATE`;
    if (!before) throw new ApiError('not-found', `No ${subject.type} with id ${subject.id}.`);
    if (subject.type === 'agency') await tx.agency.update({ where: { id: subject.id }, data });
    else await tx.creator.update({ where: { id: subject.id }, data });
    const target = { type: subject.type, id: subject.id };
    if (change.planCode && change.planCode !== before.plan_code) {
      await recordAudit(tx, actor, { subject, action: 'plan.changed', target, changes: { plan: [before.plan_code, change.planCode] } });
    }
    if (change.entitlement && change.entitlement !== before.entitlement) {
      await recordAudit(tx, actor, { subject, action: 'entitlement.changed', target, changes: { entitlement: [before.entitlement, change.entitlement] } });
    }
  });
  // The database trigger tells every instance (the CLI's change too); this one drops the subject's keys at once.
  announceKeyChange(db, { subject });
  return subject.type === 'agency'
    ? db.agency.findUniqueOrThrow({ where: { id: subject.id }, include: { plan: true } })
    : db.creator.findUniqueOrThrow({ where: { id: subject.id }, include: { plan: true } });
}

export interface UserSubject extends Owner {
  name: string;
  planCode: string;
  entitlement: Entitlement;
  /** The person's role there: a membership's role in an agency; `owner` of their own creator account. */
  role: Role;
}

/** `agency:<id>` / `creator:<id>`: how the header's switcher names a subject (lib/acting-for.ts). */
export function subjectKey(subject: Owner): string {
  return `${subject.type}:${subject.id}`;
}

const ROLE_ORDER: Record<Role, number> = { owner: 0, admin: 1, member: 2, viewer: 3 };

/**
 * Everything a signed-in user may act for: their own creator account first, then each agency they
 * are a member of (owned first, then by role and age). Access to an agency comes only from a
 * membership row — being on a roster gives a creator nothing.
 */
export async function subjectsForUser(db: Db, userId: string): Promise<UserSubject[]> {
  const [creator, memberships] = await Promise.all([
    db.creator.findUnique({ where: { userId }, select: { id: true, displayName: true, planCode: true, entitlement: true } }),
    db.agencyMember.findMany({
      where: { userId },
      select: { role: true, agency: { select: { id: true, name: true, planCode: true, entitlement: true } } },
      orderBy: { agencyId: 'asc' },
    }),
  ]);
  const subjects: UserSubject[] = [];
  if (creator) subjects.push({ type: 'creator', id: creator.id, name: creator.displayName, planCode: creator.planCode, entitlement: creator.entitlement, role: 'owner' });
  const agencies = [...memberships].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  for (const { role, agency } of agencies) subjects.push({ type: 'agency', id: agency.id, name: agency.name, planCode: agency.planCode, entitlement: agency.entitlement, role });
  return subjects;
}

/**
 * The subject a signed-in user acts for in the settings UI: the one chosen in the header's switcher
 * (`choice`, from its cookie) when the user may still act for it, else their first (creator account,
 * else an agency they are a member of). Null for a user with neither. Read on every request, so a
 * removed member loses the agency on their next click.
 */
export async function subjectForUser(db: Db, userId: string, choice: string | null = null): Promise<UserSubject | null> {
  const subjects = await subjectsForUser(db, userId);
  return subjects.find((subject) => subjectKey(subject) === choice) ?? subjects[0] ?? null;
}

/**
 * A signed-in person as the gateway's principal: the subject they act for (subjectForUser), their
 * role's permissions, and the subject's entitlement and plan — read on every call, so a suspension,
 * plan change, role change or removal applies to the next click as it does to the next API request.
 */
export async function sessionPrincipal(db: Db, session: { userId: string; sessionId: string }, choice: string | null = null): Promise<SessionPrincipal | null> {
  const subject = await subjectForUser(db, session.userId, choice);
  if (!subject) return null;
  const plan = await db.plan.findUniqueOrThrow({ where: { code: subject.planCode }, select: { code: true, pitchDeckAllowance: true, sponsorshipMatches: true } });
  return {
    kind: 'session',
    sessionId: session.sessionId,
    userId: session.userId,
    subjectType: subject.type,
    subjectId: subject.id,
    role: subject.role,
    scopes: roleScopes(subject.type, subject.role),
    entitlement: subject.entitlement,
    plan,
    mode: 'live',
  };
}
