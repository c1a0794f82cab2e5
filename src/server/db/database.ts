import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { parse as parseConnectionString } from 'pg-connection-string';
import { PrismaClient } from '../../generated/prisma/client';
import { acquireEmbeddedLock } from './embedded-lock';
import { createPGliteNotifications, createPostgresNotifications, type Notifications } from './notifications';
import { pendingMigrations } from './migration-status';
import { applyMigrations } from './schema-engine';
import { startSpan } from '../lib/tracing';
import { COPY_BINARY_HEADER, COPY_BINARY_TRAILER } from './copy-binary';

export type Db = PrismaClient;

/**
 * Parameterized SQL straight to the driver, for the few hot-path reads where Prisma's per-query
 * overhead (~0.6 ms) would dominate (the API-key lookup on every request). Timestamp columns must be
 * selected `AT TIME ZONE 'UTC'` so both drivers return them as correct Dates.
 */
export type SqlQuery = <Row>(text: string, params: unknown[], options?: { name?: string }) => Promise<Row[]>;

/**
 * `COPY table (columns) FROM STDIN (FORMAT binary)` with `rows` — rows in COPY's binary format
 * (copy-binary.ts), one after another, without the format's header and trailer, which are added
 * here — as its input; resolves with the rows copied. PostgreSQL's cheapest way in for many rows: no
 * statement to plan and nothing to parse, each field read by its length as its column's type.
 * `table` and `columns` are spliced into SQL: constants of the caller, never input.
 */
export type CopyRows = (table: string, columns: readonly string[], rows: Buffer, options?: CopyOptions) => Promise<number>;

export interface CopyOptions {
  /**
   * false: the COPY's transaction commits without waiting for its WAL to reach disk
   * (`SET LOCAL synchronous_commit TO off`, in the same round trip). A crash of the database server
   * can then lose the last fraction of a second of such commits (never corrupt them), so only for
   * data that may lose its tail, such as the request log. PGlite ignores it.
   */
  synchronousCommit?: boolean;
}

export interface Database {
  prisma: PrismaClient;
  sql: SqlQuery;
  copyRows: CopyRows;
  kind: 'postgres' | 'pglite';
  /** Cross-instance LISTEN/NOTIFY (cache invalidation, job wake-ups); see notifications.ts. */
  notifications: Notifications;
  /** What the schema engine connects through (migrations, drift checks). */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** Applies pending migrations (`prisma migrate deploy`); returns the names applied. */
  migrate(): Promise<string[]>;
  /** The PostgreSQL pool's connections (metrics); null on PGlite, which has one session. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  pgliteDataDir: string;
  poolSize?: number;
  /** Who is opening an embedded data folder, shown to a second process that is refused. */
  holder?: string;
  /**
   * PostgreSQL ends a session left idle inside a transaction this long (frozen process), releasing
   * its locks, so the instance that takes over its job is not blocked by them.
   */
  idleTransactionTimeoutMs?: number;
}

function pgConfig(databaseUrl: string, poolSize: number) {
  // A parsed config object, not the string: adapter-pg runs shadow work on the main database when given a string.
  const parsed = parseConnectionString(databaseUrl);
  return {
    host: parsed.host ?? undefined,
    port: parsed.port ? Number(parsed.port) : undefined,
    user: parsed.user ?? undefined,
    password: parsed.password ?? undefined,
    database: parsed.database ?? undefined,
    ssl: parsed.ssl ? (parsed.ssl as boolean) : undefined,
    max: poolSize,
    // A database that does not answer at all (a dropped network, not a refused port) fails the
    // request after this long — a 503 — instead of holding it until the client gives up.
    connectionTimeoutMillis: 5_000,
  };
}

/**
 * adapter-pg's executeScript splits a migration on every `;`, even inside comments and strings.
 * PostgreSQL's simple query protocol runs a whole multi-statement script as given, so send it whole.
 */
