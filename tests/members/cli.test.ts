import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookUpInvitation, acceptInvitation } from '../../src/server/services/members';
import { NO_CLIENT } from '../../src/server/domain/actor';
import { startTestApp, type TestApp } from '../support/app';

const exec = promisify(execFile);

/**
 * The operator CLI's team commands as a real process, on the same database the test app uses
 * (DATABASE_URL in CI; skipped on the embedded database, which one process at a time may open).
 */
describe.skipIf(!process.env.DATABASE_URL)('npm run admin: members, invite, set-role, remove-member, transfer-ownership', () => {
  let t: TestApp;
  let agency: { id: string; ownerUserId: string };

  beforeAll(async () => {
    t = await startTestApp();
    agency = await t.agency({ name: 'CLI Team' });
  });
  afterAll(() => t?.close());

  async function admin(...args: string[]) {
    return exec('npx', ['--no-install', 'tsx', 'scripts/admin.ts', ...args], { env: { ...process.env, SMTP_URL: '', PUBLIC_BASE_URL: 'https://app.example.test' } })
      .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
      .catch((error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));
  }

  it('invites, lists, changes roles, transfers ownership and removes, with --json and audit rows by the operator', async () => {
    const email = `cli-${randomBytes(4).toString('hex')}@team.test`;
    const invited = await admin('invite', '--agency-id', agency.id, '--email', email, '--role', 'viewer', '--json');
    expect(invited.code, invited.stderr).toBe(0);
    const invitation = JSON.parse(invited.stdout) as { id: string; email: string; role: string; url: string; mailed: boolean };
    expect(invitation).toMatchObject({ email, role: 'viewer', mailed: false });
    expect(invitation.url).toMatch(/^https:\/\/app\.example\.test\/invite\?token=/);
    const token = new URL(invitation.url).searchParams.get('token')!;
    expect(await lookUpInvitation(t.db, token)).toMatchObject({ status: 'valid', email });

    const listedRun = await admin('members', '--agency-id', agency.id, '--json');
    expect(listedRun.code, listedRun.stderr).toBe(0);
    const listed = JSON.parse(listedRun.stdout) as { members: { role: string }[]; invitations: { email: string }[] };
    expect(listed.members).toMatchObject([{ role: 'owner' }]);
    expect(listed.invitations).toMatchObject([{ email }]);

    const user = await t.db.user.create({ data: { id: randomBytes(12).toString('hex'), email, emailVerified: true } });
    await acceptInvitation(t.db, token, user, NO_CLIENT);

    const promoted = await admin('set-role', '--agency-id', agency.id, '--email', email, '--role', 'admin', '--json');
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(JSON.parse(promoted.stdout)).toMatchObject({ user_id: user.id, role: 'admin' });
    const ownerEmail = (await t.db.user.findUniqueOrThrow({ where: { id: agency.ownerUserId } })).email;
    const ownerGone = await admin('remove-member', '--agency-id', agency.id, '--email', ownerEmail);
    expect(ownerGone.code).toBe(1);
    expect(ownerGone.stderr).toMatch(/owner cannot be removed/);

    const transferred = await admin('transfer-ownership', '--agency-id', agency.id, '--email', email, '--json');
    expect(transferred.code, transferred.stderr).toBe(0);
    expect(JSON.parse(transferred.stdout)).toEqual({ previous_owner_user_id: agency.ownerUserId, owner_user_id: user.id });

    const previousOwnerEmail = (await t.db.user.findUniqueOrThrow({ where: { id: agency.ownerUserId } })).email;
    const removed = await admin('remove-member', '--agency-id', agency.id, '--email', previousOwnerEmail, '--json');
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({ user_id: agency.ownerUserId, role: 'admin' });

    const after = await t.db.agencyMember.findMany({ where: { agencyId: agency.id } });
    expect(after).toEqual([expect.objectContaining({ userId: user.id, role: 'owner' })]);
    const actions = (await t.db.auditEvent.findMany({ where: { subjectId: agency.id }, orderBy: { id: 'asc' } })).map((e) => `${e.actorType} ${e.action}`);
    expect(actions).toEqual(['operator member.invited', 'user member.joined', 'operator member.role_changed', 'operator ownership.transferred', 'operator member.removed']);
  }, 900_000);
});
