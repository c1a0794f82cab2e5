import { DOMAIN_PROBLEMS, problemBodyOf, type ProblemBody, type ProblemSlug } from '../domain/problems';
import type { FieldError } from '../domain/errors';

export { PROBLEM_TYPE_BASE, type ProblemBody } from '../domain/problems';

/**
 * Problems only HTTP can have: the request never reached an operation (unknown route or method, a
 * body that is not JSON, a malformed or slow request). Every other problem is the domain's
 * (src/server/domain/problems.ts), answered with the status it declares there.
 */
export const TRANSPORT_PROBLEMS = {
  'malformed-json': { status: 400, title: 'The request body is not valid JSON' },
  'malformed-request': { status: 400, title: 'The HTTP request is malformed' },
  'invalid-signature': { status: 401, title: 'The request signature is missing or not valid' },
  'route-not-found': { status: 404, title: 'No such endpoint' },
  'method-not-allowed': { status: 405, title: 'Method not allowed on this endpoint' },
  'request-timeout': { status: 408, title: 'The request was not received in time' },
  'headers-too-large': { status: 431, title: 'The request headers are too large' },
  'method-not-implemented': { status: 501, title: 'This HTTP method is not implemented by the server' },
} as const satisfies Record<string, { status: number; title: string }>;

export type TransportProblemSlug = keyof typeof TRANSPORT_PROBLEMS;
/** Every problem type the API can answer with. */
export type AnyProblemSlug = ProblemSlug | TransportProblemSlug;

/** Every problem type, ordered by status: the OpenAPI enum and /docs/errors list them from here. */
export const PROBLEMS: Record<AnyProblemSlug, { status: number; title: string }> = Object.fromEntries(
  Object.entries({ ...DOMAIN_PROBLEMS, ...TRANSPORT_PROBLEMS }).sort(([, a], [, b]) => a.status - b.status),
) as Record<AnyProblemSlug, { status: number; title: string }>;

export function problemBody(slug: AnyProblemSlug, detail: string, requestId: string, errors?: readonly FieldError[]): ProblemBody {
  return problemBodyOf(slug, PROBLEMS[slug], detail, requestId, errors);
}
