import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

const exec = promisify(execFile);

/** The operator CLI's `create-key --test` (issue 31): a crk_test_ key on the subject's twin, over the same database the service uses. */
describe('npm run admin create-key --test', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  async function admin(...args: string[]) {
    const { stdout } = await exec('npx', ['--no-install', 'tsx', 'scripts/admin.ts', ...args], { env: process.env });
    return JSON.parse(stdout) as Record<string, any>;
  }

  it('prints a crk_test_ secret whose key acts on the twin (GET /me livemode false); without --test the key stays live', async () => {
    const agency = await t.agency();
    const test = await admin('create-key', '--subject-type', 'agency', '--subject-id', agency.id, '--scopes', 'all', '--name', 'ci sandbox', '--test', '--json');
    expect(test.secret).toMatch(/^crk_test_agency_[0-9A-Za-z]{36}$/);
    expect(test.subject_id).not.toBe(agency.id);
    const live = await admin('create-key', '--subject-type', 'agency', '--subject-id', agency.id, '--scopes', 'all', '--name', 'ci live', '--json');
    expect(live.secret).toMatch(/^crk_agency_/);
    expect(live.subject_id).toBe(agency.id);

    const me = async (secret: string) => ((await (await t.request('/public/v1/me', { key: secret })).json()) as { data: Record<string, unknown> }).data;
    expect(await me(test.secret)).toMatchObject({ livemode: false, subject_id: test.subject_id, user_id: agency.ownerUserId });
    expect(await me(live.secret)).toMatchObject({ livemode: true, subject_id: agency.id });
  }, 300_000);
});
