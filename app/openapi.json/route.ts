import { getApp } from '@/server/app-singleton';

/**
 * `/openapi.json` is built and served by the API handler (the same document the custom server serves).
 * Every method is routed there so non-GET requests get its 405 problem+json with `Allow: GET`.
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
export const OPTIONS = handle;
export const HEAD = handle;
