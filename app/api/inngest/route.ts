import { getApp } from '@/server/app-singleton';
import { newRequestId } from '@/server/http/request-id';
import { problemBody } from '@/server/http/problems';
import { inngestServeHandler } from '@/server/jobs/inngest';

/**
 * Where Inngest calls in to run background jobs (CSV and link-in-bio imports) when the service uses
 * Inngest (INNGEST_EVENT_KEY or INNGEST_DEV). When the instances run jobs themselves there is nothing to serve: 404.
 */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

let serving: Promise<((request: Request) => Promise<Response>) | null> | undefined;

async function handle(request: Request): Promise<Response> {
  if (!serving) {
    const building = getApp().then((app) => inngestServeHandler(app.services.jobs));
    // A failed start is not kept: the next call tries again.
    building.catch(() => {
      if (serving === building) serving = undefined;
    });
    serving = building;
  }
  const serve = await serving;
  if (serve) return serve(request);
  return new Response(JSON.stringify(problemBody('route-not-found', 'Background jobs run in-process here; Inngest is not configured.', newRequestId())), {
    status: 404,
    headers: { 'content-type': 'application/problem+json' },
  });
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
