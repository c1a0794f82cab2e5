import { describe, expect, it } from 'vitest';
import { retryMessage } from '../../src/server/web/sign-in-limit';

// Sign-in and deck-unlock limits share this wording; the wait is rounded up to whole minutes.
describe('retryMessage', () => {
  it('says "a minute" up to 60 seconds, then whole minutes rounded up', () => {
    expect(retryMessage(1)).toBe('Too many attempts. Try again in a minute.');
    expect(retryMessage(60)).toBe('Too many attempts. Try again in a minute.');
    expect(retryMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(retryMessage(600)).toBe('Too many attempts. Try again in 10 minutes.');
  });
});
