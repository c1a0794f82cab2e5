import type { Metadata } from 'next';
import { SiteChrome } from './_components/site-chrome';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/** Any unknown path outside the share pages (which have their own, unbranded 404). */
export default function NotFound() {
  return (
    <SiteChrome>
      <div className="status-page">
        <p className="status-code">404</p>
        <h1>Page not found</h1>
        <p className="lead">There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p className="button-row">
          <a className="button button-primary" href="/">
            Go to the home page
          </a>
          <a className="button" href="/docs">
            API reference
          </a>
        </p>
      </div>
    </SiteChrome>
  );
}
