import { BlockList, isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isTrustedProxy, parseTrustedProxies } from '../../src/server/lib/client-address';

/**
 * TRUSTED_PROXIES ranges are matched in plain JavaScript (node's BlockList.check cost ~2.5 µs per
 * page request). They must decide exactly as BlockList does, IPv4-mapped IPv6 included.
 */
describe('trusted proxy ranges decide as node:net BlockList does', () => {
  const lists = [
    '10.0.0.0/8, 192.168.1.1, 2001:db8::/32',
    '127.0.0.0/8,::1',
    '0.0.0.0/0',
    '::/0',
    '::ffff:0:0/96',
    '172.16.0.0/12, fe80::/10, 2001:db8:abcd:12::/64, 203.0.113.128/25, 198.51.100.7/32',
    '10.1.2.3/31, 2001:db8::8000/113, 100.64.0.0/10',
  ];
  const addresses = [
    '10.0.0.1', '10.255.255.255', '11.0.0.0', '9.255.255.255', '192.168.1.1', '192.168.1.2', '127.0.0.1', '127.255.0.1', '128.0.0.1',
    '0.0.0.0', '255.255.255.255', '172.16.0.1', '172.31.255.255', '172.32.0.0', '203.0.113.127', '203.0.113.128', '203.0.113.255',
    '198.51.100.7', '198.51.100.8', '10.1.2.2', '10.1.2.3', '10.1.2.4', '100.64.0.1', '100.128.0.1',
    '::1', '::2', '::', '2001:db8::1', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::1', '2001:db7:ffff::1', 'fe80::1', 'febf::1', 'fec0::1',
    '2001:db8:abcd:12::7', '2001:db8:abcd:13::7', '2001:db8::7fff', '2001:db8::8000', '2001:db8::ffff', '2001:db8::1:0',
    '::ffff:10.0.0.1', '::ffff:a00:1', '::ffff:127.0.0.1', '::ffff:8.8.8.8', '::ffff:0:0', '64:ff9b::10.0.0.1', '::10.0.0.1',
  ];

  it.each(lists)('%s', (list) => {
    const trusted = parseTrustedProxies(list);
    const reference = new BlockList();
    for (const entry of trusted) {
      const [base = '', prefix] = entry.split('/');
      const family = isIP(base) === 6 ? 'ipv6' : 'ipv4';
      reference.addSubnet(base, prefix === undefined ? (family === 'ipv6' ? 128 : 32) : Number(prefix), family);
    }
    for (const address of addresses) {
      expect(isTrustedProxy(address, trusted), `${address} in ${list}`).toBe(reference.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4'));
    }
  });
});
