import type { Logger } from './lib/logger';

/**
 * Process-level safety nets for the long-running server (server.ts). What is fatal, decided:
 *
 * - `unhandledRejection` is logged (with the reason's stack) and the process keeps serving. Node's
 *   default since v15 is to crash, which turned one failed background promise (a `last_used_at`
 *   flush during a PostgreSQL blip) into an outage. A rejection nobody awaited means a background
 *   task lost its result; request handling and shared state are intact.
 * - `uncaughtException` is fatal: a throw that unwound through an event handler can leave sockets,
 *   pools and in-memory state half-updated, and continuing would serve from that state. It is logged
 *   with its origin and stack, then `onFatal` stops accepting connections, lets in-flight requests
 *   finish (bounded) and exits with status 1 so the supervisor (systemd, a container runtime) restarts
 *   a clean process. Never a silent death.
 */
export function installProcessGuards(logger: Logger, onFatal: (error: unknown) => void): void {
  process.on('unhandledRejection', (reason) => {
    logger.error('unhandled promise rejection; the process keeps serving', {
      error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason),
    });
  });
  let fatal = false;
  process.on('uncaughtException', (error, origin) => {
    logger.error('uncaught exception; shutting down to restart clean', {
      origin,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    if (fatal) return;
    fatal = true;
    onFatal(error);
  });
}
