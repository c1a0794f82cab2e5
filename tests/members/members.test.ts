import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, roleScopes } from '../../src/server/auth/scopes';
import { NO_CLIENT } from '../../src/server/domain/actor';
import type { SessionPrincipal } from '../../src/server/domain/principal';
import { ACTING_FOR_COOKIE } from '../../src/server/lib/acting-for';
import { acceptInvitation, inviteMember, lookUpInvitation } from '../../src/server/services/members';
import { authFor, type Auth } from '../../src/server/web/auth';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { connectMcp, problemOf } from '../mcp/support';

/**
 * Agencies are teams (issue 32): roles declared once with the scopes, carried by the session
 * principal; refusals the same through the UI's door, REST and MCP; invitations (hash only, expiry,
 * revoke, resend, the invited address only); removal refused on the next call while the agency's
 * keys keep working; the account switcher's choice checked against memberships; the audit trail.
 * Sessions are real better-auth sessions (cookie → gateway.authenticateSession).
 */
const PASSWORD = 'a long enough passphrase';
const PROBLEMS = 'https://creator-api.dev/problems/';

let t: TestApp;
let auth: Auth;
let agency: { id: string; ownerUserId: string };
let ownerKey: string;

beforeAll(async () => {
  t = await startTestApp({ config: { mailOutbox: true, smtpUrl: null } });
  auth = await authFor(t.app);
  agency = await t.agency({ name: 'Team Agency' });
  ownerKey = await t.key({ type: 'agency', id: agency.id }, ['all']);
});
afterAll(() => t?.close());

/** A confirmed person with a real session cookie. */
async function person(label: string): Promise<{ id: string; email: string; cookie: string }> {
  const email = `${label}-${randomBytes(4).toString('hex')}@team.test`;
  const { user } = await auth.api.signUpEmail({ body: { name: label, email, password: PASSWORD } });
  await t.db.user.update({ where: { id: user.id }, data: { emailVerified: true } });
  const signedIn = await auth.api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { id: user.id, email, cookie };
}

async function session(cookie: string, actingFor?: string): Promise<SessionPrincipal | null> {
  const header = actingFor ? `${cookie}; ${ACTING_FOR_COOKIE}=${actingFor}` : cookie;
  return t.app.gateway.authenticateSession(new Headers({ cookie: header }));
}

async function ui(principal: SessionPrincipal, operation: string, input: unknown) {
  return t.app.gateway.call(operation, input, principal, { door: 'ui', requestId: `req_${operation}_${randomBytes(3).toString('hex')}`, client: { address: '198.51.100.7', userAgent: 'team test' } });
}

async function ownerSession(): Promise<SessionPrincipal> {
  const principal = await t.app.gateway.authenticateSession(new Headers());
  expect(principal).toBeNull();
  // The owner created by the test helper has no password; act as them through a direct principal read.
  const { sessionPrincipal } = await import('../../src/server/services/accounts');
  return (await sessionPrincipal(t.db, { userId: agency.ownerUserId, sessionId: 'owner-session' }, `agency:${agency.id}`))!;
}

