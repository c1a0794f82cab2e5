import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * Serves Scalar's standalone browser bundle from our own origin so /docs works offline and loads
 * nothing from a CDN. Resolved through the package's exports map (`./browser/standalone.js`; its
 * package.json is not exported), so it follows whatever version npm installed.
 */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

interface Bundle {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

// Read once per process: 3.5 MB that never changes while the server runs.
let bundle: Promise<Bundle> | undefined;

async function readBundle(): Promise<Bundle> {
  const require = createRequire(import.meta.url);
  // The ignore comment keeps this a runtime Node resolution: without it the bundler inlines the
  // 3.5 MB file into the server chunk and rewrites the call to return a module id, not a path.
  const file = require.resolve(/* webpackIgnore: true */ '@scalar/api-reference/browser/standalone.js');
  const body = new Uint8Array(await readFile(file));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}

function loadBundle(): Promise<Bundle> {
  if (!bundle) {
    const reading = readBundle();
    bundle = reading;
    // Do not cache a failed read (e.g. a half-finished npm install): retry on the next request.
    reading.catch(() => {
      if (bundle === reading) bundle = undefined;
    });
  }
  return bundle;
}

export async function GET(request: Request): Promise<Response> {
  const { body, etag } = await loadBundle();
  // The URL is not versioned, so browsers revalidate hourly; the ETag makes that a cheap 304.
  const headers = {
    'Content-Type': 'application/javascript; charset=utf-8',
    'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
