/**
 * Every `/public/v1/**` request goes to the API's own fetch handler, which does its own routing,
 * 404/405, auth, rate limits and problem+json. Under the custom server these routes are never reached
 * (it answers the API before Next); they make plain `next dev` / `next start` serve the same API.
 */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export { GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD } from '@/server/next-api-route';
