'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getApp } from '@/server/app-singleton';
import { clientAddress } from '@/server/services/page-views';
import { retryMessage } from '@/server/web/sign-in-limit';
import { checkDeckPassword, deckUnlockToken, getPublicDeck } from '@/server/services/public-pages';
import { UNLOCK_HOURS, unlockCookieName } from '../../_lib/deck-unlock';
import { appSecret } from '../../_lib/load';

export interface UnlockState {
  error: string | null;
}

/**
 * Checks a deck password. Attempts are rate limited per deck and client address (the sign-in
 * client bucket: 60 per 10 minutes); a right password sets an http-only cookie for this deck's path
 * (12 hours), bound to the current password hash.
 */
export async function unlockDeck(slug: string, _previous: UnlockState, form: FormData): Promise<UnlockState> {
  const app = await getApp();
  const deck = await getPublicDeck(app.services.db, slug);
  if (!deck?.passwordHash) redirect(`/d/${encodeURIComponent(slug)}`);
  const decision = await app.services.rateLimiter.check('sign-in-client', `deck:${deck.id}:${clientAddress(await headers()) || 'unknown'}`);
  if (decision && !decision.allowed) {
    return { error: retryMessage(decision.resetSeconds) };
  }
  const password = form.get('password');
  if (typeof password !== 'string' || !(await checkDeckPassword(deck.passwordHash, password))) {
    return { error: 'That password is not right. Check it with whoever shared this deck.' };
  }
  (await cookies()).set(unlockCookieName(deck.id), deckUnlockToken(await appSecret(), { id: deck.id, passwordHash: deck.passwordHash }), {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.services.config.publicBaseUrl.startsWith('https:'),
    path: `/d/${deck.slug}`,
    maxAge: UNLOCK_HOURS * 3600,
  });
  redirect(`/d/${deck.slug}`);
}
