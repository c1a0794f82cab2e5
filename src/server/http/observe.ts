import type { IncomingMessage } from 'node:http';
import type { Logger } from '../lib/logger';
import { metricsEnabled, recordRequest, recordRequestByName, type ObservedOperation } from '../lib/metrics';
import type { ApiHandler } from './api-handler';
import { headerValue, type ApiResponse } from './exchange';

/** Called by the node layer once an API response is written (probes never get here). */
export type ApiObserver = (req: IncomingMessage, response: Pick<ApiResponse, 'status' | 'headers' | 'observed'>, startedAt: number) => void;

/** The path without its query: a query may carry what a path never should. */
function pathWithoutQuery(req: IncomingMessage): string {
  return (req.url ?? '/').split('?', 1)[0]!;
}

/** A request no operation answered (one series for all of them). */
const UNMATCHED: ObservedOperation = { operation: 'unmatched', door: 'unmatched' };

/** The request headers an access line shows; credentials among them are redacted by the logger. */
const LOGGED_HEADERS = ['authorization', 'cookie', 'user-agent', 'content-type', 'content-length', 'x-forwarded-for'];

/**
 * One access line per API request carrying its `request_id` (`info`), and the request-duration
 * histogram labelled by operation, door and status class (when metrics are on). With neither (the
 * bench's LOG_LEVEL=warn and no METRICS_PORT) it does nothing: a CPU profile of `GET /me` under wrk
 * put this observer at 2.7 % of the service's samples with neither on — a pino child logger per
 * request (1.3 %, for a line pino then dropped) and the route matched again (0.8 %). A REST answer
 * carries the operation its handler matched (`ApiResponse.observed`), so with metrics on the route
 * is not matched again either; other doors' operations are named per call (`operationOf`).
 */
export function createApiObserver(logger: Logger, handler: Pick<ApiHandler, 'operationOf'>): ApiObserver {
  return (req, { status, headers: responseHeaders, observed: matched }, startedAt) => {
    const metrics = metricsEnabled();
    const accessLine = logger.isEnabled('info');
    if (!metrics && !accessLine) return;
    const seconds = (performance.now() - startedAt) / 1000;
    const method = req.method ?? 'GET';
    const observed = matched ?? handler.operationOf?.(method, pathWithoutQuery(req)) ?? UNMATCHED;
    if (metrics) {
      if (matched) recordRequest(matched, method, status, seconds);
      else recordRequestByName(observed.operation, observed.door, method, status, seconds);
    }
    if (!accessLine) return;
    const { operation, door } = observed;
    const requestId = headerValue(responseHeaders, 'x-request-id');
    const headers: Record<string, string> = {};
    for (const name of LOGGED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // request_id as a field, first, as a child logger's binding would put it, without a child logger per line.
    logger.info('request', {
      request_id: requestId,
      operation,
      door,
      req: { method, path: pathWithoutQuery(req), headers },
      res: { status },
      duration_ms: Math.round(seconds * 10_000) / 10,
    });
  };
}
