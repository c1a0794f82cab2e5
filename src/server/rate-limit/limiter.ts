import { Ratelimit } from '@upstash/ratelimit';
import { Redis as UpstashRedis } from '@upstash/redis';
import type { AppConfig } from '../config';
import type { Logger } from '../lib/logger';
import { OutageNotice } from '../lib/outage-notice';
import { bucketQuotas, RATE_LIMIT_BUCKETS, type RateLimitBucket } from './buckets';
import { IORedisRatelimitAdapter } from './ioredis-adapter';
import { MemorySlidingWindow } from './memory-algorithm';
import { countRateLimitRefusal } from '../lib/metrics';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (what RateLimit-Reset and Retry-After carry). */
  resetSeconds: number;
}

export interface RateLimiter {
  readonly store: 'memory' | 'redis' | 'upstash';
  /** null when the store could not be reached: the request goes through (fail open) and it is logged. */
  check(bucket: RateLimitBucket, identifier: string): Promise<RateLimitDecision | null>;
  /** Resolves when the store answers (readiness reports it); the memory store always does. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createRateLimiter(
  config: Pick<AppConfig, 'redisUrl' | 'upstashRestUrl' | 'upstashRestToken' | 'rateLimitRequests' | 'rateLimitWindowSeconds'>,
  logger: Logger,
  /** Namespaces Redis keys, so separate deployments (or test runs) sharing one Redis never mix counts. */
  keyPrefix = 'creator-api:rl',
): RateLimiter {
  const quotas = bucketQuotas(config);
  if (!config.redisUrl && !(config.upstashRestUrl && config.upstashRestToken)) return countingRefusals(createMemoryRateLimiter(quotas));
  // Redis (or Upstash) keeps one count for every instance: exact across instances.
  const store: RateLimiter['store'] = config.redisUrl ? 'redis' : 'upstash';
  const redis: IORedisRatelimitAdapter | UpstashRedis = config.redisUrl
    ? IORedisRatelimitAdapter.connect(config.redisUrl)
    : new UpstashRedis({ url: config.upstashRestUrl!, token: config.upstashRestToken! });

  const limiters = Object.fromEntries(
    RATE_LIMIT_BUCKETS.map((bucket) => {
      const { requests, windowSeconds } = quotas[bucket];
      return [
        bucket,
        new Ratelimit({
          redis,
          limiter: Ratelimit.slidingWindow(requests, `${windowSeconds} s`),
          prefix: `${keyPrefix}:${bucket}`,
          ephemeralCache: false,
          analytics: false,
          timeout: 1000,
        }),
      ];
    }),
  ) as Record<RateLimitBucket, Ratelimit>;

  // Fail open, logged once when the store goes away and once when it is back (not per request).
  const outage = new OutageNotice(logger, 'rate limit store');
  return countingRefusals({
    store,
    async check(bucket, identifier) {
      try {
        const result = await limiters[bucket].limit(identifier);
        if (result.reason === 'timeout') {
          outage.failed('timed out', { bucket, store, requests: 'allowed' });
          return null;
        }
        outage.succeeded();
        return {
          allowed: result.success,
          limit: result.limit,
          remaining: Math.max(0, result.remaining),
          resetSeconds: Math.max(1, Math.ceil((result.reset - Date.now()) / 1000)),
        };
      } catch (error) {
        outage.failed(error, { bucket, store, requests: 'allowed' });
        return null;
      }
    },
    async ping() {
      if (redis instanceof IORedisRatelimitAdapter) await redis.client.ping();
      else await redis.ping();
    },
    async close() {
      if (redis instanceof IORedisRatelimitAdapter) await redis.quit();
    },
  });
}

/** Counts every refusal (the rate-limit refusals metric), by bucket only. */
function countingRefusals(limiter: RateLimiter): RateLimiter {
  return {
    ...limiter,
    async check(bucket, identifier) {
      const decision = await limiter.check(bucket, identifier);
      if (decision && !decision.allowed) countRateLimitRefusal(bucket);
      return decision;
    },
  };
}

/** No Redis configured: one sliding window per bucket in this process, checked synchronously. */
function createMemoryRateLimiter(quotas: ReturnType<typeof bucketQuotas>): RateLimiter {
  const windows = Object.fromEntries(
    RATE_LIMIT_BUCKETS.map((bucket) => [bucket, new MemorySlidingWindow(quotas[bucket].requests, quotas[bucket].windowSeconds * 1000)]),
  ) as Record<RateLimitBucket, MemorySlidingWindow>;
  return {
    store: 'memory',
    check(bucket, identifier) {
      const now = Date.now();
      const result = windows[bucket].take(identifier, now);
      return Promise.resolve({
        allowed: result.success,
        limit: result.limit,
        remaining: result.remaining,
        resetSeconds: Math.max(1, Math.ceil((result.reset - now) / 1000)),
      });
    },
    async ping() {},
    async close() {},
  };
}
