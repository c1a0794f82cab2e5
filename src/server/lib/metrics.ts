import type { Attributes, Counter, Meter, ObservableResult } from '@opentelemetry/api';

/**
 * The service's metrics, recorded through OpenTelemetry's API. Until `installMetrics` runs (METRICS_PORT
 * unset) every function here returns at once: metrics off costs one null check per call.
 *
 * Labels are closed sets — an operation is a route template or a tool, never a raw path; no id, key,
 * email or address is ever a label value.
 */
interface Instruments {
  rateLimitRefusals: Counter;
  webhookDeliveries: Counter;
  sharePageCache: Counter;
  jobOutcomes: Counter;
}

let instruments: Instruments | null = null;

/** OpenTelemetry's HTTP server buckets (seconds), as its semantic conventions advise. */
export const DURATION_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/**
 * The two instruments every request touches (the request-duration histogram, the key-cache
 * counter) are aggregated here, not through the SDK's `record`/`add`: the SDK hashes the attribute
 * set on every call (about 4 µs for the histogram's four labels, the bulk of metrics' cost on
 * GET /me), where a string key into a Map costs a tenth of that. The metrics server reports them at
 * scrape time as cumulative OpenTelemetry data (`http/metrics-server.ts`, a metric producer), under
 * the same names, labels and buckets.
 */
export interface HistogramSeries {
  attributes: Attributes;
  /** One count per bucket of DURATION_BUCKETS (inclusive upper bounds), plus the overflow bucket. */
  counts: number[];
  sum: number;
  count: number;
  min: number;
  max: number;
}
const requestSeries = new Map<string, HistogramSeries>();
const keyCacheLookups = { hit: 0, miss: 0 };
let installedAt = Date.now();

/** The request-duration series and key-cache counts so far (cumulative since `installMetrics`), for the scrape. */
export function hotMetricsSnapshot(): { since: number; requestDurations: readonly HistogramSeries[]; keyCacheLookups: { hit: number; miss: number } } {
  return { since: installedAt, requestDurations: [...requestSeries.values()], keyCacheLookups: { ...keyCacheLookups } };
}

export function installMetrics(meter: Meter): void {
  requestSeries.clear();
  generation += 1;
  keyCacheLookups.hit = 0;
  keyCacheLookups.miss = 0;
  installedAt = Date.now();
  instruments = {
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

/**
 * An operation as the request metrics name it. A door that matched the operation hands the same
 * object for every call of it (api-handler.ts), and its series are then found on it by method and
 * status class, without building and hashing the series' key string per call (with metrics on,
 * that and matching the route a second time cost ~8 % of `GET /me`'s instructions).
 */
export interface ObservedOperation {
  readonly operation: string;
  readonly door: Door;
  /** Series by method, then status class; valid for one `installMetrics` (its generation). */
  series?: { generation: number; byMethod: Map<string, (HistogramSeries | undefined)[]> };
}
let generation = 0;

export function recordRequest(observed: ObservedOperation, method: string, status: number, seconds: number): void {
  if (!instruments) return;
  const klass = Math.floor(status / 100);
  if (observed.series?.generation !== generation) observed.series = { generation, byMethod: new Map() };
  let byClass = observed.series.byMethod.get(method);
  if (!byClass) observed.series.byMethod.set(method, (byClass = []));
  const series = (byClass[klass] ??= seriesOf(observed.operation, observed.door, method, klass));
  observeSeconds(series, seconds);
}

/** The same for an operation named per call (MCP, OAuth: `operationOf`), found by its key string. */
export function recordRequestByName(operation: string, door: Door, method: string, status: number, seconds: number): void {
  if (!instruments) return;
  observeSeconds(seriesOf(operation, door, method, Math.floor(status / 100)), seconds);
}

function seriesOf(operation: string, door: Door, method: string, klass: number): HistogramSeries {
  const key = `${operation} ${door} ${method} ${klass}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = {
      attributes: { operation, door, 'http.request.method': method, status_class: `${klass}xx` },
      counts: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
      sum: 0,
      count: 0,
      min: Infinity,
      max: -Infinity,
    };
    requestSeries.set(key, series);
  }
  return series;
}

function observeSeconds(series: HistogramSeries, seconds: number): void {
  let bucket = 0;
  while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
  series.counts[bucket]! += 1;
  series.sum += seconds;
  series.count += 1;
  if (seconds < series.min) series.min = seconds;
  if (seconds > series.max) series.max = seconds;
}

export function countKeyCacheLookup(hit: boolean): void {
  if (!instruments) return;
  if (hit) keyCacheLookups.hit += 1;
  else keyCacheLookups.miss += 1;
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
