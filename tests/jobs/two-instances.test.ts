import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';
import { holderPid, jobForImport, killInstance, rosterCsv, sleep, startInstance, waitFor, type Instance, type JobRow } from '../support/instances';
import { freePort } from '../support/throwaway-servers';

/**
 * Two (then three) real service processes on one PostgreSQL database, sharing one job queue:
 * freezing, killing, restarting and stopping the instance that runs an import. Leases are short here
 * (3 s, renewed every second; the defaults are 8 s and 2 s) and every job step pauses 250 ms, so
 * an import is still running when the test acts on it. PostgreSQL only: PGlite is one process.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const ROWS = 500;
const TAKEOVER_BOUND_MS = 15_000;

describe.runIf(Boolean(DATABASE_URL))('background jobs across instances', () => {
  const queue = `two-instances-${newObjectId()}`;
  const env: Record<string, string | undefined> = {
    DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL ?? '',
    JOBS_QUEUE: queue,
    JOBS_LEASE_SECONDS: '3',
    JOBS_LEASE_RENEW_SECONDS: '1',
    JOBS_STEP_PAUSE_MS: '250',
    JOBS_ACCOUNT_CONCURRENCY: '1',
    JOBS_DRAIN_SECONDS: '5',
    FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  let seed: TestApp;
  let client: pg.Client;
  let fixture: http.Server;
  let fixtureOrigin: string;
  const instances: Instance[] = [];
  const live = () => instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);

  beforeAll(async () => {
    [seed] = await Promise.all([
      startTestApp(),
      startInstance('a', await freePort(), env).then((i) => instances.push(i)),
      startInstance('b', await freePort(), env).then((i) => instances.push(i)),
    ]);
    client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    // A link-in-bio source page that answers after 3.5 s: longer than a lease, so only renewals keep it.
    fixture = http.createServer((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><html><body><h2>Shop</h2><a href="https://store.example.com/a">Store A</a></body></html>');
      }, 3_500);
    });
    await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
    fixtureOrigin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => killInstance(i)));
    await client?.end();
    await new Promise((resolve) => fixture?.close(resolve));
    await seed?.close();
  });

  async function agencyWithKey() {
    const agency = await seed.agency();
    return { agencyId: agency.id, key: await seed.key({ type: 'agency', id: agency.id }, ['roster:read', 'roster:write']) };
  }

  async function upload(via: Instance, key: string, tag: string, rows = ROWS): Promise<string> {
    const response = await fetch(`${via.baseUrl}/public/v1/creator-imports`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: rosterCsv(rows, tag) });
    expect(response.status, await response.clone().text()).toBe(202);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  /** Waits until the import's job is leased and half its rows are done; returns who holds it. */
  async function midway(importId: string): Promise<{ holder: Instance; other: Instance; job: JobRow }> {
    const job = await waitFor(
      'the import to be midway',
      async () => {
        const row = await jobForImport(client, importId);
        const progress = await client.query<{ processed: number }>('SELECT processed FROM creator_imports WHERE id = $1', [importId]);
        return row?.lease_owner && progress.rows[0]!.processed >= ROWS / 2 ? row : null;
      },
      30_000,
      20,
    );
    const holder = live().find((i) => i.pid === holderPid(job.lease_owner));
    expect(holder, `holder ${job.lease_owner} is one of the instances`).toBeDefined();
    return { holder: holder!, other: live().find((i) => i !== holder)!, job };
  }

  async function waitForCompleted(via: Instance, key: string, importId: string, timeoutMs: number) {
    return waitFor(
      `import ${importId} to complete`,
      async () => {
        const body = (await (await fetch(`${via.baseUrl}/public/v1/creator-imports/${importId}`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
          data: { status: string; progress: Record<string, number> };
        };
        expect(body.data.status).not.toBe('failed');
        return body.data.status === 'completed' ? body.data : null;
      },
      timeoutMs,
    );
  }

  /** 500 rows, each exactly one creator, one social, one roster membership and one media kit. */
  async function expectExactlyOnce(agencyId: string, importId: string, rows = ROWS) {
    const { rows: [counts] } = await client.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM creator_import_rows WHERE import_id = $1 AND status = 'created')::int AS created_rows,
              (SELECT count(*) FROM roster_memberships WHERE agency_id = $2)::int AS memberships,
              (SELECT count(*) FROM social_accounts WHERE roster_agency_id = $2)::int AS socials,
              (SELECT count(*) FROM media_kits WHERE owner_id = $2)::int AS kits,
              (SELECT processed FROM creator_imports WHERE id = $1) AS processed,
              (SELECT created FROM creator_imports WHERE id = $1) AS created`,
      [importId, agencyId],
    );
    expect(counts).toEqual({ created_rows: rows, memberships: rows, socials: rows, kits: rows, processed: rows, created: rows });
  }

  it(`SIGSTOP on the instance running a ${ROWS}-row import: the other completes it within 15 s, every row once`, async () => {
    const { agencyId, key } = await agencyWithKey();
    const importId = await upload(instances[0]!, key, `stop${newObjectId().slice(-6)}`);
    const { holder, other } = await midway(importId);

    holder.child.kill('SIGSTOP');
    const stoppedAt = Date.now();
    try {
      const taken = await waitFor('the other instance to take the job over', async () => {
        const row = await jobForImport(client, importId);
        return holderPid(row?.lease_owner ?? null) === other.pid ? row : null;
      }, TAKEOVER_BOUND_MS);
      const takeoverMs = Date.now() - stoppedAt;
      const done = await waitForCompleted(other, key, importId, TAKEOVER_BOUND_MS - (Date.now() - stoppedAt));
      const completedMs = Date.now() - stoppedAt;
      console.log(`SIGSTOP: job taken over after ${takeoverMs} ms, import completed ${completedMs} ms after the stop`);
      expect(completedMs).toBeLessThan(TAKEOVER_BOUND_MS);
      expect(taken.attempts).toBe(2);
      expect(done.progress).toMatchObject({ total: ROWS, processed: ROWS, created: ROWS, failed: 0 });
      await expectExactlyOnce(agencyId, importId);
    } finally {
      holder.child.kill('SIGCONT');
    }
    // Thawed, the old holder finds its lease gone at its next step boundary and writes nothing more.
    await sleep(2_500);
    await expectExactlyOnce(agencyId, importId);
    expect(await jobForImport(client, importId)).toMatchObject({ state: 'succeeded', attempts: 2, lease_owner: null });
    expect((await fetch(`${holder.baseUrl}/openapi.json`)).status).toBe(200);
  }, 60_000);

  it(`SIGKILL on the instance running a ${ROWS}-row import: the other completes it within 15 s, every row once`, async () => {
    const { agencyId, key } = await agencyWithKey();
    const importId = await upload(instances[1]!, key, `kill${newObjectId().slice(-6)}`);
    const { holder, other } = await midway(importId);

    holder.child.kill('SIGKILL');
    const killedAt = Date.now();
    await holder.exited;
    const done = await waitForCompleted(other, key, importId, TAKEOVER_BOUND_MS);
    const completedMs = Date.now() - killedAt;
    const job = (await jobForImport(client, importId))!;
    console.log(`SIGKILL: taken over after ${job.claimed_at!.getTime() - killedAt} ms, import completed ${completedMs} ms after the kill`);
    expect(completedMs).toBeLessThan(TAKEOVER_BOUND_MS);
    expect(job).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect(done.progress).toMatchObject({ total: ROWS, processed: ROWS, created: ROWS, failed: 0 });
    await expectExactlyOnce(agencyId, importId);
  }, 60_000);

  it('an instance (re)starting next to a busy one never takes a job it holds, nor re-queues its import', async () => {
    const [survivor] = live();
    expect(live()).toHaveLength(1);
    // Three imports of one agency (one at a time: account limit 1) keep the survivor busy for ~12 s,
    // and a link-in-bio import waits 3.5 s on its source page, past a whole lease.
    const { agencyId, key } = await agencyWithKey();
    const importIds: string[] = [];
    for (const n of [1, 2, 3]) importIds.push(await upload(survivor!, key, `busy${n}${newObjectId().slice(-6)}`));
    const creatorId = (await seed.creatorAccount()).id;
    const creatorKey = await seed.key({ type: 'creator', id: creatorId }, ['link_in_bio:read', 'link_in_bio:write']);
    const pageResponse = await fetch(`${survivor!.baseUrl}/public/v1/link-in-bio`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creatorKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: `restart-${newObjectId().slice(-8)}`, username: `r${newObjectId().slice(-8)}` }),
    });
    expect(pageResponse.status).toBe(201);
    const linkResponse = await fetch(`${survivor!.baseUrl}/public/v1/link-in-bio/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creatorKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source_url: `${fixtureOrigin}/ada` }),
    });
    expect(linkResponse.status).toBe(202);
    const linkImportId = ((await linkResponse.json()) as { data: { id: string } }).data.id;
    await waitFor('the survivor to hold the link-in-bio job', async () => holderPid((await jobForImport(client, linkImportId))?.lease_owner ?? null) === survivor!.pid, 10_000);

    // Watch every lease while the other instance starts: a job leased to one instance must never
    // change hands while that instance lives.
    const seen = new Map<string, string>();
    const changes: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const id of [...importIds, linkImportId]) {
          const row = await jobForImport(client, id);
          if (!row?.lease_owner) continue;
          const before = seen.get(id);
          if (before && before !== row.lease_owner) changes.push(`${id}: ${before} → ${row.lease_owner}`);
          seen.set(id, row.lease_owner);
        }
        await sleep(25);
      }
    })();
    const restarted = await startInstance('a-restarted', await freePort(), env);
    instances.push(restarted);
    await waitFor('every import to end', async () => {
      const { rows } = await client.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM creator_imports WHERE id = ANY($1) AND status = 'completed') + (SELECT count(*) FROM link_in_bio_imports WHERE id = $2 AND status IN ('completed', 'failed')) AS n`,
        [importIds, linkImportId],
      );
      return Number(rows[0]!.n) === 4;
    }, 60_000, 100);
    watching = false;
    await watcher;

    expect(changes).toEqual([]);
    const linkImport = await client.query('SELECT status, blocks_created, errors FROM link_in_bio_imports WHERE id = $1', [linkImportId]);
    expect(linkImport.rows[0]).toMatchObject({ status: 'completed', blocks_created: 2 });
    for (const id of [...importIds, linkImportId]) expect(await jobForImport(client, id)).toMatchObject({ state: 'succeeded', attempts: 1 });
    const blocks = await client.query('SELECT count(*)::int AS n FROM link_in_bio_blocks b JOIN link_in_bio_pages p ON p.id = b.page_id WHERE p.creator_id = $1', [creatorId]);
    expect(blocks.rows[0]!.n).toBe(2);
    const { rows: [roster] } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM roster_memberships WHERE agency_id = $1', [agencyId]);
    expect(roster!.n).toBe(3 * ROWS);
  }, 90_000);

  it('SIGTERM drains: the instance finishes its step, releases the job and exits; the other continues at once', async () => {
    expect(live()).toHaveLength(2);
    const { agencyId, key } = await agencyWithKey();
    const importId = await upload(live()[0]!, key, `term${newObjectId().slice(-6)}`);
    const { holder, other } = await midway(importId);

    holder.child.kill('SIGTERM');
    const signalledAt = Date.now();
    const code = await holder.exited;
    const exitedMs = Date.now() - signalledAt;
    expect(code).toBe(0);
    expect(exitedMs).toBeLessThan(5_000 + 2_000);
    const taken = await waitFor('the other instance to claim the released job', async () => {
      const row = await jobForImport(client, importId);
      return holderPid(row?.lease_owner ?? null) === other.pid || row?.state === 'succeeded' ? row : null;
    }, 10_000, 20);
    const claimGapMs = taken.claimed_at!.getTime() - signalledAt;
    console.log(`SIGTERM: holder exited after ${exitedMs} ms; the other instance claimed the job ${claimGapMs} ms after the signal`);
    // Released, not lapsed: claimed well inside one lease, and the released claim is not charged.
    expect(claimGapMs).toBeLessThan(exitedMs + 1_500);
    await waitForCompleted(other, key, importId, TAKEOVER_BOUND_MS);
    expect(await jobForImport(client, importId)).toMatchObject({ state: 'succeeded', attempts: 1 });
    await expectExactlyOnce(agencyId, importId);
    expect(holder.stderr()).not.toMatch(/"level":"error"/);
  }, 60_000);
});
