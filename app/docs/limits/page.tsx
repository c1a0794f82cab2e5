import type { Metadata } from 'next';
import { SiteHeader } from '../../_components/site-header';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '@/server/lib/json-bounds';
import { EVENT_RETENTION_MS } from '@/server/services/events';
import { ATTEMPT_LOG_LIMIT, REPLAY_LIMIT } from '@/server/services/webhook-endpoints';
import { DEFAULT_PREVIEW_STORAGE_MB } from '@/server/config';
import { BODY_CAP_BYTES } from '@/server/services/request-log-rules';
import { LINK_CLICKS_PER_ADDRESS_PER_HOUR } from '@/server/services/link-clicks';

export const metadata: Metadata = {
  title: 'Limits and secrets',
  description: 'What creator-api refuses so that no tenant can slow down or harm another: input bounds, outbound URLs, import previews, stored secrets.',
};

/** The abuse rules a client meets; the numbers come from the code that enforces them. */
export default function LimitsDocsPage() {
  return (
    <div className="site">
      <SiteHeader current="/docs/limits" />
      <main className="site-main">
        <h1 id="limits">Limits and secrets</h1>
        <p className="lead">
          Anyone can sign up and create an API key, so every rule here holds for every caller, through every door: the REST API, the MCP
          tools and the settings UI answer the same way.
        </p>

        <h2 id="input">Input shape</h2>
        <ul>
          <li>
            No input nests deeper than {MAX_JSON_DEPTH} levels of objects and arrays (the body itself is level 1) or holds more than{' '}
            {MAX_JSON_VALUES.toLocaleString('en')} values in all. Past either bound the answer is <code>400 validation-error</code> with
            one error, code <code>too_deep</code> or <code>too_many_values</code>, whose <code>path</code> names where the bound was
            passed (<code>body.rows[0].extra.a.a…</code>). No operation needs more; the bound exists because free-form fields (a
            preview&apos;s <code>rows</code>) would otherwise accept any shape.
          </li>
          <li>
            Text that cannot be stored (NUL, unpaired UTF-16 surrogates) is refused naming the field, never stripped; bodies over their
            operation&apos;s size limit are <code>413</code>.
          </li>
        </ul>

        <h2 id="import-previews">Import previews</h2>
        <ul>
          <li>
            A roster import preview holds at most 500 rows and draws on the <code>previews</code> rate-limit bucket (60 an hour per
            agency).
          </li>
          <li>
            At most 2 previews of one agency run at once (per server instance). A third sent while two are in progress is refused{' '}
            <code>429 rate-limited</code> with <code>Retry-After: 1</code> before its body is read, and does not count against the
            hour&apos;s 60.
          </li>
          <li>
            The rows an agency&apos;s unexpired previews keep add up to at most {DEFAULT_PREVIEW_STORAGE_MB} MiB (as stored JSON; an
            operator can change it). A preview past that is <code>429 preview-storage-full</code>: the detail names the cap, and{' '}
            <code>Retry-After</code> says when enough previews expire. Commit the previews you need; other agencies are not affected.
          </li>
          <li>
            A preview is kept 30 minutes. Once expired its rows are dropped (within 10 minutes; it answers with its summary, and its
            commit with <code>410 preview-expired</code>) and a day later the preview itself is deleted.
          </li>
        </ul>

        <h2 id="secrets">Stored secrets</h2>
        <ul>
          <li>
            Webhook signing secrets, and the responses kept 24 hours to replay an <code>Idempotency-Key</code> (which can carry a{' '}
            <code>whsec_…</code> secret shown once), are stored encrypted (AES-256-GCM) and never logged. API keys are stored hashed.
          </li>
          <li>The key they are encrypted with is never kept in the database that holds them.</li>
        </ul>

        <h2 id="urls">URLs we fetch or post to</h2>
        <ul>
          <li>
            Webhook endpoints and link-in-bio imports take https URLs on the default port, without credentials, whose host resolves only
            to public addresses — checked when the URL is sent and again at every connection, which goes to exactly the checked
            addresses. Private, loopback, link-local, CGNAT, multicast, documentation and other reserved ranges are refused in IPv4 and
            IPv6, as is every IPv4-mapped IPv6 address (<code>::ffff:0:0/96</code>), even one holding a public IPv4 address.
          </li>
          <li>
            A refused host always gets the same words, <code>has a host (…) that is not a public address</code> (code{' '}
            <code>blocked_address</code>): the answer never names the address a host resolves to, and does not tell a host that resolves
            privately from one that does not resolve, so these checks reveal nothing about a private network&apos;s DNS.
          </li>
        </ul>

        <h2 id="events">Events and webhook replays</h2>
        <ul>
          <li>
            Every event is kept {EVENT_RETENTION_MS / (24 * 3600_000)} days (<code>GET /events</code>, <code>GET /events/{'{event_id}'}</code>),
            then deleted with its deliveries once none is still being retried; an older id is <code>404</code>.
          </li>
          <li>
            <code>POST /webhook-endpoints/{'{endpoint_id}'}/replay</code> queues at most {REPLAY_LIMIT.toLocaleString('en')} failed
            deliveries per call, one attempt each (<code>has_more: true</code>: call again for the rest); a delivery already queued is
            never queued twice. <code>GET …/deliveries/{'{delivery_id}'}</code> shows a delivery&apos;s last {ATTEMPT_LOG_LIMIT} attempts,
            each with the first 2 KB of the answer.
          </li>
        </ul>

        <h2 id="request-logs">Request logs</h2>
        <ul>
          <li>
            Every REST call and MCP tool call made with one of your keys is in your request log (<code>GET /request-logs</code>, scope{' '}
            <code>logs:read</code>), newest first, filtered by <code>status</code> (<code>404</code> or a class such as <code>4xx</code>
            ), <code>method</code>, <code>operation</code>, <code>key_id</code>, <code>since</code> and <code>until</code>. Open one by
            its request id: <code>GET /request-logs/{'{request_id}'}</code>. Entries appear within about a second.
          </li>
          <li>
            Only 4xx and 5xx entries keep the request and response bodies, each cut at {BODY_CAP_BYTES / 1024} KB. Before they are
            stored, the value of every field named like a secret, password, token, authorization or API key, and every{' '}
            <code>crk_…</code> or <code>whsec_…</code> string, is replaced by <code>[REDACTED]</code>. The key itself is logged by its id,
            never its secret.
          </li>
          <li>Entries are kept 30 days, at most the newest 100,000 per account; another account&apos;s entries are never shown (404).</li>
        </ul>

        <h2 id="images">Images</h2>
        <ul>
          <li>
            The server fetches no image on request: there is no image proxy (<code>/_next/image</code> answers 404). Pictures on share
            pages load straight from the owner&apos;s https URL, without a referrer.
          </li>
          <li>
            Link-preview cards (<code>…/opengraph-image</code>) are drawn once per content and then served from memory; an edit to the
            page draws a new one.
          </li>
        </ul>

        <h2 id="link-clicks">Link-in-bio click counts</h2>
        <ul>
          <li>
            Each block of <code>GET /link-in-bio</code> carries <code>clicks</code>: visitors who followed it from the public page. The
            page&apos;s buttons go through <code>/l/&#123;slug&#125;/go/&#123;block_id&#125;</code>, which counts the click and answers{' '}
            <code>302</code> to the block&apos;s stored URL — links work without JavaScript.
          </li>
          <li>
            The redirect only ever sends a visitor to the URL stored on a visible link or image block of that very page: any other id, slug or
            query is a <code>404</code>, so it cannot be used as an open redirect.
          </li>
          <li>
            Counted like page views: crawlers, link unfurlers, HTTP libraries and prefetches are not counted, and one address (an IPv6 /64)
            counts at most {LINK_CLICKS_PER_ADDRESS_PER_HOUR} clicks of a block per hour. Clicks are written in batches about once a second,
            so a new click shows within a few seconds.
          </li>
        </ul>
      </main>
    </div>
  );
}
