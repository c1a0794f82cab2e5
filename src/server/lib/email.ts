import { z } from 'zod';

/**
 * An email address as we accept it: zod's default local part, and a host name of DNS labels that
 * start and end with a letter or digit (1–63 characters; zod's own pattern lets a label end in `-`),
 * ending in an alphabetic top-level domain.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function emailAddress() {
  return z.email({ pattern: EMAIL_PATTERN, message: 'must be an email address such as name@example.com' }).max(254);
}
