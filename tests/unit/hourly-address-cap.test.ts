import { describe, expect, it } from 'vitest';
import { HourlyAddressCap } from '../../src/server/services/page-view-rules';

const HOUR = 3_600_000;

describe('HourlyAddressCap: at most max events of one thing per address per UTC hour', () => {
  it('counts each of many IPv4 addresses on its own, exactly up to the cap', () => {
    const cap = new HourlyAddressCap(3);
    const at = 10 * HOUR;
    // Enough addresses to grow the per-thing table many times over.
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < 5_000; i += 1) {
        const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        expect(cap.admit('page:a', address, at)).toBe(round < 3);
      }
    }
    expect(cap.admit('page:b', '10.0.0.1', at)).toBe(true); // another thing has its own counts
    expect(cap.admit('page:a', '10.0.0.1', at + HOUR)).toBe(true); // a new hour starts over
  });

  it('counts a mapped IPv4 address as that address, an IPv6 /64 as one address, and the edges of the IPv4 range', () => {
    const cap = new HourlyAddressCap(2);
    const at = 20 * HOUR;
    expect(cap.admit('t', '203.0.113.9', at)).toBe(true);
    expect(cap.admit('t', '::ffff:203.0.113.9', at)).toBe(true);
    expect(cap.admit('t', '203.0.113.9', at)).toBe(false);
    expect(cap.admit('t', '2001:db8:1:2::1', at)).toBe(true);
    expect(cap.admit('t', '2001:db8:1:2::ffff', at)).toBe(true);
    expect(cap.admit('t', '2001:db8:1:2:aaaa::1', at)).toBe(false);
    for (const edge of ['0.0.0.0', '255.255.255.255']) {
      expect(cap.admit('t', edge, at)).toBe(true);
      expect(cap.admit('t', edge, at)).toBe(true);
      expect(cap.admit('t', edge, at)).toBe(false);
    }
  });
});
