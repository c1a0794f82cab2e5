import { headers } from 'next/headers';
import { after } from 'next/server';
import { getApp } from '@/server/app-singleton';
import { recordPageView, type PageViewTarget } from '@/server/services/page-views';

/**
 * Counts this render of a share page after the response is sent (Next's `after`), so the visitor
 * never waits on the insert. Prefetches and crawlers are filtered inside recordPageView. A failure
 * is logged, never shown.
 */
export async function countView(target: PageViewTarget): Promise<void> {
  // Copied now: request APIs are not available once the response has been sent.
  const requestHeaders = new Headers(await headers());
  after(async () => {
    const app = await getApp();
    try {
      await recordPageView(app.services.db, target, requestHeaders);
    } catch (error) {
      app.services.logger.error('could not record a page view', { resource_type: target.type, resource_id: target.id, error: String(error) });
    }
  });
}
