import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis as IORedis, RedisOptions } from 'ioredis';

/**
 * Lets @upstash/ratelimit (which speaks Upstash's REST client) run on plain TCP Redis. It only calls
 * evalsha/eval (plus get/set for some algorithms). Its scripts start with a
 * `#!lua flags=allow-key-locking` line that Redis 7.0 rejects, so the line is stripped and the
 * stripped script's sha is remembered under the original sha the library asks for.
 */
export class IORedisRatelimitAdapter {
  private readonly shaAliases = new Map<string, string>();

  constructor(readonly client: IORedis) {}

  static connect(url: string): IORedisRatelimitAdapter {
    // Required here, not imported at the top: a process without REDIS_URL never loads ioredis (about
    // 45 modules resident for nothing).
    const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: new (url: string, options: RedisOptions) => IORedis };
    // No offline queue and a short command timeout: when Redis is down, calls fail at once and the
    // limiter fails open (see rate-limit/limiter.ts) instead of holding every request for seconds.
    const client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      lazyConnect: false,
    });
    client.on('error', () => {});
    return new IORedisRatelimitAdapter(client);
  }

  async evalsha<TData = unknown>(sha: string, keys: string[], args: unknown[]): Promise<TData> {
    const target = this.shaAliases.get(sha) ?? sha;
    return (await this.client.evalsha(target, keys.length, ...keys, ...args.map(String))) as TData;
  }

  async eval<TData = unknown>(script: string, keys: string[], args: unknown[]): Promise<TData> {
    const originalSha = createHash('sha1').update(script).digest('hex');
    const stripped = script.startsWith('#!') ? script.slice(script.indexOf('\n') + 1) : script;
    const strippedSha = (await this.client.script('LOAD', stripped)) as string;
    this.shaAliases.set(originalSha, strippedSha);
    return (await this.client.evalsha(strippedSha, keys.length, ...keys, ...args.map(String))) as TData;
  }

  async get<TData = unknown>(key: string): Promise<TData | null> {
    const value = await this.client.get(key);
    if (value === null) return null;
    try {
      return JSON.parse(value) as TData;
    } catch {
      return value as TData;
    }
  }

  async set(key: string, value: unknown): Promise<'OK'> {
    await this.client.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    return 'OK';
  }

  async quit(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
