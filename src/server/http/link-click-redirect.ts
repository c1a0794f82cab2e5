import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../domain/app-services';
import { clientAddress } from '../lib/client-address';
import { linkClickDestination, type LinkClickBuffer } from '../services/link-clicks';
import type { HeaderReader } from '../services/page-view-rules';

/**
 * `GET /l/<slug>/go/<block id>`: the public link-in-bio page's buttons point here, so a click is
 * counted without JavaScript (services/link-clicks.ts: bots skipped, capped per address, written in
 * batches) and the visitor is sent on with a 302 to the block's stored URL. Only a visible link or
 * image block of that page redirects; anything else is a 404, and no part of the request names the
 * destination (no open redirect). Answered in front of Next (server.ts), like the share pages.
 */
const GO_PATH = /^\/l\/([^/]+)\/go\/([^/]+)\/?$/;

export interface LinkClickRedirect {
  /** Answers a click path and returns true; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

function headerReader(req: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

export function createLinkClickRedirect(services: Pick<AppServices, 'db' | 'logger'> & { linkClicks: LinkClickBuffer }): LinkClickRedirect {
  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    res.end('This link does not exist.');
  };
  return {
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '/';
      // Every share-page request passes here first: a click path has /go/ in it.
      if (!url.includes('/go/')) return false;
      const pathname = url.split('?')[0]!;
      const match = GO_PATH.exec(pathname);
      if (!match) return false;
      const slug = decoded(match[1]!);
      const blockId = decoded(match[2]!);
      void (async () => {
        const destination = slug && blockId ? await linkClickDestination(services.db, slug, blockId) : null;
        if (!destination) return notFound(res);
        const headers = headerReader(req);
        if (req.method === 'GET') services.linkClicks.record(destination.blockId, headers, clientAddress(headers));
        res.writeHead(302, {
          location: destination.url,
          'cache-control': 'no-store',
          'referrer-policy': 'strict-origin-when-cross-origin',
          'x-robots-tag': 'noindex',
        });
        res.end();
      })().catch((error: unknown) => {
        services.logger.error('link click redirect failed', { error: String(error) });
        if (!res.headersSent) {
          res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' });
          res.end('Try again in a moment.');
        } else res.end();
      });
      return true;
    },
  };
}
