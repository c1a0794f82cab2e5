/**
 * The link-in-bio page the share-page benches load (`bench:pages`, `bench:pages:instructions`): a new
 * creator's page with twelve link blocks, on the bench database, and the browser User-Agent every
 * load sends (a counted view needs one that is not a bot's).
 */
import { openMigratedDatabase } from '../src/server/db/database';
import { createCreatorAccount } from '../src/server/services/accounts';
import { createLinkInBioPage } from '../src/server/services/link-in-bio';
import { ensureDatabase, productionServiceEnv } from './support';

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Creates the page; returns its id (page views' resource_id) and its path. */
export async function createBenchSharePage(databaseUrl: string): Promise<{ pageId: string; pagePath: string }> {
  await ensureDatabase(databaseUrl);
  const database = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  try {
    const stamp = Date.now().toString(36);
    const { creator } = await createCreatorAccount(database.prisma, { displayName: 'Bench Creator', email: `bench-${stamp}@bench.test` });
    const page = await createLinkInBioPage({ db: database.prisma, jobs: { queue: 'bench' } }, creator.id, {
      slug: `bench-${stamp}`,
      username: `bench${stamp}`,
      bio: 'Recipes, reviews and the odd rant. New video every Tuesday.',
      blocks: Array.from({ length: 12 }, (_, i) => ({ client_id: `b${i}`, type: 'link' as const, title: `Link number ${i + 1}`, url: `https://example.com/${i}` })),
    });
    return { pageId: page.id, pagePath: `/l/${page.slug}` };
  } finally {
    await database.close();
  }
}

/**
 * The service's environment for the share-page benches: as production runs it, with the shipped rate
 * limits (the page path is measured with them, not with the API benches' lifted ones) and loopback
 * trusted as a proxy, so each load's X-Forwarded-For is its visitor's address.
 */
export function sharePageServiceEnv(databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    ...productionServiceEnv(databaseUrl),
    RATE_LIMIT_REQUESTS: undefined,
    TRUSTED_PROXIES: '127.0.0.0/8,::1',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    NEXT_TELEMETRY_DISABLED: '1',
  };
}
