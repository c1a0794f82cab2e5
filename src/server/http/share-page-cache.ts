import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { HeaderReader } from '../services/page-view-rules';
import { isDeckUnlocked } from '../services/public-pages';
import { SHARE_PAGES_CHANNEL } from '../services/share-page-invalidation';
import { deckUnlockCookieName, matchSharePath, resolveSharePage, type SharePageMeta, type SharePageRoute } from '../services/share-pages';
import type { AppServices } from '../domain/app-services';
import { newRequestId } from './request-id';
import { prepareHead, writePreparedHead, type PreparedHead } from './checked-headers';
import { RawHeaders, lowerName, rawHeader } from './raw-headers';
import { clientAddress } from '../lib/client-address';
import { countSharePageLookup } from '../lib/metrics';

/**
 * The share pages' fast path, in front of Next (server.ts). For GET /m, /l, /d, /r and /roster pages:
 *
 * 1. Count the load (PageViewBuffer: in memory, capped per address, written once a second), for
 *    cached and rendered answers alike — the pages themselves no longer count.
 * 2. Answer from a cache of rendered pages, keyed by path (the query string is ignored: pages do not
 *    read it) and variant; render through Next on a miss, capturing the response. Concurrent misses of
 *    one page wait for one render.
 *
 * Staleness: each page carries invalidation tags (share-pages.ts). Writes send them over
 * LISTEN/NOTIFY (share-page-invalidation.ts) and every instance drops exactly the pages carrying one;
 * a render that overlapped an invalidation of its tags is not kept. A reconnect of the listener drops
 * everything (messages may have been missed), and a TTL backstop (SHARE_PAGE_CACHE_TTL_SECONDS)
 * revalidates every page a few seconds after it was checked: one request re-reads what the page shows
 * (while the others are served the current copy) and re-renders only if that changed.
 *
 * Password-protected decks: the cached "locked" variant (the password form) is rendered without
 * cookies; the "unlocked" variant is served only to a request whose unlock cookie is valid for the
 * deck's current password (checked here, on every request), and never served stale.
 *
 * Not cached (rendered by Next every time, still counted): RSC requests of client navigations, HEAD
 * misses, responses that set cookies, and anything but 200/404 HTML.
 *
 * A hit is answered synchronously (`answerFromCache`: no promise, no await, which Next's async hooks
 * make dearer), with the response's header list built once when it was stored.
 */

type Variant = 'page' | 'locked' | 'unlocked';

interface StoredResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  gzip: Buffer | null;
  /**
   * The head for `body` and for `gzip`, checked and built once (checked-headers.ts): the stored
   * headers, the encoding and length, then X-Request-Id and X-Share-Page-Cache, whose values `send`
   * gives per request.
   */
  head: PreparedHead;
  gzipHead: PreparedHead | null;
}

interface PathEntry {
  meta: SharePageMeta;
  tags: Set<string>;
  /** The invalidation counter when its meta was read: later invalidations of its tags make it stale. */
  generation: number;
  freshUntil: number;
  responses: Map<Variant, StoredResponse>;
  /** A request is re-rendering this page after its TTL; others are served this copy meanwhile. */
  refreshing: boolean;
  bytes: number;
}

export interface SharePageServerOptions {
  services: Pick<AppServices, 'db' | 'config' | 'logger' | 'notifications' | 'pageViews'>;
  /** Renders what the cache cannot answer: Next's request handler in production. */
  render: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  /** The secret deck unlock cookies are signed with (APP_SECRET or the generated one). */
  secret: string;
  /** Keep rendered pages (off under `next dev`, where pages change as they are edited). */
  cache?: boolean;
  now?: () => number;
}

