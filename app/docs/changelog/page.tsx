import type { Metadata } from 'next';
import { SiteHeader } from '../../_components/site-header';
import { API_CHANGELOG, type ApiChangeKind } from '@/server/openapi/changelog';

export const metadata: Metadata = {
  title: 'Changelog and versioning',
  description: 'What may change within creator-api v1, how deprecations are announced, and every change to the API so far.',
};

const KIND_LABEL: Record<ApiChangeKind, string> = { added: 'Added', changed: 'Changed', deprecated: 'Deprecated', removed: 'Removed' };

/** The versioning policy and the changelog; the entries are the ones tests check against /openapi.json. */
export default function ChangelogPage() {
  return (
    <div className="site">
      <SiteHeader current="/docs/changelog" />
      <main className="site-main">
        <h1 id="changelog">Changelog and versioning</h1>
        <p className="lead">
          The API is versioned in its path (<code>/public/v1</code>). Within v1 it only grows; anything that could break your integration
          is announced here first, and by headers on the operation itself.
        </p>

        <h2 id="policy">What may change within v1</h2>
        <ul>
          <li>
            <strong>Without notice, at any time:</strong> new operations, new optional input fields, new fields in responses, new values
            in response enums, new event types and new problem types. Write clients that ignore fields and values they do not know, and
            that treat an unknown problem type by its HTTP status.
          </li>
          <li>
            <strong>Only after a deprecation:</strong> removing or renaming an operation or a field, making an input field required,
            accepting less than before, or changing what a field means. A deprecation is listed below and the operation answers every
            request with <code>Deprecation</code> (RFC 9745, the date it was announced), <code>Sunset</code> (RFC 8594, the date it stops
            answering, at least six months later) and <code>Link: &lt;…/docs/changelog#entry&gt;; rel=&quot;deprecation&quot;</code>{' '}
            pointing at the entry that says what to use instead. The OpenAPI document marks it <code>deprecated</code>.
          </li>
          <li>
            <strong>Never within v1:</strong> a change to authentication, to the envelope (<code>data</code>, <code>request_id</code>,{' '}
            <code>meta</code>), to problem+json errors or to how lists are paged. Those would be v2, served next to v1.
          </li>
        </ul>
        <p>
          The list below is checked against <a href="/openapi.json">/openapi.json</a> on every build: an operation cannot appear,
          disappear or be deprecated without an entry here.
        </p>

        <h2 id="entries">Changes</h2>
        {API_CHANGELOG.map((entry) => (
          <section key={entry.anchor} aria-labelledby={entry.anchor}>
            <h3 id={entry.anchor}>
              <time dateTime={entry.date}>{entry.date}</time> · {entry.title}
            </h3>
            <ul>
              {entry.changes.map((change, index) => (
                <li key={index}>
                  <strong>{KIND_LABEL[change.kind]}.</strong> {change.summary}
                  {change.operations.length > 0 && (
                    <ul className="changelog-operations">
                      {change.operations.map((operation) => (
                        <li key={operation}>
                          <code>{operation}</code>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
    </div>
  );
}
