import { describe, expect, it } from 'vitest';
import { createInFlightTracker } from '../../src/server/http/in-flight';

describe('in-flight tracker', () => {
  it('counts an async handler until it settles, a synchronous one until it returns', async () => {
    const tracker = createInFlightTracker();
    let finish!: () => void;
    const slow = tracker.track(() => new Promise<void>((resolve) => (finish = resolve)));
    const quick = tracker.track((value: number) => {
      void value;
    });
    expect(quick(1)).toBeUndefined(); // no promise made for a synchronous answer
    const pending = slow();
    let drained = false;
    const waiting = tracker.drained(60_000).then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drained).toBe(false);
    finish();
    await pending;
    await waiting;
    expect(drained).toBe(true);
  });

  it('turns a synchronous throw into a rejected promise and stops counting it', async () => {
    const tracker = createInFlightTracker();
    const failing = tracker.track((): void => {
      throw new Error('boom');
    });
    await expect(failing()).rejects.toThrow('boom');
    const rejecting = tracker.track(() => Promise.reject(new Error('later')));
    await expect(rejecting()).rejects.toThrow('later');
    let drained = false;
    await tracker.drained(60_000).then(() => (drained = true));
    expect(drained).toBe(true);
  });
});