export interface SharePageServer {
  /**
   * Answers a request a fresh cached page can answer and returns true; false for anything else
   * (then `handle` it once the node layer has set the client address header). Reads the request's
   * headers from `req.rawHeaders` (raw-headers.ts) and counts the view under `clientAddress`, the
   * address the node layer resolved.
   */
  answer(req: IncomingMessage, res: ServerResponse, clientAddress: string): boolean;
  /** Answers a share-page request and returns true; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Drops every cached page. */
  clear(): void;
  /** Invalidates pages carrying any of `tags` in this instance only (what a notification does). */
  invalidate(tags: readonly string[]): void;
  readonly size: number;
  close(): void;
}

/** Not kept with a stored response: hop-by-hop, or written per answer (`send`). */
const NOT_STORED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length', 'x-request-id', 'x-share-page-cache']);
/** Invalidations remembered for renders that started before them (a render lasts well under this many). */
const RECENT_INVALIDATIONS = 1_000;

class RequestHeaders implements HeaderReader {
  constructor(private readonly headers: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.headers[lowerName(name)];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
}

/** An RSC request of a client-side navigation (rendered by Next, never cached). */
function isNavigation(req: IncomingMessage): boolean {
  return rawHeader(req, 'rsc') !== undefined || (req.url !== undefined && req.url.includes('?') && /[?&]_rsc=/.test(req.url));
}

const PER_REQUEST_HEADERS = ['x-request-id', 'x-share-page-cache'];

function headList(headers: Record<string, string | string[]>, body: Buffer, encoding: string | null): PreparedHead {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) list.push(name, item);
    else list.push(name, value);
  }
  if (encoding) list.push('content-encoding', encoding);
  list.push('content-length', String(body.length));
  return prepareHead(list, PER_REQUEST_HEADERS);
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (rawHeader(req, 'cookie') ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

function acceptsGzip(req: IncomingMessage): boolean {
  const accept = rawHeader(req, 'accept-encoding');
  return typeof accept === 'string' && /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/i.test(accept);
}

/** An invalidation's tags plus `missing:<type>` of each: a write of any kit also drops cached 404s of /m pages. */
function expand(tags: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const tag of tags) {
    out.add(tag);
    const type = tag.split(':', 1)[0]!;
    if (type !== 'missing') out.add(`missing:${type}`);
  }
  return out;
}

/** Lets `render` write to `res` as usual while keeping a copy of the status, headers and body. */
function renderCapturing(
  render: SharePageServerOptions['render'],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ status: number; headers: OutgoingHttpHeaders; body: Buffer } | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const direct: OutgoingHttpHeaders = {};
    // eslint-disable-next-line no-restricted-syntax -- the three methods are overloaded; the wrappers below pass every overload's arguments through untouched.
    const target = res as unknown as Record<'write' | 'end' | 'writeHead', (...args: unknown[]) => unknown>;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const { write, end, writeHead } = target;
    target.writeHead = (...args: unknown[]) => {
      const headers = args.find((a, i) => i > 0 && typeof a === 'object' && a !== null);
      if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) direct[String(headers[i]).toLowerCase()] = headers[i + 1] as string;
      else if (headers) for (const [k, v] of Object.entries(headers)) direct[k.toLowerCase()] = v as string;
      return writeHead.apply(res, args);
    };
    target.write = (...args: unknown[]) => {
      keep(args[0], args[1]);
      return write.apply(res, args);
    };
    target.end = (...args: unknown[]) => {
      if (typeof args[0] !== 'function') keep(args[0], args[1]);
      return end.apply(res, args);
    };
    let done = false;
    res.once('finish', () => {
      done = true;
      resolve({ status: res.statusCode, headers: { ...res.getHeaders(), ...direct }, body: Buffer.concat(chunks) });
    });
    res.once('close', () => {
      if (!done) resolve(null);
    });
    Promise.resolve(render(req, res)).catch(() => resolve(null));
  });
}

