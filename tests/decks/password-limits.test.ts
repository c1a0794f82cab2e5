import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeckPassword } from '../../src/server/services/decks';
import { checkDeckPassword } from '../../src/server/services/public-pages';
import { DECK_PASSWORD_RULES, tryDeckPassword } from '../../src/server/services/deck-passwords';
import { newObjectId } from '../../src/server/lib/object-id';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Deck-password guesses as the deck's unlock form makes them (app/(public)/d/[slug]/actions.ts).
 * The argon2 check is the real one, wrapped to count how often it runs. The browser-level proof is
 * e2e/account-limits.spec.ts.
 */
let t: TestApp;
let passwordHash: string;
const RIGHT = 'open sesame 42';

beforeAll(async () => {
  t = await startTestApp();
  passwordHash = await hashDeckPassword(RIGHT);
});
afterAll(() => t.close());

function counter() {
  let runs = 0;
  const verify = (hash: string, password: string) => {
    runs += 1;
    return checkDeckPassword(hash, password);
  };
  return { verify, runs: () => runs };
}

describe('deck password limits', () => {
  it('spends argon2 work only on attempts the limits let through', async () => {
    const deckId = newObjectId();
    const argon2 = counter();
    const outcomes = [];
    for (let i = 0; i < 12; i += 1) {
      outcomes.push((await tryDeckPassword(t.app.services, { deckId, passwordHash, password: `guess ${i}`, address: '203.0.113.5' }, argon2.verify)).result);
    }
    const checked = outcomes.filter((o) => o !== 'wait').length;
    expect(outcomes.slice(0, 5)).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong']);
    expect(outcomes).toContain('wait');
    expect(argon2.runs()).toBe(checked);
  });

  it('counts rotating addresses of one IPv6 /64 as one visitor', async () => {
    const deckId = newObjectId();
    const outcomes = [];
    for (let i = 1; i <= 8; i += 1) {
      outcomes.push((await tryDeckPassword(t.app.services, { deckId, passwordHash, password: 'nope', address: `2001:db8:dead:beef::${i}` })).result);
    }
    expect(outcomes.slice(0, 5).every((o) => o === 'wrong')).toBe(true);
    expect(outcomes.slice(5)).toContain('wait');
  });

  it('caps guesses per deck, whatever the number of addresses', async () => {
    const deckId = newObjectId();
    const free = DECK_PASSWORD_RULES.deck.free;
    const outcomes = [];
    // One guess from each of many /64s: no single visitor is ever slowed.
    for (let i = 0; i < free + 3; i += 1) {
      outcomes.push((await tryDeckPassword(t.app.services, { deckId, passwordHash, password: 'nope', address: `2001:db8:${(i + 1).toString(16)}::1` })).result);
    }
    expect(outcomes.slice(0, free).every((o) => o === 'wrong')).toBe(true);
    expect(outcomes.slice(free)).toContain('wait');
    // Even the right password from a fresh address waits now; the deck is not locked, just slowed.
    const fresh = await tryDeckPassword(t.app.services, { deckId, passwordHash, password: RIGHT, address: '198.51.100.99' });
    expect(fresh.result).toBe('wait');
    expect(fresh.result === 'wait' && fresh.retryAfterSeconds).toBeLessThanOrEqual(DECK_PASSWORD_RULES.deck.maxDelaySeconds);
  });

  it('lets the right password through and clears that visitor’s count', async () => {
    const deckId = newObjectId();
    for (let i = 0; i < 4; i += 1) await tryDeckPassword(t.app.services, { deckId, passwordHash, password: 'nope', address: '198.51.100.5' });
    expect((await tryDeckPassword(t.app.services, { deckId, passwordHash, password: RIGHT, address: '198.51.100.5' })).result).toBe('right');
    // Cleared: five more free guesses.
    const outcomes = [];
    for (let i = 0; i < 5; i += 1) outcomes.push((await tryDeckPassword(t.app.services, { deckId, passwordHash, password: 'nope', address: '198.51.100.5' })).result);
    expect(outcomes.every((o) => o === 'wrong')).toBe(true);
  });
});
