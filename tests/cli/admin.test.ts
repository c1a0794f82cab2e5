import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../support/app';

const exec = promisify(execFile);

/**
 * The operator CLI on the embedded database: it bootstraps agencies, creators and keys, and it
 * refuses (exit 3) while the service has the same PGlite folder open.
 */
describe('npm run admin', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'creator-api-cli-')), 'pglite');
  });

  async function admin(...args: string[]) {
    return exec('npx', ['--no-install', 'tsx', 'scripts/admin.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: dataDir },
    })
      .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
      .catch((error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));
  }

  let agencyId = '';
  let secret = '';
  let keyId = '';

  it('creates an agency and a key whose secret it prints once', async () => {
    const agency = await admin('create-agency', '--name', 'CLI Agency', '--owner-email', 'cli@agency.test', '--json');
    expect(agency.code, agency.stderr).toBe(0);
    agencyId = JSON.parse(agency.stdout).id;
    expect(agencyId).toMatch(/^[0-9a-f]{24}$/);
    // A new address nobody has confirmed: the owner gets in through "Forgot your password?".
    expect(JSON.parse(agency.stdout).owner_email_confirmed).toBe(false);

    const key = await admin('create-key', '--subject-type', 'agency', '--subject-id', agencyId, '--scopes', 'roster:read,decks:read', '--name', 'ci', '--json');
    expect(key.code, key.stderr).toBe(0);
    const created = JSON.parse(key.stdout);
    secret = created.secret;
    keyId = created.id;
    expect(secret).toMatch(/^crk_agency_/);
    expect(created.scopes).toEqual(['roster:read', 'decks:read']);

    const listed = await admin('list-keys', '--json');
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: keyId, status: 'active' }]);
    expect(listed.stdout).not.toContain(secret);
  }, 60_000);

  it('refuses scopes that do not suit the subject type, and bad usage', async () => {
    const wrong = await admin('create-key', '--subject-type', 'agency', '--subject-id', agencyId, '--scopes', 'link_in_bio:read', '--name', 'x');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/cannot be granted to an agency key/);
    const usage = await admin('create-key', '--subject-type', 'agency');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--subject-id is required/);
  }, 60_000);

  it('the key works against the service, and the CLI refuses while the service holds the database', async () => {
    const t = await startTestApp({ config: { databaseUrl: null, pgliteDataDir: dataDir, redisUrl: null } });
    try {
      const me = await t.request('/public/v1/me', { key: secret });
      expect(me.status).toBe(200);
      expect((await me.json()).data).toMatchObject({ subject_type: 'agency', subject_id: agencyId, scopes: ['roster:read', 'decks:read'] });

      const refused = await admin('list-keys');
      expect(refused.code).toBe(3);
      expect(refused.stderr).toMatch(/open in another process \(pid \d+/);
      expect(refused.stderr).toMatch(/DATABASE_URL/);
    } finally {
      await t.close();
    }
    const rolled = await admin('roll-key', '--id', keyId, '--grace', '1h', '--json');
    expect(rolled.code, rolled.stderr).toBe(0);
    const roll = JSON.parse(rolled.stdout);
    expect(roll).toMatchObject({ scopes: ['roster:read', 'decks:read'], status: 'active', replaced: { id: keyId, status: 'active', replaced_by_id: roll.id } });
    expect(roll.secret).toMatch(/^crk_agency_/);
    expect(roll.last_four).toBe(roll.secret.slice(-4));
    const badGrace = await admin('roll-key', '--id', roll.id, '--grace', '2d');
    expect(badGrace.code).toBe(2);
    const revoked = await admin('revoke-key', '--id', keyId, '--json');
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout).status).toBe('revoked');
  }, 90_000);

  it('sets plans and entitlements', async () => {
    const result = await admin('set-plan', '--subject-type', 'agency', '--subject-id', agencyId, '--plan', 'scale', '--entitlement', 'suspended', '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ plan: 'scale', entitlement: 'suspended' });
    const unknown = await admin('set-plan', '--subject-type', 'agency', '--subject-id', agencyId, '--plan', 'platinum');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown plan "platinum"/);
  }, 60_000);
});
