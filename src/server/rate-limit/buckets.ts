import type { AppConfig } from '../config';

/**
 * Rate-limit buckets. Operations count per agency or creator (every key, session and MCP client of
 * one subject shares one window per bucket; src/server/trpc/middleware.ts), whichever door calls.
 * Each operation's meta names its bucket.
 * - default: every operation unless it says otherwise (RATE_LIMIT_REQUESTS per RATE_LIMIT_WINDOW_SECONDS),
 *   and MCP protocol messages (initialize, tools/list).
 * - imports: starting CSV or link-in-bio imports, from the API, MCP or the settings UI.
 * - previews: roster import previews. Each parses and classifies up to 500 rows against the roster
 *   (hundreds of times a default request's work) and stores them, so they get their own, smaller
 *   budget: one tenant's preview flood cannot take the server's time from the others.
 *   At most BUCKET_CONCURRENCY.previews of one agency run at once (per instance): a further one is
 *   refused 429 before its body is read, and not counted in the hourly budget.
 * - sponsorship: sponsorship matches, over REST and MCP alike.
 * Browser sign-in and deck passwords are not request buckets: they get growing delays per account,
 * address group and deck (attempt-limiter.ts, services/sign-in-attempts.ts, services/deck-passwords.ts).
 */
export const RATE_LIMIT_BUCKETS = ['default', 'imports', 'previews', 'sponsorship'] as const;
export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];

export interface BucketQuota {
  requests: number;
  windowSeconds: number;
}

export function bucketQuotas(config: Pick<AppConfig, 'rateLimitRequests' | 'rateLimitWindowSeconds'>): Record<RateLimitBucket, BucketQuota> {
  return {
    default: { requests: config.rateLimitRequests, windowSeconds: config.rateLimitWindowSeconds },
    imports: { requests: 30, windowSeconds: 3600 },
    previews: { requests: 60, windowSeconds: 3600 },
    sponsorship: { requests: 60, windowSeconds: 60 },
  };
}

/**
 * Calls of one subject a bucket lets run at once on an instance (in-flight.ts); buckets not named here
 * have no such limit. Previews: each reads up to 4 MiB and parses CSV, so a tenant's burst runs two at a
 * time rather than all at once.
 */
export const BUCKET_CONCURRENCY: Partial<Record<RateLimitBucket, number>> = { previews: 2 };
