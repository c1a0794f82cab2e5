import { describe, expect, it } from 'vitest';
import { retryMessage } from '../../src/server/web/sign-in-limit';

// Sign-in and deck-unlock limits share this wording. Growing delays start at a second, so short waits are
// said in seconds (a "minute" for a 2-second wait sends the owner away); longer ones round up to minutes.
describe('retryMessage', () => {
  it('says seconds under a minute, then whole minutes rounded up', () => {
    expect(retryMessage(1)).toBe('Too many attempts. Try again in a second.');
    expect(retryMessage(8)).toBe('Too many attempts. Try again in 8 seconds.');
    expect(retryMessage(60)).toBe('Too many attempts. Try again in a minute.');
    expect(retryMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(retryMessage(600)).toBe('Too many attempts. Try again in 10 minutes.');
  });
});
