/** OAuth protected-resource metadata for /mcp (RFC 9728) under plain `next dev` / `next start` (the custom server answers it before Next). */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export { GET, HEAD } from '@/server/next-api-route';
