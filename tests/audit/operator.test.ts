import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/app';

const exec = promisify(execFile);

/** The operator CLI's changes are audited too, with actor `operator` and no client address. */
describe('audit events from the operator CLI', () => {
  it('records set-plan (plan and entitlement) and a key the operator creates, readable over the API', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'creator-api-audit-cli-')), 'pglite');
    const admin = (...args: string[]) =>
      exec('npx', ['--no-install', 'tsx', 'scripts/admin.ts', ...args, '--json'], { env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: dataDir } }).then(
        ({ stdout }) => JSON.parse(stdout) as Record<string, string>,
      );
    const agency = await admin('create-agency', '--name', 'Audited', '--owner-email', 'audited@agency.test');
    const key = await admin('create-key', '--subject-type', 'agency', '--subject-id', agency.id!, '--scopes', 'all', '--name', 'ops');
    await admin('set-plan', '--subject-type', 'agency', '--subject-id', agency.id!, '--plan', 'pro', '--entitlement', 'suspended');
    await admin('set-plan', '--subject-type', 'agency', '--subject-id', agency.id!, '--entitlement', 'active');

    const t = await startTestApp({ config: { databaseUrl: null, pgliteDataDir: dataDir, redisUrl: null } });
    try {
      const response = await t.request('/public/v1/audit-events', { key: key.secret });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { action: string; actor: { type: string; id: string; label: string }; target: unknown; changes: unknown; client_address: string | null }[] };
      expect(data.map((event) => event.action)).toEqual(['entitlement.changed', 'entitlement.changed', 'plan.changed', 'api_key.created']);
      for (const event of data) {
        expect(event.actor).toMatchObject({ type: 'operator', id: 'cli' });
        expect(event.actor.label).toMatch(/^operator \(.+\)$/);
        expect(event.client_address).toBeNull();
      }
      expect(data[0]).toMatchObject({ changes: { entitlement: ['suspended', 'active'] }, target: { type: 'agency', id: agency.id } });
      expect(data[1]).toMatchObject({ changes: { entitlement: ['active', 'suspended'] } });
      expect(data[2]).toMatchObject({ changes: { plan: ['free', 'pro'] } });
      expect(JSON.stringify(data)).not.toContain(key.secret);
    } finally {
      await t.close();
    }
  }, 120_000);
});
