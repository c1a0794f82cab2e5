/**
 * JSON responses whose body the node:http layer can write without reading it back out of the
 * Response's stream (a large part of the cost of a small API response). The body string is remembered
 * per Response object; a Response built any other way — or replaced by a wrapper — is read normally.
 * Headers are always taken from the Response itself, so later header changes are kept.
 */
const rawBodies = new WeakMap<Response, string>();

export function jsonResponse(status: number, headers: Record<string, string>, body: string): Response {
  const response = new Response(body, { status, headers });
  rawBodies.set(response, body);
  return response;
}

/** The body of a Response made by `jsonResponse` and not yet read, else undefined. */
export function rawBodyOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : rawBodies.get(response);
}
