import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { SqlQuery } from '../db/database';
import { installMetrics, observeGauges, uninstallMetrics } from '../lib/metrics';

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
  const exporter = new PrometheusExporter({ port: settings.port, host: settings.host, endpoint: '/metrics', preventServerStart: true, withoutScopeInfo: true });
  const provider = new MeterProvider({
    resource: resourceFromAttributes({ 'service.name': 'creator-api' }),
    readers: [exporter],
  });
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
      name: 'creator_api.db.pool.max',
      description: 'The PostgreSQL pool size (DATABASE_POOL_SIZE)',
      read: () => {
        const stats = sources.poolStats();
        return stats ? [{ value: stats.max }] : [];
      },
    },
  ]);

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
