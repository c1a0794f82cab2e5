import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../src/server/services/demo';
import { DEMO_OPPORTUNITIES } from '../../src/server/services/demo-showcase';
import { startTestApp, type TestApp } from '../support/app';

const exec = promisify(execFile);

describe('demo data: matches, analytics and share pages have something to show', () => {
  let t: TestApp;

  // Always its own in-memory database (never the shared CI one): the demo seeds only an empty database.
  beforeAll(async () => {
    t = await startTestApp({ config: { databaseUrl: null, pgliteDataDir: 'memory://' } });
  });
  afterAll(() => t.close());

  it('seeds roster creators, opportunities and a month of views on the first start', async () => {
    const seed = await seedDemoIfEmpty(t.app.services);
    expect(seed).not.toBeNull();
    const agency = await t.request('/public/v1/sponsorship-matches?limit=3', { key: seed!.agency.key });
    expect(agency.status).toBe(200);
    const agencyBody = await agency.json();
    expect(agencyBody.meta).toEqual({ limit: 3, creators_considered: 3, opportunities_considered: DEMO_OPPORTUNITIES.length });
    expect(agencyBody.data).toHaveLength(3);
    expect(agencyBody.data[0].score).toBeGreaterThan(agencyBody.data[2].score - 0.001);

    const creator = await (await t.request('/public/v1/sponsorship-matches', { key: seed!.creator.key })).json();
    expect(creator.data.length).toBeGreaterThan(0);
    expect(creator.data.every((m: { creator: { id: string } }) => m.creator.id === seed!.creator.id)).toBe(true);

    for (const [type, key] of [['media_kit', seed!.agency.key], ['deck', seed!.agency.key], ['roster', seed!.agency.key], ['link_in_bio', seed!.creator.key]] as const) {
      const views = await (await t.request(`/public/v1/analytics/views?resource_type=${type}&timeframe=last7d`, { key })).json();
      expect(views.data.resource_count, type).toBeGreaterThan(0);
      const all = await (await t.request(`/public/v1/analytics/views?resource_type=${type}`, { key })).json();
      expect(all.data.totals.page_views, type).toBeGreaterThan(0);
    }
    expect(await t.db.campaign.count({ where: { ownerId: seed!.agency.id, publicReportEnabled: true } })).toBe(1);
  }, 60_000);
});

describe('npm run admin: sponsorship opportunities', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'creator-api-opportunities-')), 'pglite');
  });

  async function admin(...args: string[]) {
    return exec('npx', ['--no-install', 'tsx', 'scripts/admin.ts', ...args], { env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: dataDir } })
      .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
      .catch((error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));
  }

  it('adds, lists and closes opportunities; refuses bad ones', async () => {
    const added = await admin(
      'add-opportunity', '--brand', 'Peak', '--title', 'Launch', '--platforms', 'instagram,twitter', '--tags', 'fitness, food',
      '--min-followers', '1000', '--max-followers', '50000', '--countries', 'us,gb', '--languages', 'EN', '--budget', '2500.50', '--json',
    );
    expect(added.code, added.stderr).toBe(0);
    const opportunity = JSON.parse(added.stdout);
    expect(opportunity).toMatchObject({
      brand: 'Peak',
      platforms: ['instagram', 'x'],
      tags: ['fitness', 'food'],
      audience: { min_followers: 1000, max_followers: 50000 },
      countries: ['US', 'GB'],
      languages: ['en'],
      budget: { amount: 250050, currency: 'USD' },
      active: true,
    });
    const yen = await admin('add-opportunity', '--brand', 'Tokyo Tea', '--title', 'Matcha', '--budget', '120000', '--currency', 'jpy', '--json');
    expect(JSON.parse(yen.stdout).budget).toEqual({ amount: 120000, currency: 'JPY' });

    const closed = await admin('close-opportunity', '--id', opportunity.id);
    expect(closed.code, closed.stderr).toBe(0);
    expect(closed.stdout).toMatch(/^closed .*Peak: "Launch"/);
    const open = JSON.parse((await admin('list-opportunities', '--json')).stdout);
    expect(open.map((o: { brand: string }) => o.brand)).toEqual(['Tokyo Tea']);
    const all = await admin('list-opportunities', '--all');
    expect(all.stdout).toMatch(/closed {2}Peak: "Launch" {2}followers 1000–50000 {2}budget 250050 USD/);

    const bad = await admin('add-opportunity', '--brand', 'X', '--title', 'Y', '--platforms', 'myspace', '--countries', 'ZZ');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/2 fields are invalid/);
    const usage = await admin('add-opportunity', '--brand', 'X');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--title is required/);
  }, 120_000);
});
