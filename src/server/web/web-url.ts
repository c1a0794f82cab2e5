/**
 * What people type into a URL field of a form: `etsy.com/shop/x`, `www.youtube.com/@me`. A value with
 * no scheme that starts with a host name gets `https://`, as browsers' address bars do; anything else
 * (a scheme, a path, text with spaces) is left for the operation's own validation to accept or name.
 * Only the UI does this: the API takes URLs exactly as sent.
 */
export function normalizeWebUrl(raw: string): string {
  const value = raw.trim();
  if (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  if (value.startsWith('//')) return `https:${value}`;
  // host.tld (letters, digits, hyphens, dots), then optionally a port, path, query or fragment.
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?([/?#]\S*)?$/i.test(value) ? `https://${value}` : value;
}
