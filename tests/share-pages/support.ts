import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSharePageServer, type SharePageServer } from '../../src/server/http/share-page-cache';
import {
  getPublicCampaignReport,
  getPublicDeck,
  getPublicLinkInBio,
  getPublicMediaKit,
  getPublicRoster,
  isDeckUnlocked,
} from '../../src/server/services/public-pages';
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from '../../src/server/lib/client-address';
import { deckUnlockCookieName, matchSharePath } from '../../src/server/services/share-pages';
import type { TestApp } from '../support/app';

export interface SharePages {
  baseUrl: string;
  server: SharePageServer;
  secret: string;
  /** Paths the renderer was asked for, in order (a cache hit never reaches it). */
  renders: string[];
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; cache: string | null; body: string }>;
  /**
   * Resolves once this instance has heard every invalidation committed before the call. Call it
   * after a write and before asserting a cache hit: a page rendered while the write's invalidation
   * is still on its way is (rightly) not kept, so the next load would be a second miss.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Notifications reach an instance in commit order over its one listening connection (PostgreSQL)
 * or in order within the process (PGlite): once a marker sent now arrives, so has everything
 * committed before it. The marker is re-sent until it arrives, since the first may precede the LISTEN.
 */
async function notificationsDelivered(t: TestApp): Promise<void> {
  const channel = `settle_${Math.random().toString(36).slice(2, 12)}`;
  let arrived = false;
  const stop = t.app.services.notifications.subscribe(channel, () => (arrived = true));
  try {
    for (let attempt = 0; attempt < 100 && !arrived; attempt += 1) {
      await t.app.services.notifications.notify(channel, 'marker');
      for (let waited = 0; waited < 50 && !arrived; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (!arrived) throw new Error('notifications were not delivered within 5 s');
  } finally {
    stop();
  }
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  return (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

/**
 * The share-page fast path of one app instance, in front of a renderer that stands in for Next: it
 * writes what the page would show (the same loaders, the same lock rule) as HTML, in two chunks as a
 * streamed render would. The browser tests (e2e/share-pages.spec.ts) cover the real pages.
 */
export async function startSharePages(t: TestApp, options: { beforeRender?: (path: string) => Promise<void> } = {}): Promise<SharePages> {
  const secret = t.app.secret;
  const renders: string[] = [];
  const render = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    renders.push(path);
    await options.beforeRender?.(path);
    const route = matchSharePath(path)!;
    const db = t.db;
    let shown: unknown = null;
    if (route.kind === 'media_kit') shown = await getPublicMediaKit(db, route.slug);
    if (route.kind === 'link_in_bio') shown = await getPublicLinkInBio(db, route.slug);
    if (route.kind === 'campaign') shown = await getPublicCampaignReport(db, route.slug);
    if (route.kind === 'roster') shown = await getPublicRoster(db, route.slug);
    if (route.kind === 'deck') {
      const deck = await getPublicDeck(db, route.slug);
      if (deck?.passwordHash) {
        const lock = { id: deck.id, passwordHash: deck.passwordHash };
        shown = isDeckUnlocked(secret, lock, cookie(req, deckUnlockCookieName(deck.id))) ? { ...deck, passwordHash: null } : { locked: deck.title };
      } else shown = deck;
    }
    res.statusCode = shown ? 200 : 404;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.write('<!doctype html><html><body>');
    res.end(`<pre>${shown ? JSON.stringify(shown) : 'Not found'}</pre></body></html>`);
  };
  const server = createSharePageServer({ services: t.app.services, render, secret });
  const httpServer = http.createServer((req, res) => {
    // As the node listener does in front of every page: the client address, resolved under TRUSTED_PROXIES.
    req.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], t.app.services.config.trustedProxies);
    if (!server.handle(req, res)) {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return {
    baseUrl,
    server,
    secret,
    renders,
    async get(path, headers = {}) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'user-agent': BROWSER, ...headers } });
      return { status: response.status, cache: response.headers.get('x-share-page-cache'), body: await response.text() };
    },
    settled: () => notificationsDelivered(t),
    async close() {
      server.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

export const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** Polls `read` until `accept` holds (the invalidation travels over LISTEN/NOTIFY), or fails after `ms`. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, ms = 3_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
