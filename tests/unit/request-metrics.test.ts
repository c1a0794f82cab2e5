import { metrics } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { hotMetricsSnapshot, installMetrics, recordRequest, recordRequestByName, uninstallMetrics, type ObservedOperation } from '../../src/server/lib/metrics';

/**
 * The request-duration series: an operation the door matched keeps its series on itself (no key
 * string per call), and they must still land in the one table the scrape reads — the same series an
 * operation named per call finds — and start again when metrics are installed again.
 */
describe('request duration series', () => {
  afterEach(() => uninstallMetrics());

  const counts = () => Object.fromEntries(hotMetricsSnapshot().requestDurations.map((s) => [[s.attributes.operation, s.attributes['http.request.method'], s.attributes.status_class].map(String).join(' '), s.count]));

  it('counts a matched operation by method and status class, in the series a named call finds', () => {
    installMetrics(metrics.getMeter('test'));
    const me: ObservedOperation = { operation: 'GET /public/v1/me', door: 'rest' };
    recordRequest(me, 'GET', 200, 0.001);
    recordRequest(me, 'GET', 200, 0.002);
    recordRequest(me, 'GET', 304, 0.001);
    recordRequest(me, 'HEAD', 200, 0.001);
    recordRequestByName('GET /public/v1/me', 'rest', 'GET', 204, 0.001);
    expect(counts()).toEqual({ 'GET /public/v1/me GET 2xx': 3, 'GET /public/v1/me GET 3xx': 1, 'GET /public/v1/me HEAD 2xx': 1 });
  });

  it('starts again after metrics are installed again, with the operation object kept', () => {
    const me: ObservedOperation = { operation: 'GET /public/v1/me', door: 'rest' };
    installMetrics(metrics.getMeter('test'));
    recordRequest(me, 'GET', 200, 0.001);
    uninstallMetrics();
    recordRequest(me, 'GET', 200, 0.001);
    installMetrics(metrics.getMeter('test'));
    recordRequest(me, 'GET', 200, 0.001);
    expect(counts()).toEqual({ 'GET /public/v1/me GET 2xx': 1 });
  });
});
