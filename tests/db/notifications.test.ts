import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';

/** Resolves with the next payload on `channel`, or rejects after `ms`. */
function nextPayload(database: Database, channel: string, ms = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no notification on ${channel} within ${ms} ms`));
    }, ms);
    const unsubscribe = database.notifications.subscribe(channel, (payload) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(payload);
    });
  });
}

const channel = () => `test_${Math.random().toString(36).slice(2, 10)}`;

describe('notifications on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, pgliteDataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('delivers a notify to a subscriber of the same channel only', async () => {
    const name = channel();
    const other = channel();
    let otherCalls = 0;
    const stopOther = database.notifications.subscribe(other, () => (otherCalls += 1));
    const received = nextPayload(database, name);
    await database.notifications.notify(name, 'hello');
    expect(await received).toBe('hello');
    expect(otherCalls).toBe(0);
    stopOther();
  });

  it('refuses channel names that are not plain identifiers', async () => {
    expect(() => database.notifications.subscribe('bad"; DROP', () => {})).toThrow(/invalid notification channel/);
    await expect(database.notifications.notify('Bad-Name', 'x')).rejects.toThrow(/invalid notification channel/);
  });
});

/** PostgreSQL only (CI sets DATABASE_URL): two instances on one database. */
describe.runIf(Boolean(process.env.DATABASE_URL))('notifications across instances on PostgreSQL', () => {
  const databaseUrl = process.env.DATABASE_URL!;
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    first = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
    second = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 2 });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("reaches the other instance's subscriber", async () => {
    const name = channel();
    const received = nextPayload(second, name);
    // The listening connection is opened lazily by the first subscribe; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await first.notifications.notify(name, 'from-first');
    expect(await received).toBe('from-first');
  });

  it('delivers a notify sent inside a transaction only when it commits', async () => {
    const name = channel();
    const payloads: string[] = [];
    const stop = second.notifications.subscribe(name, (payload) => payloads.push(payload));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_notify($1, $2)', [name, 'rolled-back']);
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      await client.query('SELECT pg_notify($1, $2)', [name, 'committed']);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    await expect.poll(() => payloads, { timeout: 3_000 }).toEqual(['committed']);
    stop();
  });

  it('listens on a channel subscribed while the listening connection was still starting up', async () => {
    // A fresh instance: its first subscribes open the listening connection and LISTEN one by one.
    const third = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 1 });
    try {
      const received = new Set<string>();
      const names: string[] = [];
      const subscribe = () => {
        const name = channel();
        names.push(name);
        third.notifications.subscribe(name, () => received.add(name));
      };
      for (let i = 0; i < 30; i += 1) subscribe();
      // More channels while those LISTENs are in flight, one every millisecond or so.
      for (let i = 0; i < 80; i += 1) {
        subscribe();
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const name of names) await first.notifications.notify(name, 'x');
      await expect.poll(() => names.filter((name) => !received.has(name)), { timeout: 3_000 }).toEqual([]);
    } finally {
      await third.close();
    }
  });

  it('re-listens after its connection is killed and tells subscribers to resynchronise', async () => {
    const name = channel();
    let reconnects = 0;
    const stopReconnect = second.notifications.onReconnect(() => (reconnects += 1));
    const payloads: string[] = [];
    const stop = second.notifications.subscribe(name, (payload) => payloads.push(payload));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // Kill the listening connections on this database (the second instance's among them); any
      // other listener here reconnects the same way.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND (query ILIKE 'LISTEN %' OR query ILIKE 'UNLISTEN %')`,
      );
    } finally {
      await admin.end();
    }
    await expect.poll(() => reconnects, { timeout: 5_000 }).toBeGreaterThan(0);
    await first.notifications.notify(name, 'after-reconnect');
    await expect.poll(() => payloads, { timeout: 3_000 }).toEqual(['after-reconnect']);
    stop();
    stopReconnect();
  });
});