class PrismaPgWholeScripts extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const client = adapter.underlyingDriver() as { query(sql: string): Promise<unknown> };
    adapter.executeScript = async (script: string) => {
      await client.query(script);
    };
    return adapter;
  }
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function copyStatement(table: string, columns: readonly string[], source: string): string {
  for (const name of [table, ...columns]) if (!IDENTIFIER.test(name)) throw new Error(`copyRows: bad identifier ${JSON.stringify(name)}`);
  return `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM ${source} (FORMAT binary)`;
}

/** What COPY reads: the rows between the binary format's header and trailer. */
function copyInput(rows: Buffer): Buffer[] {
  return [COPY_BINARY_HEADER, rows, COPY_BINARY_TRAILER];
}

/** PostgreSQL's CopyDone message: its type byte, then its length (itself). */
const COPY_DONE_MESSAGE = Buffer.from([0x63, 0, 0, 0, 4]);

/** COPY's input for `rows` (`copyInput`'s pieces) inside one CopyData message, then CopyDone. */
function copyMessages(rows: Buffer): Buffer[] {
  const input = copyInput(rows);
  const head = Buffer.allocUnsafe(5);
  head[0] = 0x64; // CopyData, then the length of the rest (itself included)
  head.writeUInt32BE(4 + input.reduce((bytes, piece) => bytes + piece.length, 0), 1);
  return [head, ...input, COPY_DONE_MESSAGE];
}

/**
 * A COPY FROM STDIN as a pg query: when the server asks for the data, the rows go to the socket as
 * they are, inside one CopyData message whose head is written in front of them (what
 * pg-copy-streams does). pg's own `sendCopyFromChunk` would copy them into a new Buffer of their
 * size first: for the request log, 3–4 MB allocated, copied and left to the collector per flush.
 * The socket keeps a reference to `rows` until it has written them; the caller reuses them only
 * after the query ends, and PostgreSQL ends it only after reading through CopyDone.
 */
class CopyFromBuffer extends pg.Query {
  constructor(
    text: string,
    private readonly messages: Buffer[],
    callback: (error: Error | undefined, result: { rowCount: number | null } | { rowCount: number | null }[]) => void,
  ) {
    super(text, callback as (error: Error | undefined, result: { rowCount: number | null }) => void);
  }

  handleCopyInResponse(connection: pg.Connection & { stream: NodeJS.WritableStream & { writable: boolean; cork(): void; uncork(): void } }): void {
    const socket = connection.stream;
    // As pg's own sends: nothing to a closed socket (the connection's error ends the query).
    if (!socket.writable) return;
    socket.cork();
    for (const message of this.messages) socket.write(message);
    socket.uncork();
  }
}

async function copyThroughPool(pool: pg.Pool, table: string, columns: readonly string[], rows: Buffer, options?: CopyOptions): Promise<number> {
  const copy = copyStatement(table, columns, 'STDIN');
  // Two statements in one simple query run as one implicit transaction: SET LOCAL ends with it, so the
  // pooled session keeps synchronous commits for everyone else.
  const text = options?.synchronousCommit === false ? `SET LOCAL synchronous_commit TO off; ${copy}` : copy;
  const client = await pool.connect();
  // traceQueries leaves Submittables alone: the COPY gets its span here, named by the COPY itself
  // (a trace is searched by statement), not the SET in front of it.
  const end = startSpan('pg.query', { 'db.system.name': 'postgresql', 'db.query.text': copy });
  let failure: unknown;
  try {
    return await new Promise<number>((resolve, reject) => {
      void client.query(
        // With the SET in front, pg answers one result per statement: the COPY's is the last.
        new CopyFromBuffer(text, copyMessages(rows), (error, result) =>
          error ? reject(error) : resolve((Array.isArray(result) ? result.at(-1) : result)?.rowCount ?? 0),
        ),
      );
    });
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    end?.(failure);
    // A failed COPY leaves the session usable (the server answers ErrorResponse, ReadyForQuery), but
    // a connection that broke mid-copy must not go back to the pool: dropped either way on error.
    client.release(failure instanceof Error ? failure : undefined);
  }
}