function storable(captured: { status: number; headers: OutgoingHttpHeaders; body: Buffer }): StoredResponse | null {
  if (captured.status !== 200 && captured.status !== 404) return null;
  const type = String(captured.headers['content-type'] ?? '');
  if (!type.startsWith('text/html') || captured.headers['set-cookie'] || captured.headers['content-encoding']) return null;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(captured.headers)) {
    if (value === undefined || NOT_STORED.has(name)) continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  const vary = String(headers.vary ?? '');
  if (!/accept-encoding/i.test(vary)) headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  const gzip = captured.body.length > 1024 ? gzipSync(captured.body) : null;
  return { status: captured.status, headers, body: captured.body, gzip, head: headList(headers, captured.body, null), gzipHead: gzip ? headList(headers, gzip, 'gzip') : null };
}

export function createSharePageServer(options: SharePageServerOptions): SharePageServer {
  const { services, render, secret } = options;
  const now = options.now ?? Date.now;
  const caching = options.cache ?? true;
  const ttlMs = services.config.sharePages.cacheTtlSeconds * 1000;
  const maxBytes = services.config.sharePages.cacheMaxBytes;

  const entries = new Map<string, PathEntry>();
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  /** Counter of invalidations, and the recent ones: a render started at generation g keeps its result only if none since hit its tags. */
  let generation = 0;
  const recent: { generation: number; tags: Set<string> | null }[] = [];
  const pendingMeta = new Map<string, Promise<PathEntry>>();
  const pendingRenders = new Map<string, Promise<StoredResponse | null>>();

  function remove(path: string): void {
    const entry = entries.get(path);
    if (!entry) return;
    entries.delete(path);
    bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const paths = byTag.get(tag);
      paths?.delete(path);
      if (paths?.size === 0) byTag.delete(tag);
    }
  }

  function insert(path: string, entry: PathEntry): void {
    remove(path);
    entries.set(path, entry);
    bytes += entry.bytes;
    for (const tag of entry.tags) {
      let paths = byTag.get(tag);
      if (!paths) byTag.set(tag, (paths = new Set()));
      paths.add(path);
    }
  }

  function invalidatedSince(start: number, tags: Set<string>): boolean {
    if (generation === start) return false;
    const first = recent[0];
    if (!first || first.generation > start + 1) return true; // too long ago to tell: assume it was
    return recent.some((r) => r.generation > start && (r.tags === null || [...r.tags].some((t) => tags.has(t))));
  }

  function remember(tags: Set<string> | null): void {
    generation += 1;
    recent.push({ generation, tags });
    if (recent.length > RECENT_INVALIDATIONS) recent.shift();
  }

  function invalidate(tags: readonly string[]): void {
    const dropped = expand(tags);
    remember(dropped);
    for (const tag of dropped) for (const path of [...(byTag.get(tag) ?? [])]) remove(path);
  }

  function clear(): void {
    remember(null);
    for (const path of [...entries.keys()]) remove(path);
  }

  const unsubscribe = services.notifications.subscribe(SHARE_PAGES_CHANNEL, (payload) => {
    try {
      const tags = JSON.parse(payload) as unknown;
      if (Array.isArray(tags)) invalidate(tags.filter((t): t is string => typeof t === 'string'));
      else clear();
    } catch {
      clear();
    }
  });
  const stopReconnect = services.notifications.onReconnect(clear);

  /**
   * The page's meta, fresh from the database; at most one read per path at a time. `clean` is false
   * when an invalidation of its tags arrived while it was read (the entry must then not be cached).
   */
  function loadEntry(path: string, route: SharePageRoute): Promise<PathEntry> {
    let pending = pendingMeta.get(path);
    if (!pending) {
      const start = generation;
      pending = resolveSharePage(services.db, route)
        .then((meta): PathEntry => {
          return { meta, tags: new Set(meta.tags), generation: start, freshUntil: now() + ttlMs, responses: new Map(), refreshing: false, bytes: 0 };
        })
        .finally(() => pendingMeta.delete(path));
      pendingMeta.set(path, pending);
    }
    return pending;
  }

  const clean = (entry: PathEntry) => caching && !invalidatedSince(entry.generation, entry.tags);

  function variantOf(req: IncomingMessage, meta: SharePageMeta): Variant {
    if (!meta.lock) return 'page';
    const token = cookieValue(req, deckUnlockCookieName(meta.lock.deckId));
    return isDeckUnlocked(secret, { id: meta.lock.deckId, passwordHash: meta.lock.passwordHash }, token) ? 'unlocked' : 'locked';
  }

  /** `address`: the client address the node layer resolved, when it passed it (else read from the header it set). */
  function count(req: IncomingMessage, meta: SharePageMeta, variant: Variant, at: number = now(), address: string | null = null): void {
    // A locked deck's password form is not a view of the deck.
    if (!meta.target || variant === 'locked') return;
    // The address the node layer resolved under TRUSTED_PROXIES (one rule for sign-ins, unlocks and views).
    services.pageViews.record(meta.target, new RawHeaders(req), address ?? clientAddress(new RequestHeaders(req.headers)), at);
  }

  function send(req: IncomingMessage, res: ServerResponse, stored: StoredResponse, state: string): void {
    const gzip = stored.gzip !== null && stored.gzipHead !== null && acceptsGzip(req);
    writePreparedHead(res, stored.status, gzip ? stored.gzipHead! : stored.head, [newRequestId(), state]);
    countSharePageLookup(true);
    res.end(req.method === 'HEAD' ? undefined : gzip ? stored.gzip! : stored.body);
  }

  /**
   * The common case, answered synchronously: a fresh cached copy of the variant asked for. Exactly
   * what `serve` does for it (count, then send as a hit); anything else is left to `serve`.
   */
  function answerFromCache(req: IncomingMessage, res: ServerResponse, path: string, address: string | null): boolean {
    const entry = entries.get(path);
    if (entry === undefined || isNavigation(req)) return false;
    const at = now();
    if (entry.freshUntil <= at) return false;
    const variant = variantOf(req, entry.meta);
    const ready = entry.responses.get(variant);
    if (ready === undefined) return false;
    count(req, entry.meta, variant, at, address);
    send(req, res, ready, 'hit');
    return true;
  }

  async function bypass(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('x-share-page-cache', 'bypass');
    await render(req, res);
  }

  /**
   * Renders through Next for this request and, when the result can be cached and nothing it shows
   * was invalidated meanwhile, keeps it as `entry`'s `variant` (`replacing`: the stale entry this
   * render refreshes, swapped for `entry` only now, so it is served until then).
   */
  async function renderAndKeep(req: IncomingMessage, res: ServerResponse, path: string, entry: PathEntry, variant: Variant, replacing?: PathEntry): Promise<StoredResponse | null> {
    // The cached copy must not depend on who asked: no cookies (but the unlock cookie for the
    // unlocked variant), no query string, no compression.
    const cookieName = entry.meta.lock ? deckUnlockCookieName(entry.meta.lock.deckId) : null;
    const unlock = variant === 'unlocked' && cookieName ? cookieValue(req, cookieName) : undefined;
    if (unlock && cookieName) req.headers.cookie = `${cookieName}=${unlock}`;
    else delete req.headers.cookie;
    delete req.headers['accept-encoding'];
    req.url = path;
    res.setHeader('x-share-page-cache', 'miss');
    countSharePageLookup(false);
    const captured = await renderCapturing(render, req, res);
    const response = captured ? storable(captured) : null;
    if (!response || !clean(entry)) return null;
    if (replacing) {
      const current = entries.get(path);
      if (current !== undefined && current !== replacing) return null;
      insert(path, entry);
    }
    if (entries.get(path) !== entry) return null; // invalidated or replaced meanwhile
    const size = response.body.length + (response.gzip?.length ?? 0);
    entry.responses.set(variant, response);
    entry.bytes += size;
    bytes += size;
    // Oldest first (Map order; a refreshed page is re-inserted at the end).
    for (const [oldest] of entries) {
      if (bytes <= maxBytes || oldest === path) break;
      remove(oldest);
    }
    return response;
  }

  async function serve(req: IncomingMessage, res: ServerResponse, path: string, route: SharePageRoute): Promise<void> {
    const navigation = isNavigation(req);
    // Only a plain GET renders a copy worth keeping (and so may take the refresh of a stale page).
    const renders = caching && !navigation && req.method === 'GET';
    let entry = entries.get(path);
    let state = 'hit';
    let replacing: PathEntry | undefined;
    if (entry && entry.freshUntil <= now()) {
      if (entry.meta.lock) {
        remove(path); // a deck behind a password is never served stale
        entry = undefined;
      } else if (entry.refreshing || !renders) {
        state = 'stale'; // another request is re-rendering it
      } else {
        entry.refreshing = true;
        replacing = entry;
        entry = undefined;
      }
    }
    if (!entry) {
      let loaded: PathEntry;
      try {
        loaded = await loadEntry(path, route);
      } catch (error) {
        if (replacing) replacing.refreshing = false;
        throw error;
      }
      if (replacing && loaded.meta.fingerprint === replacing.meta.fingerprint && clean(loaded) && entries.get(path) === replacing) {
        // Revalidated: the page shows the same data as when it was rendered — keep it, no render.
        replacing.freshUntil = loaded.freshUntil;
        replacing.generation = loaded.generation;
        replacing.refreshing = false;
        entry = replacing;
        replacing = undefined;
      } else {
        entry = loaded;
        state = 'miss';
        if (!replacing && clean(entry) && !entries.has(path)) insert(path, entry);
      }
    }
    const variant = variantOf(req, entry.meta);
    count(req, entry.meta, variant);

    if (navigation) return bypass(req, res);
    const ready = entry.responses.get(variant);
    if (ready) return send(req, res, ready, state);
    if (replacing) {
      // Serve nobody stale while this refresh fails: let the next request try again.
      const refreshed = await renderAndKeep(req, res, path, entry, variant, replacing).finally(() => (replacing.refreshing = false));
      if (!refreshed && entries.get(path) === replacing) remove(path);
      return;
    }
    if (!renders) return bypass(req, res);
    const key = `${path}\n${variant}`;
    const inFlight = pendingRenders.get(key);
    if (inFlight) {
      const response = await inFlight;
      return response ? send(req, res, response, 'hit') : bypass(req, res);
    }
    const rendering = renderAndKeep(req, res, path, entry, variant).finally(() => pendingRenders.delete(key));
    pendingRenders.set(key, rendering);
    await rendering;
  }

  function failed(res: ServerResponse, path: string, error: unknown): void {
    services.logger.error('share page failed', { path, error: String(error) });
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'x-request-id': newRequestId() });
      res.end('Something went wrong. Try again in a moment.');
    } else res.destroy();
  }

  /** A fresh cached copy, answered (true) or not; with `address` given it never reads `req.headers`. */
  function answerHit(req: IncomingMessage, res: ServerResponse, path: string, address: string | null): boolean {
    // Only paths that matched a share route are ever cached, so a hit needs no route match.
    try {
      return caching && answerFromCache(req, res, path, address);
    } catch (error) {
      failed(res, path, error);
      return true;
    }
  }

  function pathOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null; // server actions (deck unlock) go to Next
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    return query === -1 ? url : url.slice(0, query);
  }

  return {
    answer(req, res, address) {
      const path = pathOf(req);
      return path !== null && answerHit(req, res, path, address);
    },
    handle(req, res) {
      const path = pathOf(req);
      if (path === null) return false;
      if (answerHit(req, res, path, null)) return true;
      const route = matchSharePath(path);
      if (!route) return false;
      serve(req, res, path, route).catch((error: unknown) => failed(res, path, error));
      return true;
    },
    clear,
    invalidate,
    get size() {
      return entries.size;
    },
    close() {
      unsubscribe();
      stopReconnect();
      clear();
    },
  };
}
