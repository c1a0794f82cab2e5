import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import type { AssignableRole, Role } from '../auth/scopes';
import type { Actor } from '../domain/actor';
import { ApiError } from '../domain/errors';
import type { Owner } from '../domain/owner';
import { newObjectId } from '../lib/object-id';
import type { Mailer } from '../mail/mailer';
import { agencyInvitationMail } from '../mail/templates';
import { recordAudit } from './audit-events';

/**
 * Agencies are teams (issue 32): members with roles, and invitations by email. Our own tables
 * (`agency_members`, `agency_invitations`) rather than better-auth's organization plugin — see
 * README "Teams" for why. Every change is one transaction with its audit row. Who may call what is
 * not decided here but by each operation's session permission (members:write, ownership:write) in
 * the gateway; the rules here are the ones no permission changes: the owner stays a member with
 * role owner until ownership moves, and nobody becomes owner by an invitation or a role change.
 */

/** Invitation links work for a week. */
export const INVITATION_DAYS = 7;

export interface MemberView {
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  joined_at: string;
}

export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  expires_at: string;
  expired: boolean;
  created_at: string;
}

const agencyOwner = (agencyId: string): Owner => ({ type: 'agency', id: agencyId });
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const normalizeEmail = (email: string) => email.trim().toLowerCase();

function invitationView(row: { id: string; email: string; role: Role; expiresAt: Date; createdAt: Date; invitedBy: { email: string; name: string | null } | null }, now = new Date()): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invitedBy ? row.invitedBy.name || row.invitedBy.email : null,
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMembers(db: Db, agencyId: string): Promise<{ members: MemberView[]; invitations: InvitationView[] }> {
  const [members, invitations] = await Promise.all([
    db.agencyMember.findMany({ where: { agencyId }, include: { user: { select: { email: true, name: true } } }, orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }] }),
    db.agencyInvitation.findMany({ where: { agencyId }, include: { invitedBy: { select: { email: true, name: true } } }, orderBy: { createdAt: 'desc' } }),
  ]);
  const rank: Record<Role, number> = { owner: 0, admin: 1, member: 2, viewer: 3 };
  return {
    members: members
      .map((m) => ({ user_id: m.userId, email: m.user.email, name: m.user.name, role: m.role, joined_at: m.createdAt.toISOString() }))
      .sort((a, b) => rank[a.role] - rank[b.role]),
    invitations: invitations.map((i) => invitationView(i)),
  };
}

/** The member `userId` of the agency, or a 404 that names them. */
async function memberOrThrow(tx: Pick<Db, 'agencyMember'>, agencyId: string, userId: string) {
  const member = await tx.agencyMember.findUnique({ where: { agencyId_userId: { agencyId, userId } }, include: { user: { select: { email: true } } } });
  if (!member) throw new ApiError('not-found', `No member with user id ${userId} in this agency.`);
  return member;
}

/**
 * Invites `email` as `role`: a pending invitation with a fresh link (the token is returned once,
 * only its hash is stored). Inviting an address again replaces its pending invitation: a new link,
 * a new week, the old link dead. A person who is already a member is a 409.
 */
export async function inviteMember(
  db: Db,
  actor: Actor,
  agencyId: string,
  input: { email: string; role: AssignableRole; invitedByUserId: string | null },
): Promise<{ invitation: InvitationView; token: string }> {
  const email = normalizeEmail(input.email);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  try {
    const row = await db.$transaction(async (tx) => {
      const existing = await tx.agencyMember.findFirst({ where: { agencyId, user: { email } }, select: { userId: true } });
      if (existing) throw new ApiError('conflict', `${email} is already a member of this agency; change their role instead.`);
      await tx.agencyInvitation.deleteMany({ where: { agencyId, email } });
      const created = await tx.agencyInvitation.create({
        data: { id: newObjectId(), agencyId, email, role: input.role, tokenHash: hashToken(token), invitedByUserId: input.invitedByUserId, expiresAt },
        include: { invitedBy: { select: { email: true, name: true } } },
      });
      await recordAudit(tx, actor, { subject: agencyOwner(agencyId), action: 'member.invited', target: { type: 'invitation', id: created.id }, changes: { email: [null, email], role: [null, input.role] } });
      return created;
    });
    return { invitation: invitationView(row), token };
  } catch (error) {
    // Two invitations for one address at once: the unique (agency, email) keeps one.
    if (isUniqueViolation(error)) throw new ApiError('conflict', `An invitation for ${email} was just sent; reload to see it.`);
    throw error;
  }
}

