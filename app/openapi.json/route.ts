/** `/openapi.json` is built and served by the API handler (the same document the custom server serves). */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export { GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD } from '@/server/next-api-route';
