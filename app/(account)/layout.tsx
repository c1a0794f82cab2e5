import type { ReactNode } from 'react';
import { SiteHeader } from '../_components/site-header';
import './account.css';
import './create.css';

/** Sign-in, settings and editor pages: the site's header and footer around each page. */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="site site-wide">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>
          API keys are secrets: call the API from your servers, never from a browser or a mobile app.{' '}
          <a href="/docs">API reference</a> · <a href="/docs/errors">Error types</a> · <a href="/openapi.json">OpenAPI</a>
        </p>
      </footer>
    </div>
  );
}
