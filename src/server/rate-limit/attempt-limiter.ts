import { createHash } from 'node:crypto';
import { Redis as UpstashRedis } from '@upstash/redis';
import type { AppConfig } from '../config';
import { OutageNotice } from '../lib/outage-notice';
import type { Logger } from '../lib/logger';
import { IORedisRatelimitAdapter } from './ioredis-adapter';

/**
 * Growing delays for guessable secrets (sign-in passwords, deck passwords) and for mail a visitor can
 * make us send. Unlike the request buckets (limiter.ts), nothing is ever locked: each key lets
 * `free` attempts through, then makes every further attempt wait longer than the last — `base`,
 * 2×base, 4×base … up to `max` seconds after the previous one — and forgets everything after
 * `forgetAfterSeconds` of quiet.
 *
 * `begin` is atomic across all the keys of an attempt (one Lua script on Redis; synchronous map
 * work in memory): it refuses while any key is still waiting, otherwise it counts the attempt on
 * every key *before* the caller does the expensive check (argon2), so a burst of parallel requests
 * gets no more than the schedule allows. The caller then reports a success, which clears the keys
 * that say `clear` (the pair of account and address) and gives back the count on those that say
 * `refund` (aggregates such as "any account from this address"); a failure needs no report.
 */
export interface AttemptRule {
  /** Names the rule in keys and logs. */
  name: string;
  free: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
  /** What a success does to this key's count. `keep`: it stays counted (mail sent is mail sent). */
  onSuccess: 'clear' | 'refund' | 'keep';
}

export interface AttemptKey {
  rule: AttemptRule;
  /** What is counted, e.g. an address group or a hashed email; hashed again before it is stored. */
  subject: string;
}

export type AttemptDecision =
  | {
      allowed: true;
      /** Each key's count including this attempt, in the order given. */
      counts: number[];
      succeeded(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number; rule: string };

export interface AttemptLimiter {
  readonly store: 'memory' | 'redis' | 'upstash';
  begin(keys: AttemptKey[]): Promise<AttemptDecision>;
  close(): Promise<void>;
}

/** Seconds to wait after the `count`-th counted attempt before the next one is let through. */
export function waitAfter(rule: Pick<AttemptRule, 'free' | 'baseDelaySeconds' | 'maxDelaySeconds'>, count: number): number {
  if (count < rule.free) return 0;
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** (count - rule.free));
}

/** Keys never carry the raw subject (an email address) into Redis. */
function storageKey(prefix: string, key: AttemptKey): string {
  const digest = createHash('sha256').update(key.subject).digest('base64url').slice(0, 32);
  return `${prefix}:${key.rule.name}:${digest}`;
}

interface Store {
  /** [allowed 1|0, wait ms or count…] */
  begin(keys: string[], rules: AttemptRule[], nowMs: number): Promise<{ allowed: true; counts: number[] } | { allowed: false; waitMs: number; index: number }>;
  settle(keys: string[], rules: AttemptRule[]): Promise<void>;
  close(): Promise<void>;
}

// KEYS: one hash per key ({n, last}); ARGV: now, then free, base ms, max ms, ttl ms for each key.
const BEGIN_SCRIPT = `
local now = tonumber(ARGV[1])
local longest = 0
local which = 0
for i = 1, #KEYS do
  local a = 2 + (i - 1) * 4
  local free, base, max = tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local n = tonumber(redis.call('HGET', KEYS[i], 'n') or '0')
  local last = tonumber(redis.call('HGET', KEYS[i], 'last') or '0')
  local wait = 0
  if n >= free then wait = math.min(max, base * (2 ^ (n - free))) end
  local remaining = last + wait - now
  if remaining > longest then longest = remaining; which = i end
end
if longest > 0 then return {0, math.ceil(longest), which} end
local counts = {1}
for i = 1, #KEYS do
  local a = 2 + (i - 1) * 4
  counts[i + 1] = redis.call('HINCRBY', KEYS[i], 'n', 1)
  redis.call('HSET', KEYS[i], 'last', now)
  redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[a + 3]))
end
return counts
`;

// KEYS: the keys to settle; ARGV: 'clear' or 'refund' for each.
const SETTLE_SCRIPT = `
for i = 1, #KEYS do
  if ARGV[i] == 'clear' then
    redis.call('DEL', KEYS[i])
  elseif redis.call('EXISTS', KEYS[i]) == 1 then
    local n = redis.call('HINCRBY', KEYS[i], 'n', -1)
    if n < 0 then redis.call('HSET', KEYS[i], 'n', 0) end
  end
end
return 1
`;

interface EvalClient {
  eval<T>(script: string, keys: string[], args: unknown[]): Promise<T>;
}