/** Invites `who` as `role` through the gateway as the owner and accepts with their account. */
async function join(owner: SessionPrincipal, who: { id: string; email: string }, role: 'admin' | 'member' | 'viewer') {
  const invited = await ui(owner, 'members.invite', { email: who.email, role });
  expect(invited.ok, JSON.stringify(invited)).toBe(true);
  const mail = t.app.services.mailer.outbox!.list().find((entry) => entry.message.to === who.email && entry.message.template === 'agency-invitation');
  expect(mail, 'the invitation mail is in the outbox').toBeDefined();
  const token = new URL(/https?:\/\/\S+\/invite\?token=[^\s"<]+/.exec(mail!.message.text)![0]).searchParams.get('token')!;
  await acceptInvitation(t.db, token, who, NO_CLIENT);
  return token;
}

describe('roles', () => {
  it('are declared once: member has no keys, webhooks, logs or audit; viewer only reads; admin all but ownership', () => {
    const member = roleScopes('agency', 'member');
    for (const p of ['api_keys:write', 'webhooks:read', 'webhooks:write', 'audit:read', 'logs:read', 'members:write', 'ownership:write'] as const) expect(member).not.toContain(p);
    for (const p of ['roster:write', 'media_kits:write', 'decks:write', 'campaigns:write', 'analytics:read', 'members:read'] as const) expect(member).toContain(p);
    expect(roleScopes('agency', 'viewer').every((p) => p.endsWith(':read'))).toBe(true);
    expect(roleScopes('agency', 'viewer')).toContain('roster:read');
    expect(roleScopes('agency', 'admin')).toEqual(expect.arrayContaining(['api_keys:write', 'webhooks:write', 'members:write', 'audit:read', ...ALL_SCOPES.filter((s) => s !== 'profile:read' && !s.startsWith('link_in_bio'))]));
    expect(roleScopes('agency', 'admin')).not.toContain('ownership:write');
    expect(roleScopes('agency', 'owner')).toContain('ownership:write');
    expect(roleScopes('creator', 'owner')).not.toContain('members:write');
  });
});

describe('members through the gateway', () => {
  let owner: SessionPrincipal;
  let admin: { id: string; email: string; cookie: string };
  let member: { id: string; email: string; cookie: string };
  let viewer: { id: string; email: string; cookie: string };

  beforeAll(async () => {
    owner = await ownerSession();
    [admin, member, viewer] = await Promise.all([person('admin'), person('member'), person('viewer')]);
    await join(owner, admin, 'admin');
    await join(owner, member, 'member');
    await join(owner, viewer, 'viewer');
  });

  it('gives each member their role from the membership, and refuses what the role lacks with the same 403 as REST and MCP', async () => {
    const [asAdmin, asMember, asViewer] = await Promise.all([session(admin.cookie), session(member.cookie), session(viewer.cookie)]);
    expect(asAdmin).toMatchObject({ subjectType: 'agency', subjectId: agency.id, role: 'admin', userId: admin.id });
    expect(asMember).toMatchObject({ subjectId: agency.id, role: 'member' });
    expect(asViewer).toMatchObject({ subjectId: agency.id, role: 'viewer' });

    // The member works on the roster; cannot create keys or webhooks or read the audit log.
    expect((await ui(asMember!, 'creators.create', { display_name: 'Member Made' })).status).toBe(201);
    const keyRefused = await ui(asMember!, 'apiKeys.create', { name: 'nope', scopes: ['roster:read'], expires_in_days: null });
    expect(keyRefused).toMatchObject({ ok: false, status: 403, problem: { slug: 'insufficient-scope' } });
    expect(!keyRefused.ok && keyRefused.problem.detail).toMatch(/^Your role does not allow this: it requires the api_keys:write permission/);
    expect(await ui(asMember!, 'members.invite', { email: 'x@team.test', role: 'viewer' })).toMatchObject({ ok: false, status: 403, problem: { slug: 'insufficient-scope' } });

    // The viewer reads and changes nothing: the same slug and status a key without roster:write gets over REST and MCP.
    const viewerRefused = await ui(asViewer!, 'creators.create', { display_name: 'Viewer Made' });
    expect(viewerRefused).toMatchObject({ ok: false, status: 403, problem: { slug: 'insufficient-scope' } });
    expect((await ui(asViewer!, 'creators.list', {})).status).toBe(200);
    expect((await ui(asViewer!, 'members.list', {})).status).toBe(200);
    const readOnlyKey = await t.key({ type: 'agency', id: agency.id }, ['roster:read']);
    const rest = await t.request('/public/v1/creators', { method: 'POST', key: readOnlyKey, json: { display_name: 'Key Made' } });
    expect(rest.status).toBe(403);
    expect((await readProblem(rest)).type).toBe(`${PROBLEMS}insufficient-scope`);
    const mcp = await connectMcp(t, readOnlyKey);
    try {
      const problem = problemOf(await mcp.callTool({ name: 'creators_create', arguments: { display_name: 'Tool Made' } }));
      expect(problem).toMatchObject({ status: 403, type: `${PROBLEMS}insufficient-scope` });
    } finally {
      await mcp.close();
    }

    // The admin manages keys and members, but cannot transfer ownership.
    const adminKey = await ui(asAdmin!, 'apiKeys.create', { name: 'admin key', scopes: ['roster:read'], expires_in_days: null });
    expect(adminKey.ok).toBe(true);
    expect(await ui(asAdmin!, 'members.transferOwnership', { user_id: member.id })).toMatchObject({ ok: false, status: 403, problem: { slug: 'insufficient-scope' } });
  });

  it('refuses a removed member from their next call, while the key they created keeps working', async () => {
    const extra = await person('leaver');
    await join(owner, extra, 'admin');
    const before = await session(extra.cookie);
    expect(before).toMatchObject({ subjectId: agency.id, role: 'admin' });
    const created = await ui(before!, 'apiKeys.create', { name: 'made by leaver', scopes: ['roster:read'], expires_in_days: null });
    const { key: createdKey, secret } = (created.ok ? (created.body as { data: { key: { id: string }; secret: string } }).data : { key: { id: '' }, secret: '' });

    expect((await ui(owner, 'members.remove', { user_id: extra.id })).status).toBe(200);
    // Same cookie, next request: no agency any more (this person has no other account).
    expect(await session(extra.cookie)).toBeNull();
    // A principal built before the removal is a stale snapshot; each door builds a fresh one per request.
    expect((await t.request('/public/v1/creators', { key: secret })).status).toBe(200);
    const keyRow = await t.db.apiKey.findUniqueOrThrow({ where: { id: createdKey.id } });
    expect(keyRow.userId).toBe(extra.id);
  });

  it('keeps the owner: no removal, no role change; ownership moves by transfer and the old owner stays as admin', async () => {
    expect(await ui(owner, 'members.remove', { user_id: agency.ownerUserId })).toMatchObject({ ok: false, status: 409 });
    expect(await ui(owner, 'members.setRole', { user_id: agency.ownerUserId, role: 'viewer' })).toMatchObject({ ok: false, status: 409 });
    expect(await ui(owner, 'members.setRole', { user_id: member.id, role: 'owner' })).toMatchObject({ ok: false, status: 400 });
    expect((await ui(owner, 'members.setRole', { user_id: viewer.id, role: 'member' })).status).toBe(200);
    expect(await session(viewer.cookie)).toMatchObject({ role: 'member' });
  });

  it('transfers ownership (owners only): the new owner gets ownership:write, the previous one stays as admin', async () => {
    const team = await t.agency({ name: 'Transfer Agency' });
    const { sessionPrincipal } = await import('../../src/server/services/accounts');
    const first = (await sessionPrincipal(t.db, { userId: team.ownerUserId, sessionId: 'first-owner' }))!;
    const heir = await person('heir');
    await join(first, heir, 'admin');
    expect((await ui(first, 'members.transferOwnership', { user_id: heir.id })).status).toBe(200);
    expect(await session(heir.cookie, `agency:${team.id}`)).toMatchObject({ subjectId: team.id, role: 'owner', scopes: expect.arrayContaining(['ownership:write']) });
    expect(await sessionPrincipal(t.db, { userId: team.ownerUserId, sessionId: 'first-owner' })).toMatchObject({ role: 'admin' });
    expect((await t.db.agency.findUniqueOrThrow({ where: { id: team.id } })).ownerUserId).toBe(heir.id);
    const audit = await t.db.auditEvent.findFirstOrThrow({ where: { subjectId: team.id, action: 'ownership.transferred' } });
    expect(audit.changes).toMatchObject({ owner: [expect.any(String), heir.email] });
  });

  it('records invitations, joins, role changes and removals in the audit log', async () => {
    const response = await t.request('/public/v1/audit-events?limit=100', { key: ownerKey });
    const { data } = (await response.json()) as { data: { action: string; actor: { id: string }; changes: Record<string, unknown> }[] };
    const actions = data.map((e) => e.action);
    for (const action of ['member.invited', 'member.joined', 'member.role_changed', 'member.removed']) expect(actions).toContain(action);
    const joined = data.find((e) => e.action === 'member.joined' && e.actor.id === member.id);
    expect(joined?.changes).toMatchObject({ email: [null, member.email], role: [null, 'member'] });
    expect(JSON.stringify(data)).not.toMatch(/token/i);
  });
});

describe('invitations', () => {
  const actor = { type: 'operator' as const, id: 'cli', label: 'test', client: NO_CLIENT, requestId: null };

  it('store only a hash of the token, expire after 7 days, and work once, for the invited address only', async () => {
    const invitee = await person('invitee');
    const { invitation, token } = await inviteMember(t.db, actor, agency.id, { email: invitee.email.toUpperCase(), role: 'member', invitedByUserId: null });
    expect(invitation.email).toBe(invitee.email);
    const row = await t.db.agencyInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const stranger = await person('stranger');
    await expect(acceptInvitation(t.db, token, stranger, NO_CLIENT)).rejects.toMatchObject({ slug: 'conflict' });

    await t.db.agencyInvitation.update({ where: { id: invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await lookUpInvitation(t.db, token)).toMatchObject({ status: 'expired' });
    await expect(acceptInvitation(t.db, token, invitee, NO_CLIENT)).rejects.toMatchObject({ slug: 'conflict', detail: expect.stringMatching(/expired/) });

    // Resend: a new link and a new week; the old link is dead.
    const owner = await ownerSession();
    const resent = await ui(owner, 'members.resendInvitation', { invitation_id: invitation.id });
    expect(resent.ok).toBe(true);
    expect(await lookUpInvitation(t.db, token)).toEqual({ status: 'invalid' });
    const mail = t.app.services.mailer.outbox!.list().find((entry) => entry.message.to === invitee.email)!;
    const fresh = new URL(/https?:\/\/\S+\/invite\?token=[^\s"<]+/.exec(mail.message.text)![0]).searchParams.get('token')!;
    expect(await lookUpInvitation(t.db, fresh)).toMatchObject({ status: 'valid', role: 'member', hasAccount: true });

    await acceptInvitation(t.db, fresh, invitee, NO_CLIENT);
    await expect(acceptInvitation(t.db, fresh, invitee, NO_CLIENT)).rejects.toMatchObject({ slug: 'not-found' });
    expect(await session(invitee.cookie)).toMatchObject({ subjectId: agency.id, role: 'member' });
  });

  it('can be revoked: the link stops working at once', async () => {
    const owner = await ownerSession();
    const invitee = await person('revoked');
    const { invitation, token } = await inviteMember(t.db, actor, agency.id, { email: invitee.email, role: 'viewer', invitedByUserId: null });
    expect((await ui(owner, 'members.revokeInvitation', { invitation_id: invitation.id })).status).toBe(200);
    expect(await lookUpInvitation(t.db, token)).toEqual({ status: 'invalid' });
    await expect(acceptInvitation(t.db, token, invitee, NO_CLIENT)).rejects.toMatchObject({ slug: 'not-found' });
    expect(await session(invitee.cookie)).toBeNull();
  });

  it('refuses inviting someone who is already a member', async () => {
    const owner = await ownerSession();
    const ownerEmail = (await t.db.user.findUniqueOrThrow({ where: { id: agency.ownerUserId } })).email;
    expect(await ui(owner, 'members.invite', { email: ownerEmail, role: 'admin' })).toMatchObject({ ok: false, status: 409 });
  });
});

describe('the account switcher', () => {
  it('acts for the chosen account only while the person is a member of it; access comes from membership only', async () => {
    const other = await t.agency({ name: 'Second Agency' });
    const person2 = await person('two-hats');
    const creator = await t.creatorAccount();
    // On a roster is not a membership: the creator account's person gets no agency access.
    const { sessionPrincipal } = await import('../../src/server/services/accounts');
    expect(await sessionPrincipal(t.db, { userId: creator.userId, sessionId: 's' }, `agency:${agency.id}`)).toMatchObject({ subjectType: 'creator', subjectId: creator.id });

    const owner = await ownerSession();
    await join(owner, person2, 'viewer');
    const otherOwner = (await sessionPrincipal(t.db, { userId: other.ownerUserId, sessionId: 'o' }))!;
    await join(otherOwner, person2, 'admin');

    expect(await session(person2.cookie, `agency:${other.id}`)).toMatchObject({ subjectId: other.id, role: 'admin' });
    expect(await session(person2.cookie, `agency:${agency.id}`)).toMatchObject({ subjectId: agency.id, role: 'viewer' });
    // A choice naming an agency they are not in falls back to their first account.
    const stranger = await t.agency();
    expect((await session(person2.cookie, `agency:${stranger.id}`))?.subjectId).not.toBe(stranger.id);

    expect((await ui(otherOwner, 'members.remove', { user_id: person2.id })).status).toBe(200);
    expect(await session(person2.cookie, `agency:${other.id}`)).toMatchObject({ subjectId: agency.id, role: 'viewer' });
  });
});
