import type { ApiMeta } from './meta';

/**
 * The headers a deprecated operation answers with, on every response (errors included), so a client
 * that only logs headers still learns about it: `Deprecation` (RFC 9745, the date it was announced as a
 * structured-field date), `Sunset` (RFC 8594, when it stops answering, as an HTTP date) and a `Link` with
 * rel="deprecation" to the changelog entry that says what to use instead.
 */
export function deprecationHeaders(deprecation: NonNullable<ApiMeta['deprecation']>, publicBaseUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    Deprecation: `@${Math.floor(Date.parse(`${deprecation.announced}T00:00:00Z`) / 1000)}`,
    Link: `<${publicBaseUrl}/docs/changelog#${deprecation.changelogAnchor}>; rel="deprecation"; type="text/html"`,
  };
  if (deprecation.sunset) headers.Sunset = new Date(`${deprecation.sunset}T00:00:00Z`).toUTCString();
  return headers;
}
