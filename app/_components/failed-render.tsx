'use client';

/**
 * What a page that failed while rendering shows: a calm message with a retry and the error's digest,
 * which the server log records next to the real error (no internals reach the browser).
 */
export function FailedRender({ error, reset, lead }: { error: Error & { digest?: string }; reset: () => void; lead: string }) {
  return (
    <div className="site">
      <main id="main" className="site-main">
        <div className="status-page">
          <p className="status-code">500</p>
          <h1>Something went wrong</h1>
          <p className="lead">{lead}</p>
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
  );
}
