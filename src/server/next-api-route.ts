import { getApp } from './app-singleton';
import { fromFetchRequest, toFetchResponse } from './http/exchange';

/**
 * The App Router's way into the API handler, for `/public/v1/**` and `/openapi.json` under plain
 * `next dev` / `next start` (the custom server answers those paths before Next). Every method is
 * exported so Next never answers OPTIONS/HEAD or a 405 itself: the API handler owns 404/405/Allow
 * and problem+json.
 */
async function handle(request: Request): Promise<Response> {
  return toFetchResponse(await (await getApp()).handleApiRequest(fromFetchRequest(request)));
}

export { handle as GET, handle as POST, handle as PATCH, handle as PUT, handle as DELETE, handle as OPTIONS, handle as HEAD };
