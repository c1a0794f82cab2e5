import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { canStartThrowawayPostgres, freePort, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-servers';
import { killInstance, startInstance, waitFor, type Instance } from '../support/instances';

interface Report {
  status: string;
  checks: Record<string, { status: string; required: boolean; detail?: string }>;
}

async function readiness(baseUrl: string): Promise<{ status: number; body: Report }> {
  const response = await fetch(`${baseUrl}/readyz`);
  return { status: response.status, body: (await response.json()) as Report };
}

describe('probes on the shared test app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('/healthz answers 200 without credentials, outside /public/v1', async () => {
    const response = await fetch(`${t.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz names each check and is 200 when they pass', async () => {
    const { status, body } = await readiness(t.baseUrl);
    expect(status).toBe(200);
    expect(body.status).toBe('ready');
    expect(body.checks.database?.status).toBe('ok');
    expect(body.checks.migrations?.status).toBe('ok');
    expect(body.checks.jobs?.status).toBe('ok');
    if (process.env.REDIS_URL) expect(body.checks.redis).toMatchObject({ status: 'ok', required: false });
  });

  it('probes are never rate limited, and a burst shares one evaluation', async () => {
    // Probes carry no key and are answered before the rate limiter; 50 at once cost one round of checks.
    const statuses = await Promise.all(Array.from({ length: 50 }, () => fetch(`${t.baseUrl}/readyz`).then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('other methods get 405', async () => {
    const response = await fetch(`${t.baseUrl}/readyz`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

// A PostgreSQL of the test's own, so stopping it hurts nobody else (skipped where its binaries are missing).
describe.skipIf(!canStartThrowawayPostgres())('/readyz follows the database', () => {
  let pg: ThrowawayPostgres;
  let t: TestApp;
  beforeAll(async () => {
    pg = (await startThrowawayPostgres())!;
    t = await startTestApp({ config: { databaseUrl: pg.url() } });
  }, 120_000);
  afterAll(async () => {
    await t?.close().catch(() => {});
    await pg?.destroy();
  });

  it('turns 503 when the database is unreachable and 200 when it is back', async () => {
    expect((await readiness(t.baseUrl)).status).toBe(200);
    await pg.stop();
    // A result serves probes for a second: the next evaluation sees the outage.
    const down = await waitFor('readiness to fail', async () => {
      const r = await readiness(t.baseUrl);
      return r.status === 503 ? r : null;
    }, 10_000, 200);
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('not_ready');
    expect(down.body.checks.database).toMatchObject({ status: 'failing', required: true });
    // Liveness never depends on the database: restarting every instance would not bring it back.
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
    await pg.start();
    const back = await waitFor('readiness after the database returns', async () => {
      const r = await readiness(t.baseUrl);
      return r.status === 200 ? r : null;
    }, 30_000, 200);
    expect(back.body.checks.database?.status).toBe('ok');
  }, 60_000);

  it('is 503 while a migration this build knows is not applied', async () => {
    await t.db.$executeRawUnsafe(`UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = (SELECT max(migration_name) FROM _prisma_migrations)`);
    const { body } = await waitFor('readiness to fail', async () => {
      const r = await readiness(t.baseUrl);
      return r.status === 503 ? r : null;
    }, 10_000, 200);
    expect(body.checks.migrations?.status).toBe('failing');
    expect(body.checks.database?.status).toBe('ok');
  });
});

describe('draining on SIGTERM', () => {
  let instance: Instance | undefined;
  afterAll(async () => {
    await killInstance(instance);
  });

  it('/readyz answers 503 draining while the listener still serves, then the process exits 0', async () => {
    instance = await startInstance('drain', await freePort(), { SHUTDOWN_DELAY_SECONDS: '3' });
    expect((await readiness(instance.baseUrl)).status).toBe(200);
    instance.child.kill('SIGTERM');
    const draining = await waitFor('draining readiness', async () => {
      const r = await readiness(instance!.baseUrl);
      return r.status === 503 ? r : null;
    }, 10_000);
    expect(draining.body.status).toBe('draining');
    expect((await fetch(`${instance.baseUrl}/healthz`)).status).toBe(200);
    expect(await instance.exited).toBe(0);
  }, 120_000);
});
