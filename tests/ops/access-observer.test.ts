import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiObserver } from '../../src/server/http/observe';
import { createLogger } from '../../src/server/lib/logger';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The node listener calls the observer after every API response. Its work — matching the route
 * again, building the access line — is only worth doing when something reads it: the access line
 * at LOG_LEVEL=info, or the request metrics. Counted on the real handler's route matching.
 */
describe('API observer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  function observed(level: 'info' | 'warn') {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    let routeMatches = 0;
    const handler = t.app.handleApiRequest;
    const observe = createApiObserver(createLogger(level, { destination }), {
      operationOf: (method, pathname) => {
        routeMatches += 1;
        return handler.operationOf!(method, pathname);
      },
    });
    const request = { method: 'GET', url: '/public/v1/me?x=1', headers: { authorization: 'Bearer crk_agency_secret', 'user-agent': 'observer-test' } } as unknown as IncomingMessage;
    observe(request, { status: 200, headers: { 'X-Request-Id': 'req_observer_test_1' } }, performance.now() - 2);
    return { lines, routeMatches: () => routeMatches };
  }

  it('writes the access line at LOG_LEVEL=info, with request_id, the operation and the key redacted', () => {
    const { lines, routeMatches } = observed('info');
    expect(routeMatches()).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      message: 'request',
      request_id: 'req_observer_test_1',
      operation: 'GET /public/v1/me',
      door: 'rest',
      req: { method: 'GET', path: '/public/v1/me', headers: { authorization: '[Redacted]', 'user-agent': 'observer-test' } },
      res: { status: 200 },
    });
  });

  it('does no work per request when neither the access line (LOG_LEVEL=warn) nor metrics are on', () => {
    const { lines, routeMatches } = observed('warn');
    expect(lines).toHaveLength(0);
    expect(routeMatches()).toBe(0);
  });
});
