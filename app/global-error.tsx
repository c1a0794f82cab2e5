'use client';

import './globals.css';
import './(account)/account.css';

/** When even the root layout fails: the same message as app/error.tsx, in its own document. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <div className="site">
          <main id="main" className="site-main">
            <div className="status-page">
              <p className="status-code">500</p>
              <h1>Something went wrong</h1>
              <p className="lead">This page could not be shown. Try again in a moment.</p>
              {error.digest && (
                <p>
                  Reference: <code>{error.digest}</code>
                </p>
              )}
              <p className="button-row">
                <button type="button" className="button button-primary" onClick={() => reset()}>
                  Try again
                </button>
                <a className="button" href="/">
                  Go to the home page
                </a>
              </p>
            </div>
          </main>
        </div>
      </body>
    </html>
  );
}
