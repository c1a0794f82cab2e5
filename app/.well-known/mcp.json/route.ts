/** The MCP server card under plain `next dev` / `next start` (the custom server answers it before Next). */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export { GET, HEAD } from '@/server/next-api-route';
