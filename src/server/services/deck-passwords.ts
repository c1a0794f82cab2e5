import type { AppServices } from '../domain/app-services';
import { addressGroup } from '../lib/client-address';
import type { AttemptRule } from '../rate-limit/attempt-limiter';
import { checkDeckPassword } from './public-pages';

/**
 * Deck-password guesses, with growing delays (rate-limit/attempt-limiter.ts) on three keys:
 * - `deck-visitor`: this deck from this address group (an IPv4 address or an IPv6 /64 — one
 *   subscriber holds a whole /64, so single IPv6 addresses would each bring a fresh budget):
 *   5 free, then 1 s doubling to at most 15 minutes; cleared by the right password.
 * - `deck`: this deck from anywhere — the cap per deck, which no number of addresses gets around:
 *   30 free, then 1 s doubling to at most 5 minutes between guesses.
 * - `deck-address`: any deck from this address group (guessing across many decks): 30 free, then
 *   the same as the first.
 * The argon2 check runs only after all three let the attempt through.
 */
export const DECK_PASSWORD_RULES = {
  visitor: { name: 'deck-visitor', free: 5, baseDelaySeconds: 1, maxDelaySeconds: 900, forgetAfterSeconds: 3600, onSuccess: 'clear' },
  deck: { name: 'deck', free: 30, baseDelaySeconds: 1, maxDelaySeconds: 300, forgetAfterSeconds: 3600, onSuccess: 'refund' },
  address: { name: 'deck-address', free: 30, baseDelaySeconds: 1, maxDelaySeconds: 900, forgetAfterSeconds: 3600, onSuccess: 'refund' },
} as const satisfies Record<string, AttemptRule>;

export type DeckPasswordOutcome = { result: 'right' } | { result: 'wrong' } | { result: 'wait'; retryAfterSeconds: number };

export async function tryDeckPassword(
  services: Pick<AppServices, 'attempts' | 'logger'>,
  attempt: { deckId: string; passwordHash: string; password: string; address: string },
  /** The argon2 check; a parameter so tests can count how often it runs. */
  verify: (passwordHash: string, password: string) => Promise<boolean> = checkDeckPassword,
): Promise<DeckPasswordOutcome> {
  const group = addressGroup(attempt.address);
  const decision = await services.attempts.begin([
    { rule: DECK_PASSWORD_RULES.visitor, subject: `${attempt.deckId}\n${group}` },
    { rule: DECK_PASSWORD_RULES.deck, subject: attempt.deckId },
    { rule: DECK_PASSWORD_RULES.address, subject: group },
  ]);
  if (!decision.allowed) return { result: 'wait', retryAfterSeconds: decision.retryAfterSeconds };
  if (await verify(attempt.passwordHash, attempt.password)) {
    await decision.succeeded();
    return { result: 'right' };
  }
  const forDeck = decision.counts[1] ?? 0;
  if (forDeck >= DECK_PASSWORD_RULES.deck.free && (forDeck - DECK_PASSWORD_RULES.deck.free) % 10 === 0) {
    services.logger.warn('repeated wrong deck passwords', { deck_id: attempt.deckId, failures_for_deck: forDeck, address: attempt.address });
  }
  return { result: 'wrong' };
}
