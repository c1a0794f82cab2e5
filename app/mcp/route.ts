/**
 * `/mcp` under plain `next dev` / `next start`: the same MCP handler the custom server answers with
 * before Next (src/server/mcp/handler.ts, reached through the App's API handler).
 */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export { GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD } from '@/server/next-api-route';
