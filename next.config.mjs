/**
 * Next.js renders the site pages (/, /docs, /docs/errors). The API itself (`/public/v1/**`,
 * `/openapi.json`) is one fetch handler from src/server/app.ts; in production the custom server
 * routes to it before Next, and the catch-all route handlers reach the same handler in `next dev`.
 *
 * @type {import('next').NextConfig}
 */
const nextConfig = {
  reactStrictMode: true,
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
