import { cookies } from 'next/headers';
import { clientAddress, type HeaderReader } from '../lib/client-address';

/**
 * What the account pages' server actions share about limits: who the client is, how to word a wait,
 * and the one-time notice of failed sign-ins shown after signing in. The limits themselves are
 * services (services/sign-in-attempts.ts, services/deck-passwords.ts).
 */
export function requestClient(headers: HeaderReader): { address: string; userAgent: string | null } {
  return { address: clientAddress(headers), userAgent: headers.get('user-agent') };
}

export function retryMessage(seconds: number): string {
  if (seconds < 60) return `Too many attempts. Try again in ${seconds === 1 ? 'a second' : `${seconds} seconds`}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
}

/** Set at sign-in when attempts failed since the last one; read (and cleared) by the notice in the account pages. */
export const SIGN_IN_NOTICE_COOKIE = 'creator-api.failed-sign-ins';

export async function setFailedSignInNotice(count: number, secure: boolean): Promise<void> {
  if (count <= 0) return;
  (await cookies()).set(SIGN_IN_NOTICE_COOKIE, String(count), { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 10 * 60 });
}

/** The count to show, or null. The value only ever feeds a sentence, so a forged cookie shows a wrong number, nothing more. */
export async function failedSignInNotice(): Promise<number | null> {
  const value = Number((await cookies()).get(SIGN_IN_NOTICE_COOKIE)?.value);
  return Number.isInteger(value) && value > 0 ? Math.min(value, 1_000_000) : null;
}