/** A new link and a new week for a pending invitation (the old link stops working). */
export async function resendInvitation(db: Db, actor: Actor, agencyId: string, invitationId: string): Promise<{ invitation: InvitationView; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const row = await db.$transaction(async (tx) => {
    const { count } = await tx.agencyInvitation.updateMany({ where: { id: invitationId, agencyId }, data: { tokenHash: hashToken(token), expiresAt } });
    if (count === 0) throw new ApiError('not-found', `No pending invitation with id ${invitationId}.`);
    const updated = await tx.agencyInvitation.findUniqueOrThrow({ where: { id: invitationId }, include: { invitedBy: { select: { email: true, name: true } } } });
    await recordAudit(tx, actor, { subject: agencyOwner(agencyId), action: 'member.invited', target: { type: 'invitation', id: invitationId }, changes: { email: [null, updated.email], role: [null, updated.role], resent: [false, true] } });
    return updated;
  });
  return { invitation: invitationView(row), token };
}

export async function revokeInvitation(db: Db, actor: Actor, agencyId: string, invitationId: string): Promise<InvitationView> {
  return db.$transaction(async (tx) => {
    const row = await tx.agencyInvitation.findFirst({ where: { id: invitationId, agencyId }, include: { invitedBy: { select: { email: true, name: true } } } });
    if (!row) throw new ApiError('not-found', `No pending invitation with id ${invitationId}.`);
    const { count } = await tx.agencyInvitation.deleteMany({ where: { id: invitationId } });
    if (count === 0) throw new ApiError('not-found', `No pending invitation with id ${invitationId}.`);
    await recordAudit(tx, actor, { subject: agencyOwner(agencyId), action: 'member.invitation_revoked', target: { type: 'invitation', id: invitationId }, changes: { email: [row.email, null], role: [row.role, null] } });
    return invitationView(row);
  });
}

/** Mails the invitation link; the caller builds nothing but the base URL. */
export async function sendInvitationMail(
  db: Db,
  mailer: Mailer,
  baseUrl: string,
  agencyId: string,
  sent: { invitation: InvitationView; token: string },
): Promise<string> {
  const agency = await db.agency.findUniqueOrThrow({ where: { id: agencyId }, select: { name: true } });
  const url = invitationUrl(baseUrl, sent.token);
  await mailer.send(
    agencyInvitationMail({ to: sent.invitation.email, agencyName: agency.name, invitedBy: sent.invitation.invited_by, role: sent.invitation.role, url, validDays: INVITATION_DAYS }),
  );
  return url;
}

