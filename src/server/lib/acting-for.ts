/**
 * The account a signed-in person acts for (issue 32: one person, several agencies and perhaps a
 * creator account), as chosen in the header's switcher: `agency:<id>` or `creator:<id>` in an
 * http-only cookie. Only a preference: the gateway and the pages check it against the person's
 * memberships on every request and fall back to their first account when it names none of them.
 */
export const ACTING_FOR_COOKIE = 'creator-api.acting-for';

const CHOICE = /^(agency|creator):([0-9a-f]{24})$/;

/** `agency:<id>` / `creator:<id>` when well formed, else null. */
export function parseActingFor(value: string | null | undefined): string | null {
  if (!value) return null;
  const decoded = value.replace(/%3A/gi, ':');
  return CHOICE.test(decoded) ? decoded : null;
}

/** The choice from a Cookie header (the gateway's view of the request). */
export function actingForFromHeaders(headers: Headers): string | null {
  const cookie = headers.get('cookie');
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ACTING_FOR_COOKIE) return parseActingFor(rest.join('='));
  }
  return null;
}
