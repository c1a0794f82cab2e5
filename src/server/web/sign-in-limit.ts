import type { RateLimiter } from '../rate-limit/limiter';

/**
 * Sign-in attempts (and sign-ups) go through the service's rate limiter — Redis when configured, so
 * the limit holds across instances: per email address (bucket `sign-in`, 10 per 10 minutes) and per
 * client address (bucket `sign-in-client`, 60 per 10 minutes). Returns the seconds to wait, or null.
 */
export async function signInRetryAfter(limiter: RateLimiter, attempt: { email?: string; clientAddress: string }): Promise<number | null> {
  const checks = [limiter.check('sign-in-client', attempt.clientAddress)];
  if (attempt.email) checks.push(limiter.check('sign-in', attempt.email));
  const decisions = await Promise.all(checks);
  const blocked = decisions.flatMap((d) => (d && !d.allowed ? [d.resetSeconds] : []));
  return blocked.length > 0 ? Math.max(...blocked) : null;
}

export function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
}
