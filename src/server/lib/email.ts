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

/** An address typed into a settings form (sign-in, sign-up, invitations): trimmed and lower-cased, in the forms' words. */
export const typedEmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter an email address like name@example.com.').max(254, 'Use an email address of at most 254 characters.'));
