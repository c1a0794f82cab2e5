/**
 * Next.js renders the site pages (/, /docs, /docs/errors). The API itself (`/public/v1/**`,
 * `/openapi.json`) is one fetch handler from src/server/app.ts; in production the custom server
 * routes to it before Next, and the catch-all route handlers reach the same handler in `next dev`.
 *
 * @type {import('next').NextConfig}
 */
/**
 * Security headers for the pages (the API handler sets its own: src/server/http/security-headers.ts).
 * Every page: no MIME sniffing, referrers cut to the origin across sites, no plugins, no <base>
 * hijacking. Account pages (sign-in/up, settings, editors) also refuse to be framed (clickjacking)
 * and only submit forms to this site. The CSP stays at these directives: Next's inline bootstrap
 * scripts would need per-request nonces for a script-src policy.
 */
const BASE_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Content-Security-Policy', value: "object-src 'none'; base-uri 'self'" },
];
const ACCOUNT_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Content-Security-Policy', value: "frame-ancestors 'none'; form-action 'self'; object-src 'none'; base-uri 'self'" },
  { key: 'X-Frame-Options', value: 'DENY' },
];
const ACCOUNT_PATHS = ['/sign-in', '/sign-up', '/settings', '/settings/:path*', '/editor/:path*'];

const nextConfig = {
  reactStrictMode: true,
  async headers() {
    return [
      // Everything but the account pages (listed below with the stricter set).
      { source: '/', headers: BASE_HEADERS },
      { source: '/:path((?!sign-in|sign-up|settings|editor).*)', headers: BASE_HEADERS },
      ...ACCOUNT_PATHS.map((source) => ({ source, headers: ACCOUNT_HEADERS })),
    ];
  },
  poweredByHeader: false,
  // Loaded with Node's own require at runtime, never bundled: WASM/native assets resolved relative to
  // the package (PGlite, the schema engine), optional peer imports (ioredis, pg), and clients that
  // keep module-level state that must be the single copy the custom server also uses.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pglite-prisma-adapter',
    '@prisma/schema-engine-wasm',
    '@prisma/adapter-pg',
    'pg',
    'ioredis',
    '@upstash/ratelimit',
    '@upstash/redis',
    'inngest',
    'prisma',
  ],
  // The image optimizer is off. Pictures and covers on share pages are owners' https URLs on any
  // host, so an optimizer allowing them (remotePatterns `**`) was an open proxy: anyone could have
  // /_next/image fetch any https URL and fill the disk cache with the results. With it off,
  // /_next/image is 404 and each <Image> is a plain <img> of the owner's URL (referrerPolicy
  // no-referrer, so the image host learns nothing of the page). Link-preview cards (opengraph-image)
  // fetch pictures through the SSRF-safe fetcher and are cached in memory (app/(public)/_lib/og-image.tsx).
  images: {
    unoptimized: true,
    remotePatterns: [],
    dangerouslyAllowSVG: false,
  },
  // `npm run typecheck` runs tsc separately; still fail the build on type errors rather than ship them.
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
