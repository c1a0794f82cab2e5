import type { ReactNode } from 'react';
import { SiteHeader } from './site-header';

/** Every site page's frame: skip link, the one header, <main>, and the footer. */
export function SiteChrome({ children, current }: { children: ReactNode; current?: string }) {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader current={current} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        API keys are secrets: call the API from your servers, never from a browser or a mobile app.
      </p>
      <p>
        <a href="/docs">API reference</a> · <a href="/docs/errors">Error types</a> · <a href="/docs/accounts">Accounts and sign-in security</a> · <a href="/docs/limits">Limits and secrets</a> ·{' '}
        <a href="/openapi.json">OpenAPI</a>
      </p>
    </footer>
  );
}
