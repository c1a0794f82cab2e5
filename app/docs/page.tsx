import type { Metadata } from 'next';
import Script from 'next/script';
import { SiteHeader } from '../_components/site-header';
import { ScalarA11y } from './scalar-a11y';

export const metadata: Metadata = {
  title: 'API reference',
  description: 'Reference for the creator-api public API v1, rendered from /openapi.json.',
};

/**
 * Scalar's standalone bundle reads this from `<script id="api-reference" data-configuration>`.
 * Everything that would reach another origin is off, so the page works offline and leaks nothing.
 */
const SCALAR_CONFIGURATION = {
  theme: 'default',
  layout: 'modern',
  // Inter/JetBrains Mono come from fonts.scalar.com; use the system fonts instead.
  withDefaultFonts: false,
  // The agent chat talks to Scalar's hosted service.
  agent: { disabled: true },
  // The developer toolbar would appear on localhost; it is for people editing the reference, not readers.
  showDeveloperTools: 'never',
  // The "Open API Client" button links to client.scalar.com.
  hideClientButton: true,
  telemetry: false,
  // Our document is JSON; offering YAML would mean a client-side conversion for no benefit.
  documentDownloadType: 'json',
  // "Try it" starts with the bearer scheme selected: every operation but /openapi.json needs a key.
  authentication: { preferredSecurityScheme: 'bearerAuth' },
  metaData: { title: 'API reference · creator-api' },
} as const;

export default function DocsPage() {
  return (
    <div className="docs-root site">
      <a className="skip-link" href="#api-reference-main">
        Skip to the reference
      </a>
      {/* The site's own header above the reference, so /docs has a way back (Scalar offsets its sticky sidebar by it). */}
      <SiteHeader current="/docs" />
      <span id="api-reference-main" tabIndex={-1} />
      {/* Scalar mounts its app just before this element; no children, or it would be read as an inline document. */}
      <script id="api-reference" data-url="/openapi.json" data-configuration={JSON.stringify(SCALAR_CONFIGURATION)} />
      {/*
        Same-origin copy of @scalar/api-reference's standalone bundle (app/docs/scalar.js/route.ts).
        afterInteractive, not a plain <script>: the bundle inserts DOM nodes as soon as it runs, and doing
        that before React hydrates this tree would be a hydration mismatch that makes React re-render it.
      */}
      <Script src="/docs/scalar.js" strategy="afterInteractive" />
      {/* ARIA and keyboard fixes Scalar has no option for (see scalar-a11y.tsx); its colours are themed in globals.css. */}
      <ScalarA11y />
      <noscript>
        <p style={{ padding: '1rem', fontFamily: 'system-ui, sans-serif' }}>
          The interactive reference needs JavaScript. The raw document is at <a href="/openapi.json">/openapi.json</a> and
          the error types are listed at <a href="/docs/errors">/docs/errors</a>.
        </p>
      </noscript>
    </div>
  );
}
