/*
 * Plain <a> links throughout, not next/link: /openapi.json is served by the API handler, /docs must be
 * a full page load so Scalar's standalone script initialises.
 */
import { SiteChrome } from './_components/site-chrome';

const CURL_EXAMPLE = 'curl -H "Authorization: Bearer $API_KEY" http://localhost:3000/public/v1/me';

const LINKS = [
  { href: '/docs', label: 'API reference', hint: 'Every endpoint, schema and example, rendered from the OpenAPI document.' },
  { href: '/docs/errors', label: 'Error types', hint: 'The problem+json types the API answers with, and when.' },
  { href: '/openapi.json', label: 'OpenAPI document', hint: 'The machine-readable description (OpenAPI 3.1, JSON).' },
  { href: '/settings/api-keys', label: 'API keys', hint: 'Create and revoke the keys your servers use.' },
] as const;

export default function HomePage() {
  return (
    <SiteChrome>
      <div className="prose">
        <h1>creator-api</h1>
        <p className="lead">
          A server-to-server JSON API for creators and talent agencies. Manage rosters, media kits, link-in-bio pages, pitch
          decks and campaigns, and read analytics, from your own backend with an API key. Every endpoint lives under{' '}
          <code>/public/v1</code>, speaks JSON, and reports errors as RFC&nbsp;9457 <code>application/problem+json</code>.
        </p>

        <h2>Start here</h2>
        <ul className="link-cards">
          {LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href}>
                <strong>{link.label}</strong>
                <span>{link.hint}</span>
              </a>
            </li>
          ))}
        </ul>

        <h2>First request</h2>
        <p>
          Send your key as a Bearer token. <code>GET /public/v1/me</code> tells you which agency or creator the key belongs to
          and what it may do:
        </p>
        {/* Focusable: on a phone the example scrolls sideways, and keyboard users must be able to scroll it too. */}
        <pre tabIndex={0}>
          <code>{CURL_EXAMPLE}</code>
        </pre>
        <p>
          Without a valid key you get a <code>401</code> problem with a <code>WWW-Authenticate</code> header; the{' '}
          <a href="/docs/errors">error reference</a> lists every type.
        </p>

        <h2>Or use it without code</h2>
        <ul className="link-cards">
          <li>
            <a href="/sign-up">
              <strong>For creators</strong>
              <span>A link-in-bio page in your colours, media kits for brands, and campaign reports, all from your account.</span>
            </a>
          </li>
          <li>
            <a href="/sign-up">
              <strong>For agencies</strong>
              <span>Your roster from a form or a CSV file, pitch decks with a password, and live campaign reports to share.</span>
            </a>
          </li>
        </ul>
      </div>
    </SiteChrome>
  );
}
