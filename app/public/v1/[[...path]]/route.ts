import { getApp } from '@/server/app-singleton';

/**
 * Every `/public/v1/**` request goes to the API's own fetch handler, which does its own routing,
 * 404/405, auth, rate limits and problem+json. Under the custom server these routes are never reached
 * (it answers the API before Next); they make plain `next dev` / `next start` serve the same API.
 */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

async function handle(request: Request): Promise<Response> {
  return (await getApp()).handleApiRequest(request);
}

export const GET = handle;
export const POST = handle;
export const PATCH = handle;
export const PUT = handle;
export const DELETE = handle;
// Exported explicitly so Next does not answer OPTIONS/HEAD itself: the API handler owns 404/405/Allow.
export const OPTIONS = handle;
export const HEAD = handle;
