/**
 * Whether an error means "the database could not be reached or dropped the connection" (an outage:
 * the request may succeed when retried) rather than a fault in the query or the data. The gateway
 * answers these with 503 service-unavailable and Retry-After instead of a 500.
 *
 * The same outage surfaces in several shapes: Prisma's connection codes (P1001 can't reach, P1017
 * server closed the connection, P2024 pool timeout…), a driver-adapter error whose cause kind is a
 * connection failure, a raw `pg` socket error (ECONNREFUSED) from the hot-path SQL, PostgreSQL's own
 * SQLSTATEs for a server shutting down or starting up, and `pg`'s plain-text "Connection terminated".
 */

/** Prisma error codes that mean the server is unreachable, went away, or no connection could be had. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);

/** Driver-adapter error kinds (adapter-pg, PGlite) for a connection that failed or was lost. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/** Node socket errors from `pg` when the server is down or the network is. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01–57P03 (admin/crash shutdown, cannot connect
 * now: starting up or shutting down), 53300 (too many connections).
 */
function isOutageSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** `pg`'s messages for a lost or unobtainable connection, which carry no code. */
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|terminating connection due to administrator command|the database system is (shutting down|starting up|in recovery mode)/i;

interface ErrorShape {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  name?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown; originalCode?: unknown } } };
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Follow the cause chain (tRPC wraps, Prisma nests the adapter's error), a few links at most.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const e = current as ErrorShape;
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isOutageSqlState(code)))) return true;
    if (e.name === 'PrismaClientInitializationError') return true;
    const adapterCause = e.meta?.driverAdapterError?.cause;
    if (adapterCause) {
      if (typeof adapterCause.kind === 'string' && ADAPTER_KINDS.has(adapterCause.kind)) return true;
      const sqlState = typeof adapterCause.code === 'string' ? adapterCause.code : typeof adapterCause.originalCode === 'string' ? adapterCause.originalCode : undefined;
      if (sqlState && isOutageSqlState(sqlState)) return true;
    }
    // A DriverAdapterError carries its kind on `cause` directly.
    const directKind = (e.cause as { kind?: unknown } | undefined)?.kind;
    if (typeof directKind === 'string' && ADAPTER_KINDS.has(directKind)) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}
