import type { ApiResponse } from './exchange';
import type { FieldError } from '../domain/errors';
import { problemBody, type AnyProblemSlug } from './problems';

/** An application/problem+json answer with the headers every API error carries. */
export function problemResponse(
  slug: AnyProblemSlug,
  detail: string,
  requestId: string,
  options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
): ApiResponse {
  const body = problemBody(slug, detail, requestId, options.errors);
  const headers: Record<string, string> = {
    ...options.headers,
    'Content-Type': 'application/problem+json',
    'X-Request-Id': requestId,
    'Cache-Control': 'no-store',
  };
  if (body.status === 401) {
    headers['WWW-Authenticate'] = slug === 'authentication-required' ? 'Bearer realm="creator-api"' : 'Bearer realm="creator-api", error="invalid_token"';
  }
  return { status: body.status, headers, body: JSON.stringify(body) };
}
