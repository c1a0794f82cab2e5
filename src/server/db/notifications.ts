import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Cross-instance signals over PostgreSQL LISTEN/NOTIFY: cache invalidation, job wake-ups. One
 * listening connection per process, shared by every subscriber; a NOTIFY sent inside a transaction
 * (`SELECT pg_notify(channel, payload)`) is delivered only if and when it commits.
 *
 * Delivery is best effort (a listener that was disconnected misses what was sent meanwhile), so
 * subscribers that must converge also register `onReconnect` and resynchronise there (drop a cache,
 * poll once), and keep a slow backstop of their own (a TTL, a periodic poll).
 */
export interface Notifications {
  /** Sends `payload` (≤ 7,900 bytes, PostgreSQL's limit) on `channel` to every instance, this one included. */
  notify(channel: string, payload: string): Promise<void>;
  /** Calls `listener` for each payload on `channel`; returns a function that unsubscribes. */
  subscribe(channel: string, listener: (payload: string) => void): () => void;
  /** Called after the listening connection was re-established: messages may have been missed. */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Channel names are SQL identifiers in LISTEN; keep them to this shape. */
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid notification channel "${channel}"`);
}

class Subscribers {
  private readonly byChannel = new Map<string, Set<(payload: string) => void>>();
  readonly reconnectListeners = new Set<() => void>();

  add(channel: string, listener: (payload: string) => void): boolean {
    let set = this.byChannel.get(channel);
    const isNew = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(listener);
    return isNew;
  }

  remove(channel: string, listener: (payload: string) => void): boolean {
    const set = this.byChannel.get(channel);
    if (!set) return false;
    set.delete(listener);
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  dispatch(channel: string, payload: string, onError: (error: unknown) => void): void {
    for (const listener of this.byChannel.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        onError(error);
      }
    }
  }

  reconnected(onError: (error: unknown) => void): void {
    for (const listener of this.reconnectListeners) {
      try {
        listener();
      } catch (error) {
        onError(error);
      }
    }
  }
}

export interface PostgresNotificationsOptions {
  /** Connection settings for the one dedicated LISTEN connection. */
  connection: pg.ClientConfig;
  /** Sends NOTIFY through the shared pool (no extra connection). */
  pool: pg.Pool;
  onError?: (error: unknown) => void;
  /** First reconnect delay; doubles up to 5 s. */
  reconnectDelayMs?: number;
}

export function createPostgresNotifications(options: PostgresNotificationsOptions): Notifications {
  const subscribers = new Subscribers();
  const onError = options.onError ?? (() => {});
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let delay = options.reconnectDelayMs ?? 100;
  let everConnected = false;

  const quote = (channel: string) => `"${channel}"`;

  async function connect(): Promise<void> {
    while (!closed) {
      const next = new pg.Client(options.connection);
      try {
        await next.connect();
        next.on('notification', (message) => subscribers.dispatch(message.channel, message.payload ?? '', onError));
        next.on('error', (error) => {
          onError(error);
          if (client === next) {
            client = null;
            void next.end().catch(() => {});
            scheduleReconnect();
          }
        });
        // Until `client` is set, subscribe() leaves the LISTEN to this loop: a channel subscribed while
        // the earlier LISTENs were in flight is picked up by the next pass, not lost.
        const listening = new Set<string>();
        for (let pending = subscribers.channels(); pending.length > 0; pending = subscribers.channels().filter((c) => !listening.has(c))) {
          for (const channel of pending) {
            await next.query(`LISTEN ${quote(channel)}`);
            listening.add(channel);
          }
        }
        if (closed) {
          await next.end();
          return;
        }
        // No await since the last check above: from here subscribe() LISTENs on `client` itself.
        client = next;
        delay = options.reconnectDelayMs ?? 100;
        if (everConnected) subscribers.reconnected(onError);
        everConnected = true;
        return;
      } catch (error) {
        onError(error);
        await next.end().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(delay * 2, 5_000);
      }
    }
  }

  function scheduleReconnect(): void {
    if (closed || connecting) return;
    connecting = connect().finally(() => {
      connecting = null;
    });
  }

  function ensureListening(channel: string): void {
    if (client) {
      client.query(`LISTEN ${quote(channel)}`).catch(onError);
    } else {
      // connect() LISTENs on every subscribed channel once it is up.
      scheduleReconnect();
    }
  }

  return {
    async notify(channel, payload) {
      checkChannel(channel);
      await options.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(channel, listener) {
      checkChannel(channel);
      if (subscribers.add(channel, listener)) ensureListening(channel);
      return () => {
        if (subscribers.remove(channel, listener) && client) client.query(`UNLISTEN ${quote(channel)}`).catch(onError);
      };
    },
    onReconnect(listener) {
      subscribers.reconnectListeners.add(listener);
      return () => subscribers.reconnectListeners.delete(listener);
    },
    async close() {
      closed = true;
      await connecting?.catch(() => {});
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** The embedded database is one process: PGlite's own LISTEN/NOTIFY delivers within it. */
export function createPGliteNotifications(pglite: PGlite, onError: (error: unknown) => void = () => {}): Notifications {
  const subscribers = new Subscribers();
  const unlisteners = new Map<string, Promise<() => Promise<void>>>();
  return {
    async notify(channel, payload) {
      checkChannel(channel);
      // In one process a subscribe made just before must see this notify: let pending LISTENs land first.
      await Promise.all(unlisteners.values());
      await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(channel, listener) {
      checkChannel(channel);
      if (subscribers.add(channel, listener)) {
        unlisteners.set(
          channel,
          pglite.listen(channel, (payload) => subscribers.dispatch(channel, payload, onError)),
        );
      }
      return () => {
        if (!subscribers.remove(channel, listener)) return;
        const unlisten = unlisteners.get(channel);
        unlisteners.delete(channel);
        void unlisten?.then((fn) => fn()).catch(onError);
      };
    },
    onReconnect(listener) {
      // Never disconnects: nothing to resynchronise.
      subscribers.reconnectListeners.add(listener);
      return () => subscribers.reconnectListeners.delete(listener);
    },
    async close() {
      const pending = [...unlisteners.values()];
      unlisteners.clear();
      await Promise.all(pending.map((p) => p.then((fn) => fn()).catch(() => {})));
    },
  };
}