/**
 * A span per query on this connection while tracing is on (lib/tracing.ts), whoever sent it: Prisma
 * (through adapter-pg), the raw hot path and transactions all query through a pool client. The span
 * carries the statement's text, never its parameters. Off, a query costs one extra call.
 */
function traceQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    // A cursor or stream (a Submittable) reports through events, not a result: left untraced.
    if (typeof text !== 'string' || typeof (first as { submit?: unknown }).submit === 'function') return query(...args);
    const end = startSpan('pg.query', { 'db.system.name': 'postgresql', 'db.query.text': text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text });
    if (!end) return query(...args);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      return query(...args.slice(0, -1), (error: unknown, result: unknown) => {
        end(error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      });
    }
    return (query(...args) as Promise<unknown>).then(
      (result) => (end(), result),
      (error: unknown) => {
        end(error);
        throw error;
      },
    );
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // One pool shared by Prisma and the raw hot path.
    const pool = new pg.Pool({
      ...pgConfig(options.databaseUrl, options.poolSize ?? 10),
      ...(options.idleTransactionTimeoutMs ? { idle_in_transaction_session_timeout: options.idleTransactionTimeoutMs } : {}),
    });
    // A connection PostgreSQL ended (the idle-transaction timeout, a server restart) fails the query
    // that used it; without these listeners its 'error' event would also crash the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      traceQueries(client);
    });
    const adapterFactory = new PrismaPgWholeScripts(pool);
    const prisma = new PrismaClient({ adapter: adapterFactory });
    const notifications = createPostgresNotifications({ connection: pgConfig(options.databaseUrl, 1), pool });
    return {
      prisma,
      notifications,
      // A named statement is parsed and planned once per connection, not on every request.
      sql: async <Row>(text: string, params: unknown[], sqlOptions?: { name?: string }) =>
        (await pool.query({ name: sqlOptions?.name, text, values: params })).rows as Row[],
      copyRows: (table, columns, rows, copyOptions) => copyThroughPool(pool, table, columns, rows, copyOptions),
      kind: 'postgres',
      adapterFactory,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
      // On a connection of its own, closed afterwards: the schema engine takes a session advisory
      // lock and does not always release it, and a pooled connection would keep it (blocking every
      // other process's migrations) for as long as the pool keeps that connection busy.
      migrate: async () => {
        const migrationPool = new pg.Pool(pgConfig(options.databaseUrl!, 1));
        try {
          return await applyMigrations(new PrismaPgWholeScripts(migrationPool));
        } finally {
          await migrationPool.end();
        }
      },
      close: async () => {
        await notifications.close();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const inMemory = options.pgliteDataDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireEmbeddedLock(options.pgliteDataDir, options.holder ?? 'creator-api');
  try {
    // Loaded only for the embedded database: a process on PostgreSQL never needs PGlite or its adapter.
    const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import('@electric-sql/pglite'), import('pglite-prisma-adapter')]);
    const pglite = await PGlite.create(options.pgliteDataDir);
    const adapterFactory = new PrismaPGlite(pglite);
    const prisma = new PrismaClient({ adapter: adapterFactory });
    const notifications = createPGliteNotifications(pglite);
    return {
      prisma,
      notifications,
      sql: async <Row>(text: string, params: unknown[]) => (await pglite.query<Row>(text, params)).rows,
      // PGlite reads a COPY's input from a Blob it names /dev/blob.
      copyRows: async (table, columns, rows) =>
        (await pglite.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob(copyInput(rows).map((chunk) => new Uint8Array(chunk))) })).affectedRows ?? 0,
      kind: 'pglite',
      adapterFactory,
      poolStats: () => null,
      // One session for everything: PostgreSQL's advisory locks are re-entrant within a session.
      migrate: () => applyMigrations(adapterFactory),
      close: async () => {
        await notifications.close();
        await prisma.$disconnect();
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Opens the database and brings its schema up to date; the service and the CLI both start here. */
export async function openMigratedDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  try {
    // The schema engine (wasm) is loaded only when there is something to apply.
    if ((await pendingMigrations(database.sql)).length > 0) await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
