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
  // Pictures and covers on share pages are owners' https URLs on any host, served through Next's image
  // optimizer: it resolves the host itself, refuses private and loopback addresses (SSRF; Next 16's
  // pinned-DNS check, kept on by leaving dangerouslyAllowLocalIP unset), re-checks redirects, caps the
  // size and never serves SVG. Visitors' browsers then only talk to this site (no referrer leaks).
  images: {
    remotePatterns: [{ protocol: 'https', hostname: '**' }],
    maximumRedirects: 3,
    maximumResponseBody: 5_000_000,
    dangerouslyAllowSVG: false,
    deviceSizes: [640, 828, 1200, 1920],
    imageSizes: [48, 96, 128, 256, 384],
  },
  // `npm run typecheck` runs tsc separately; still fail the build on type errors rather than ship them.
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
