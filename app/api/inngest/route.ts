import { getApp } from '@/server/app-singleton';
import { createInngestEndpoint } from '@/server/http/inngest-endpoint';

/**
 * Where Inngest calls in to run background jobs under `next dev`. The production server (server.ts,
 * `--api-only` included) answers /api/inngest in its node layer with the same endpoint
 * (src/server/http/inngest-endpoint.ts): 404 when jobs run in-process, 401 problem+json for unsigned
 * calls in cloud mode.
 */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

let serving: Promise<(request: Request) => Promise<Response>> | undefined;

async function handle(request: Request): Promise<Response> {
  if (!serving) {
    const building = getApp().then((app) => createInngestEndpoint(app.services.jobs, app.services.config.inngest, app.services.logger));
    // A failed start is not kept: the next call tries again.
    building.catch(() => {
      if (serving === building) serving = undefined;
    });
    serving = building;
  }
  return (await serving)(request);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
