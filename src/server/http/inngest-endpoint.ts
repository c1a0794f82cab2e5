import type { AppConfig } from '../config';
import type { Logger } from '../lib/logger';
import type { JobRunner } from '../domain/jobs';
import { problemBody, type AnyProblemSlug } from './problems';
import { acceptRequestId } from './request-id';

/** Where Inngest calls in to run jobs; served by every process that sends Inngest events (API-only included). */
export const INNGEST_PATH = '/api/inngest';

function problem(slug: AnyProblemSlug, status: number, detail: string, requestId: string): Response {
  return new Response(JSON.stringify(problemBody(slug, detail, requestId)), {
    status,
    headers: { 'content-type': 'application/problem+json', 'x-request-id': requestId, 'cache-control': 'no-store' },
  });
}

/** The SDK's own window for a signature's timestamp (inngest RequestSignature.hasExpired). */
const SIGNATURE_WINDOW_MS = 5 * 60_000;

function signatureShapeProblem(header: string | null): string | null {
  if (!header) return 'Calls to /api/inngest must carry X-Inngest-Signature.';
  const params = new URLSearchParams(header);
  const timestamp = Number.parseInt(params.get('t') ?? '', 10);
  if (!params.get('s') || !Number.isFinite(timestamp)) return 'X-Inngest-Signature must look like t=<unix seconds>&s=<hex>.';
  if (Math.abs(Date.now() - timestamp * 1000) > SIGNATURE_WINDOW_MS) return 'X-Inngest-Signature has expired.';
  return null;
}

/**
 * The SDK's serve handler behind a door of ours. In cloud mode (INNGEST_DEV unset, `0` or `false`)
 * a POST without `X-Inngest-Signature` is refused before the SDK sees it, a signature the SDK rejects
 * comes back as 401 problem+json, and nothing the SDK throws reaches the caller (no stack traces).
 * Signed calls get the SDK's answer unchanged: its bodies are Inngest's protocol.
 */
export function createInngestEndpoint(jobs: JobRunner, settings: AppConfig['inngest'], logger: Logger): (request: Request) => Promise<Response> {
  // The Inngest SDK loads only where Inngest runs the jobs: an instance with the in-process runner never needs it.
  let serveHandler: Promise<((request: Request) => Promise<Response>) | null> | undefined;
  const cloud = settings !== null && settings.dev === null;
  return async (request) => {
    const requestId = acceptRequestId(request.headers.get('x-request-id') ?? undefined);
    serveHandler ??= jobs.kind === 'inngest' ? import('../jobs/inngest').then((module) => module.inngestServeHandler(jobs)) : Promise.resolve(null);
    const serve = await serveHandler;
    if (!serve) return problem('route-not-found', 404, 'Background jobs run in-process here; Inngest is not configured.', requestId);
    // What can be refused without the signing key is refused here, before the SDK (which logs a
    // stack trace for each): no signature, a malformed one, or one outside the SDK's 5-minute window.
    if (cloud && (request.method === 'POST' || request.method === 'GET')) {
      const refusal = signatureShapeProblem(request.headers.get('x-inngest-signature'));
      if (refusal) return problem('invalid-signature', 401, refusal, requestId);
    }
    let response: Response;
    try {
      // A well-formed, current signature: the SDK checks it against the signing key.
      response = await serve(request);
    } catch (error) {
      logger.error('the Inngest handler failed', { request_id: requestId, error: String(error) });
      return problem('internal-error', 500, 'The job endpoint could not answer.', requestId);
    }
    if (response.status === 401) {
      await response.body?.cancel();
      return problem('invalid-signature', 401, 'X-Inngest-Signature is missing, expired or not made with this deployment\'s signing key.', requestId);
    }
    return response;
  };
}
