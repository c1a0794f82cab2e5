'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getApp } from '@/server/app-singleton';
import { clientAddress } from '@/server/lib/client-address';
import { retryMessage } from '@/server/web/sign-in-limit';
import { tryDeckPassword } from '@/server/services/deck-passwords';
import { deckUnlockToken } from '@/server/services/public-pages';
import { UNLOCK_HOURS, unlockCookieName } from '../../_lib/deck-unlock';
import { appSecret } from '../../_lib/load';

export interface UnlockState {
  error: string | null;
}

/**
 * Checks a deck password under the deck-password limits (services/deck-passwords.ts: per visitor,
 * per deck and per address group, with growing delays; argon2 runs only when they let the attempt
 * through). A right password sets an http-only cookie for this deck's path (12 hours), bound to the
 * current password hash.
 */
export async function unlockDeck(slug: string, _previous: UnlockState, form: FormData): Promise<UnlockState> {
  const app = await getApp();
  const deck = await app.services.db.deck.findUnique({ where: { slug: slug.toLowerCase() }, select: { id: true, slug: true, visibility: true, passwordHash: true } });
  if (!deck?.passwordHash || deck.visibility !== 'link') redirect(`/d/${encodeURIComponent(slug)}`);
  const password = form.get('password');
  if (typeof password !== 'string' || password.length === 0 || password.length > 128) {
    return { error: 'That password is not right. Check it with whoever shared this deck.' };
  }
  const outcome = await tryDeckPassword(app.services, { deckId: deck.id, passwordHash: deck.passwordHash, password, address: clientAddress(await headers()) });
  if (outcome.result === 'wait') return { error: retryMessage(outcome.retryAfterSeconds) };
  if (outcome.result === 'wrong') {
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
