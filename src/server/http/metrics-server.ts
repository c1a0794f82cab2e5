import { ValueType } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { AggregationTemporality, DataPointType, MeterProvider, type MetricProducer } from '@opentelemetry/sdk-metrics';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { SqlQuery } from '../db/database';
import { DURATION_BUCKETS, hotMetricsSnapshot, installMetrics, observeGauges, uninstallMetrics } from '../lib/metrics';

export interface MetricsServer {
  port: number;
  host: string;
  close(): Promise<void>;
}

export interface MetricsSources {
  sql: SqlQuery;
  /** This instance's job queue (JOBS_QUEUE): depth and lag are read for it only. */
  queue: string;
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  /** The request log buffer: entries waiting for their write, and those dropped since start because it was full. */
  requestLogStats(): { pending: number; dropped: number };
}

interface QueueRow {
  kind: string;
  state: string;
  jobs: number;
  lag_seconds: number | null;
}

/**
 * OpenTelemetry's metrics SDK with its Prometheus exporter, on a listener of its own
 * (METRICS_PORT, METRICS_HOST): `GET /metrics` in the Prometheus text format. Gauges (job queue,
 * database pool) are read when scraped — the queue with one read-only grouped query on the jobs
 * table's (queue, state, run_at) index.
 */
export async function startMetricsServer(settings: { port: number; host: string }, sources: MetricsSources): Promise<MetricsServer> {
  const resource = resourceFromAttributes({ 'service.name': 'creator-api' });
  const exporter = new PrometheusExporter({
    port: settings.port,
    host: settings.host,
    endpoint: '/metrics',
    preventServerStart: true,
    withoutScopeInfo: true,
    metricProducers: [hotMetricsProducer(resource)],
  });
  const provider = new MeterProvider({ resource, readers: [exporter] });
  const meter = provider.getMeter('creator-api');
  installMetrics(meter);

  let queueRead: Promise<QueueRow[]> | null = null;
  // Both queue gauges come from one query per scrape.
  const readQueue = () =>
    (queueRead ??= sources
      .sql<QueueRow>(
        `SELECT kind, state::text AS state, count(*)::int AS jobs,
                EXTRACT(EPOCH FROM now() - min(run_at) FILTER (WHERE state = 'queued' AND run_at <= now()))::float8 AS lag_seconds
           FROM jobs WHERE queue = $1 AND state IN ('queued', 'running') GROUP BY kind, state`,
        [sources.queue],
      )
      .finally(() => setTimeout(() => (queueRead = null), 0)));

  observeGauges(meter, [
    {
      name: 'creator_api.jobs.depth',
      description: "Jobs in this instance's queue by kind and state (queued: due or scheduled; running: claimed)",
      read: async () => (await readQueue()).map((row) => ({ value: row.jobs, attributes: { queue: sources.queue, kind: row.kind, state: row.state } })),
    },
    {
      name: 'creator_api.jobs.lag_seconds',
      description: 'Seconds the oldest due job of each kind has waited to be claimed (0 when none waits)',
      unit: 's',
      read: async () =>
        (await readQueue()).filter((row) => row.state === 'queued').map((row) => ({ value: Math.max(0, row.lag_seconds ?? 0), attributes: { queue: sources.queue, kind: row.kind } })),
    },
    {
      name: 'creator_api.db.pool.connections',
      description: 'PostgreSQL pool connections by state (idle, used), and requests waiting for one (waiting)',
      read: () => {
        const stats = sources.poolStats();
        if (!stats) return [];
        return [
          { value: stats.idle, attributes: { state: 'idle' } },
          { value: stats.total - stats.idle, attributes: { state: 'used' } },
          { value: stats.waiting, attributes: { state: 'waiting' } },
        ];
      },
    },
    {
      name: 'creator_api.request_logs.pending',
      description: 'Request log entries recorded and not yet written (a healthy instance stays near one second of calls)',
      read: () => [{ value: sources.requestLogStats().pending }],
    },
    {
      name: 'creator_api.db.pool.max',
      description: 'The PostgreSQL pool size (DATABASE_POOL_SIZE)',
      read: () => {
        const stats = sources.poolStats();
        return stats ? [{ value: stats.max }] : [];
      },
    },
  ]);

  // An integrator expects every call in the log: entries dropped from a full buffer are counted, not only logged.
  meter
    .createObservableCounter('creator_api.request_logs.dropped', { description: 'Request log entries dropped because the buffer was full (the database failing or too slow for longer than the buffer holds)' })
    .addCallback((result) => result.observe(sources.requestLogStats().dropped));

  await exporter.startServer();
  return {
    port: settings.port,
    host: settings.host,
    async close() {
      uninstallMetrics();
      await provider.shutdown();
    },
  };
}

/** Seconds and nanoseconds, as OpenTelemetry's data points carry time. */
function hrTime(ms: number): [number, number] {
  return [Math.floor(ms / 1000), Math.round((ms % 1000) * 1e6)];
}

/**
 * The per-request instruments `lib/metrics.ts` aggregates itself (see `hotMetricsSnapshot`), handed
 * to the exporter at scrape time as cumulative data: the request-duration histogram and the
 * key-cache counter, under the names, labels and buckets the SDK's own instruments would give them.
 */
function hotMetricsProducer(resource: Resource): MetricProducer {
  return {
    collect() {
      const snapshot = hotMetricsSnapshot();
      const startTime = hrTime(snapshot.since);
      const endTime = hrTime(Date.now());
      return Promise.resolve({
        errors: [],
        resourceMetrics: {
          resource,
          scopeMetrics: [
            {
              scope: { name: 'creator-api' },
              metrics: [
                {
                  descriptor: {
                    name: 'http_server_request_duration_seconds',
                    description: 'Time from the request reaching the API handler to its response being written, by operation, door and status class',
                    unit: 's',
                    valueType: ValueType.DOUBLE,
                  },
                  aggregationTemporality: AggregationTemporality.CUMULATIVE,
                  dataPointType: DataPointType.HISTOGRAM,
                  dataPoints: snapshot.requestDurations.map((series) => ({
                    attributes: series.attributes,
                    startTime,
                    endTime,
                    value: { buckets: { boundaries: [...DURATION_BUCKETS], counts: [...series.counts] }, sum: series.sum, count: series.count, min: series.min, max: series.max },
                  })),
                },
                {
                  descriptor: {
                    name: 'creator_api.api_key_cache.lookups',
                    description: 'API-key lookups answered from the per-instance cache (result=hit) or the database (result=miss)',
                    unit: '',
                    valueType: ValueType.INT,
                  },
                  aggregationTemporality: AggregationTemporality.CUMULATIVE,
                  dataPointType: DataPointType.SUM,
                  isMonotonic: true,
                  dataPoints: (['hit', 'miss'] as const).map((result) => ({ attributes: { result }, startTime, endTime, value: snapshot.keyCacheLookups[result] })),
                },
              ],
            },
          ],
        },
      });
    },
  };
}