export function invitationUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/invite?token=${encodeURIComponent(token)}`;
}

/** Changes a member's role. The owner's role moves only with a transfer of ownership. */
export async function setMemberRole(db: Db, actor: Actor, agencyId: string, userId: string, role: AssignableRole): Promise<MemberView> {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ role: Role }[]>`SELECT role::text AS role FROM agency_members WHERE agency_id = ${agencyId} AND user_id = ${userId} FOR UPDATE`;
    if (!locked) throw new ApiError('not-found', `No member with user id ${userId} in this agency.`);
    if (locked.role === 'owner') throw new ApiError('conflict', "The owner's role changes only by transferring ownership to another member.");
    const member = await tx.agencyMember.update({ where: { agencyId_userId: { agencyId, userId } }, data: { role }, include: { user: { select: { email: true, name: true } } } });
    if (locked.role !== role) {
      await recordAudit(tx, actor, { subject: agencyOwner(agencyId), action: 'member.role_changed', target: { type: 'user', id: userId }, changes: { email: [member.user.email, member.user.email], role: [locked.role, role] } });
    }
    return { user_id: userId, email: member.user.email, name: member.user.name, role: member.role, joined_at: member.createdAt.toISOString() };
  });
}

/**
 * Removes a member: their next request for this agency is refused (the gateway reads memberships
 * on every call). The agency's API keys stay: they belong to the agency, whoever created them.
 */
export async function removeMember(db: Db, actor: Actor, agencyId: string, userId: string): Promise<{ user_id: string; email: string; role: Role }> {
  return db.$transaction(async (tx) => {
    const member = await memberOrThrow(tx, agencyId, userId);
    if (member.role === 'owner') throw new ApiError('conflict', 'The owner cannot be removed; transfer ownership to another member first.');
    const { count } = await tx.agencyMember.deleteMany({ where: { agencyId, userId, role: { not: 'owner' } } });
    if (count === 0) throw new ApiError('not-found', `No member with user id ${userId} in this agency.`);
    await recordAudit(tx, actor, { subject: agencyOwner(agencyId), action: 'member.removed', target: { type: 'user', id: userId }, changes: { email: [member.user.email, null], role: [member.role, null] } });
    return { user_id: userId, email: member.user.email, role: member.role };
  });
}

/** Makes the member `toUserId` the owner; the previous owner stays on as an admin. */
export async function transferOwnership(db: Db, actor: Actor, agencyId: string, toUserId: string): Promise<{ previous_owner_user_id: string; owner_user_id: string }> {
  return db.$transaction(async (tx) => {
    const [agency] = await tx.$queryRaw<{ owner_user_id: string }[]>`SELECT owner_user_id FROM agencies WHERE id = ${agencyId} FOR UPDATE`;
    if (!agency) throw new ApiError('not-found', `No agency with id ${agencyId}.`);
    const target = await memberOrThrow(tx, agencyId, toUserId);
    if (agency.owner_user_id === toUserId) throw new ApiError('conflict', `${target.user.email} already owns this agency.`);
    const previous = await tx.user.findUnique({ where: { id: agency.owner_user_id }, select: { email: true } });
    await tx.agencyMember.updateMany({ where: { agencyId, userId: agency.owner_user_id }, data: { role: 'admin' } });
    await tx.agencyMember.update({ where: { agencyId_userId: { agencyId, userId: toUserId } }, data: { role: 'owner' } });
    await tx.agency.update({ where: { id: agencyId }, data: { ownerUserId: toUserId } });
    await recordAudit(tx, actor, {
      subject: agencyOwner(agencyId),
      action: 'ownership.transferred',
      target: { type: 'agency', id: agencyId },
      changes: { owner: [previous?.email ?? agency.owner_user_id, target.user.email] },
    });
    return { previous_owner_user_id: agency.owner_user_id, owner_user_id: toUserId };
  });
}

/** Members of an agency by email (the operator CLI names people by address). */
export async function memberUserIdByEmail(db: Db, agencyId: string, email: string): Promise<string> {
  const member = await db.agencyMember.findFirst({ where: { agencyId, user: { email: normalizeEmail(email) } }, select: { userId: true } });
  if (!member) throw new ApiError('not-found', `${normalizeEmail(email)} is not a member of this agency.`);
  return member.userId;
}

export type InvitationLookup =
  | { status: 'valid'; id: string; agencyId: string; agencyName: string; email: string; role: Role; invitedBy: string | null; expiresAt: Date; hasAccount: boolean }
  | { status: 'expired'; agencyName: string; email: string }
  | { status: 'invalid' };

/** What an invitation link stands for: valid, expired, or unknown (used, revoked, replaced or never issued). */
export async function lookUpInvitation(db: Db, token: string, now = new Date()): Promise<InvitationLookup> {
  if (token.length < 20 || token.length > 200) return { status: 'invalid' };
  const row = await db.agencyInvitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { agency: { select: { name: true } }, invitedBy: { select: { email: true, name: true } } },
  });
  if (!row) return { status: 'invalid' };
  if (row.expiresAt <= now) return { status: 'expired', agencyName: row.agency.name, email: row.email };
  const user = await db.user.findUnique({ where: { email: row.email }, select: { id: true } });
  return {
    status: 'valid',
    id: row.id,
    agencyId: row.agencyId,
    agencyName: row.agency.name,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy ? row.invitedBy.name || row.invitedBy.email : null,
    expiresAt: row.expiresAt,
    hasAccount: user !== null,
  };
}

/**
 * The person `user` accepts the invitation behind `token`: they become a member with its role
 * (already a member: nothing changes but the invitation is used up). Only the invited address can
 * accept it. The invitation row is claimed (deleted) first, so a link works once.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  user: { id: string; email: string },
  client: Actor['client'],
  now = new Date(),
): Promise<{ agencyId: string; role: Role }> {
  return db.$transaction(async (tx) => {
    const row = await tx.agencyInvitation.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!row) throw new ApiError('not-found', 'This invitation link is no longer valid: it was used, revoked or replaced by a newer one. Ask for a new invitation.');
    if (row.expiresAt <= now) throw new ApiError('conflict', 'This invitation has expired. Ask the agency to send it again.');
    if (normalizeEmail(user.email) !== row.email) throw new ApiError('conflict', `This invitation is for ${row.email}; sign in with that address to accept it.`);
    const { count } = await tx.agencyInvitation.deleteMany({ where: { id: row.id, tokenHash: row.tokenHash } });
    if (count === 0) throw new ApiError('not-found', 'This invitation link is no longer valid.');
    const existing = await tx.agencyMember.findUnique({ where: { agencyId_userId: { agencyId: row.agencyId, userId: user.id } } });
    if (existing) return { agencyId: row.agencyId, role: existing.role };
    await tx.agencyMember.create({ data: { agencyId: row.agencyId, userId: user.id, role: row.role } });
    const actor: Actor = { type: 'user', id: user.id, label: user.email, client, requestId: null };
    await recordAudit(tx, actor, { subject: agencyOwner(row.agencyId), action: 'member.joined', target: { type: 'user', id: user.id }, changes: { email: [null, user.email], role: [null, row.role] } });
    return { agencyId: row.agencyId, role: row.role };
  });
}
