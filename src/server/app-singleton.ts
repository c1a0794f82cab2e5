import type { App } from './app';

declare global {
  /**
   * The one App of this process. The custom server (server.ts) sets it before Next handles a request,
   * so the Next route handlers share its database, rate limiter and job runner instead of opening a
   * second embedded database. Kept on globalThis because Next bundles route handlers into their own
   * module graph (and re-evaluates modules on HMR), so a module-level variable would not be shared.
   */
  var __creatorApiApp: Promise<App> | undefined;
}

/** The process-wide App: the custom server's, or (under plain `next dev` / `next start`) one built here once. */
export function getApp(): Promise<App> {
  const existing = globalThis.__creatorApiApp;
  if (existing) return existing;
  const created = buildApp();
  globalThis.__creatorApiApp = created;
  // A failed start (database locked, bad config) should not be cached forever: let the next request retry.
  created.catch(() => {
    if (globalThis.__creatorApiApp === created) globalThis.__creatorApiApp = undefined;
  });
  return created;
}

// Loaded lazily: under the custom server the App already exists, so Next never evaluates the
// database/router graph a second time (and server.ts can import this file just for the global's type).
async function buildApp(): Promise<App> {
  const [{ createApp }, { loadConfig }] = await Promise.all([import('./app'), import('./config')]);
  return createApp(loadConfig(), { holder: 'next dev' });
}
