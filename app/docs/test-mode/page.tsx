import type { Metadata } from 'next';
import { SiteHeader } from '../../_components/site-header';

export const metadata: Metadata = {
  title: 'Test mode',
  description: 'Build against creator-api without touching live data: crk_test_ keys act on a sandbox twin of your agency or creator.',
};

/** How test mode works (issue 31): what is isolated, what is shared, and how to try webhooks. */
export default function TestModeDocsPage() {
  return (
    <div className="site">
      <SiteHeader current="/docs/test-mode" />
      <main className="site-main">
        <h1 id="test-mode">Test mode</h1>
        <p className="lead">
          Build and debug your integration without touching live data. Test-mode keys start with <code>crk_test_agency_</code> or{' '}
          <code>crk_test_creator_</code> and act on a sandbox twin of your agency or creator.
        </p>

        <h2 id="getting-a-key">Getting a test key</h2>
        <ul>
          <li>
            In Settings, turn on the <strong>Test mode</strong> switch above the menu. A &ldquo;Test mode&rdquo; banner shows on every page
            while it is on; the API keys, Webhooks, Logs and Audit log pages, and the editors, then show and change test data only. Keys
            you create there are test keys.
          </li>
          <li>
            Operators: <code>npm run admin -- create-key … --test</code>.
          </li>
          <li>
            <code>GET /me</code> tells the two apart: <code>livemode</code> is <code>false</code> for a test key, and its{' '}
            <code>subject_id</code> is the twin&rsquo;s id.
          </li>
        </ul>

        <h2 id="isolated">What is isolated</h2>
        <p>
          The twin is an agency or creator of its own, made the first time you open test mode or create a test key. Everything the API
          scopes to an account is the twin&rsquo;s, so a test key and a live key never see each other&rsquo;s data: an id from the other
          mode answers <strong>404</strong>, and lists never include it. That holds for creators, social accounts, media kits, link-in-bio
          pages, pitch decks, campaigns, roster imports and previews, webhook endpoints, events and deliveries, request logs, the audit log
          and analytics.
        </p>
        <ul>
          <li>
            Social identities are de-duplicated per mode: the same Instagram handle added in live and in test mode makes two creators, one
            in each; within a mode it is still one.
          </li>
          <li>
            Allowances and counters (pitch decks created, page views) are the twin&rsquo;s own: test activity never uses up or inflates live
            figures.
          </li>
          <li>
            Share pages of test data (media kits, link-in-bio pages, decks, rosters, campaign reports) are served so you can check them, but
            they say &ldquo;Test mode&rdquo; at the top and are never indexed by search engines (<code>noindex</code>).
          </li>
          <li>Requests made with a test key are logged with <code>mode: &quot;test&quot;</code> in the twin&rsquo;s request log.</li>
        </ul>

        <h2 id="shared">What is shared</h2>
        <ul>
          <li>You: the same person signs in, and the keys name you as their <code>user_id</code>.</li>
          <li>
            The plan and entitlement: the twin always has the live account&rsquo;s plan (features, limits) and is suspended when it is.
          </li>
          <li>Scopes: a test key can hold exactly the scopes a live key of the same account type can.</li>
          <li>Rate limits are counted per account, and the twin is its own account.</li>
        </ul>

        <h2 id="webhooks">Webhooks in test mode</h2>
        <ul>
          <li>
            Webhook endpoints belong to a mode. Events caused by test data are delivered to test-mode endpoints only, and live events to live
            endpoints only.
          </li>
          <li>
            To try a receiver without making data, send a test event of any type:{' '}
            <code>POST /public/v1/webhook-endpoints/&#123;id&#125;/test-events</code> with <code>&#123; &quot;type&quot;: &quot;deck.created&quot; &#125;</code>{' '}
            (scope <code>webhooks:write</code>), or the &ldquo;Send test event&rdquo; button on the Webhooks page. The delivery is signed like
            any other; its body is the usual <code>&#123; type, timestamp, data &#125;</code> with a sample resource as <code>data</code>{' '}
            (ids that name nothing) and <code>&quot;test&quot;: true</code>. It goes to that endpoint only and changes nothing.
          </li>
        </ul>
      </main>
    </div>
  );
}
