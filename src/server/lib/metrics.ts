import type { Attributes, Counter, Histogram, Meter, ObservableResult } from '@opentelemetry/api';

/**
 * The service's metrics, recorded through OpenTelemetry's API. Until `installMetrics` runs (METRICS_PORT
 * unset) every function here returns at once: metrics off costs one null check per call.
 *
 * Labels are closed sets — an operation is a route template or a tool, never a raw path; no id, key,
 * email or address is ever a label value.
 */
interface Instruments {
  requestDuration: Histogram;
  keyCache: Counter;
  rateLimitRefusals: Counter;
  webhookDeliveries: Counter;
  sharePageCache: Counter;
  jobOutcomes: Counter;
}

let instruments: Instruments | null = null;

/** OpenTelemetry's HTTP server buckets (seconds), as its semantic conventions advise. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

export function installMetrics(meter: Meter): void {
  instruments = {
    requestDuration: meter.createHistogram('http_server_request_duration_seconds', {
      description: 'Time from the request reaching the API handler to its response being written, by operation, door and status class',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
    keyCache: meter.createCounter('creator_api.api_key_cache.lookups', { description: 'API-key lookups answered from the per-instance cache (result=hit) or the database (result=miss)' }),
    rateLimitRefusals: meter.createCounter('creator_api.rate_limit.refusals', { description: 'Requests refused with 429, by rate-limit bucket' }),
    webhookDeliveries: meter.createCounter('creator_api.webhook.deliveries', { description: 'Webhook delivery attempts by outcome (succeeded, retrying, failed, skipped)' }),
    sharePageCache: meter.createCounter('creator_api.share_page_cache.lookups', { description: 'Share-page renders answered from the page cache (result=hit) or rendered (result=miss)' }),
    jobOutcomes: meter.createCounter('creator_api.jobs.outcomes', {
      description: 'Job runs ended on this instance by queue, kind and outcome (succeeded, retrying, failed, postponed)',
    }),
  };
}

export function uninstallMetrics(): void {
  instruments = null;
}

export function metricsEnabled(): boolean {
  return instruments !== null;
}

export type Door = 'rest' | 'mcp' | 'openapi' | 'inngest' | 'oauth' | 'unmatched';

export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export function recordRequest(operation: string, door: Door, method: string, status: number, seconds: number): void {
  instruments?.requestDuration.record(seconds, { operation, door, 'http.request.method': method, status_class: statusClass(status) });
}

export function countKeyCacheLookup(hit: boolean): void {
  instruments?.keyCache.add(1, { result: hit ? 'hit' : 'miss' });
}

export function countRateLimitRefusal(bucket: string): void {
  instruments?.rateLimitRefusals.add(1, { bucket });
}

export function countWebhookDelivery(outcome: string): void {
  instruments?.webhookDeliveries.add(1, { outcome });
}

export function countSharePageLookup(hit: boolean): void {
  instruments?.sharePageCache.add(1, { result: hit ? 'hit' : 'miss' });
}

/** Reports gauges read at scrape time (job queue depth, pool use); `read` failing reports nothing. */
export function observeGauges(
  meter: Meter,
  gauges: { name: string; description: string; unit?: string; read: () => Promise<{ value: number; attributes?: Attributes }[]> | { value: number; attributes?: Attributes }[] }[],
): void {
  for (const gauge of gauges) {
    const instrument = meter.createObservableGauge(gauge.name, { description: gauge.description, ...(gauge.unit ? { unit: gauge.unit } : {}) });
    instrument.addCallback(async (result: ObservableResult) => {
      try {
        for (const point of await gauge.read()) result.observe(point.value, point.attributes);
      } catch {
        // A scrape during a database outage reports the other metrics, not an error page.
      }
    });
  }
}

export type JobOutcome = 'succeeded' | 'retrying' | 'failed' | 'postponed';

export function countJobOutcome(queue: string, kind: string, outcome: JobOutcome): void {
  instruments?.jobOutcomes.add(1, { queue, kind, outcome });
}