function redisStore(client: EvalClient, quit: () => Promise<void>): Store {
  return {
    async begin(keys, rules, nowMs) {
      const args: (string | number)[] = [nowMs];
      for (const rule of rules) args.push(rule.free, rule.baseDelaySeconds * 1000, rule.maxDelaySeconds * 1000, rule.forgetAfterSeconds * 1000);
      const result = await client.eval<number[]>(BEGIN_SCRIPT, keys, args);
      if (Number(result[0]) === 1) return { allowed: true, counts: result.slice(1).map(Number) };
      return { allowed: false, waitMs: Number(result[1]), index: Number(result[2]) - 1 };
    },
    async settle(keys, rules) {
      const pairs = keys.flatMap((key, i) => (rules[i]!.onSuccess === 'keep' ? [] : [[key, rules[i]!.onSuccess] as const]));
      if (pairs.length === 0) return;
      await client.eval(SETTLE_SCRIPT, pairs.map(([key]) => key), pairs.map(([, action]) => action));
    },
    close: quit,
  };
}

/** The same schedule on a Map in this process: exact per process, synchronous, so atomic. */
export function memoryStore(): Store {
  const entries = new Map<string, { n: number; last: number; expiresAt: number }>();
  let sweepAt = 0;
  const read = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    begin(keys, rules, now) {
      if (now >= sweepAt) {
        for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
        sweepAt = now + 60_000;
      }
      let longest = 0;
      let which = -1;
      keys.forEach((key, i) => {
        const entry = read(key, now);
        if (!entry) return;
        const remaining = entry.last + waitAfter(rules[i]!, entry.n) * 1000 - now;
        if (remaining > longest) {
          longest = remaining;
          which = i;
        }
      });
      if (longest > 0) return Promise.resolve({ allowed: false as const, waitMs: Math.ceil(longest), index: which });
      const counts = keys.map((key, i) => {
        const entry = read(key, now) ?? { n: 0, last: now, expiresAt: 0 };
        entry.n += 1;
        entry.last = now;
        entry.expiresAt = now + rules[i]!.forgetAfterSeconds * 1000;
        entries.set(key, entry);
        return entry.n;
      });
      return Promise.resolve({ allowed: true as const, counts });
    },
    settle(keys, rules) {
      keys.forEach((key, i) => {
        const action = rules[i]!.onSuccess;
        if (action === 'clear') entries.delete(key);
        else if (action === 'refund') {
          const entry = entries.get(key);
          if (entry) entry.n = Math.max(0, entry.n - 1);
        }
      });
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

export function createAttemptLimiter(
  config: Pick<AppConfig, 'redisUrl' | 'upstashRestUrl' | 'upstashRestToken'>,
  logger: Logger,
  keyPrefix = 'creator-api:attempts',
): AttemptLimiter {
  const fallback = memoryStore();
  let primary: Store = fallback;
  let store: AttemptLimiter['store'] = 'memory';
  if (config.redisUrl) {
    const adapter = IORedisRatelimitAdapter.connect(config.redisUrl);
    primary = redisStore(adapter, () => adapter.quit());
    store = 'redis';
  } else if (config.upstashRestUrl && config.upstashRestToken) {
    const upstash = new UpstashRedis({ url: config.upstashRestUrl, token: config.upstashRestToken });
    primary = redisStore({ eval: (script, keys, args) => upstash.eval(script, keys, args) }, () => Promise.resolve());
    store = 'upstash';
  }

  /**
   * The shared store unreachable: the attempt is counted in this process instead (not let through
   * unlimited), so one instance still slows guessing on its own.
   */
  // Logged once when the store goes away and once when it is back, not on every attempt.
  const outage = new OutageNotice(logger, 'attempt limiter store');
  async function withFallback<T>(what: string, run: (s: Store) => Promise<T>): Promise<T> {
    if (primary === fallback) return run(fallback);
    try {
      const result = await run(primary);
      outage.succeeded();
      return result;
    } catch (error) {
      outage.failed(error, { store, what, fallback: 'counted in this process' });
      return run(fallback);
    }
  }

  return {
    store,
    async begin(attemptKeys) {
      const keys = attemptKeys.map((key) => storageKey(keyPrefix, key));
      const rules = attemptKeys.map((key) => key.rule);
      const result = await withFallback('attempt', (s) => s.begin(keys, rules, Date.now()));
      if (!result.allowed) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(result.waitMs / 1000)), rule: rules[result.index]?.name ?? 'unknown' };
      }
      return {
        allowed: true,
        counts: result.counts,
        succeeded: () => withFallback('success', (s) => s.settle(keys, rules)),
      };
    },
    async close() {
      await primary.close();
    },
  };
}
