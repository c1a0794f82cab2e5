import { isIP } from 'node:net';

/**
 * The address of the client behind a request, for the limits and counts keyed by it: the sign-in
 * limit, the deck-password limit and page-view counting.
 *
 * X-Forwarded-For is a list every proxy appends to; only the entries added by proxies we run can be
 * believed, and the leftmost one is whatever the client wrote. So the chain (X-Forwarded-For entries,
 * then the socket's peer address) is walked from the right, skipping addresses in TRUSTED_PROXIES,
 * and the first address that is not a trusted proxy is the client. With no trusted proxies (the
 * default) that is always the socket's peer address and X-Forwarded-For is ignored.
 *
 * The node layer (src/server/http/node.ts) resolves it once per page request and hands it to Next in
 * CLIENT_ADDRESS_HEADER, overwriting anything a client sent under that name; `clientAddress(headers)`
 * is the one way pages, server actions and services read it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-creator-api-client-address';

export type TrustedProxies = readonly string[];

interface CompiledList {
  check(address: string): boolean;
  /** `check` for an address already read as plainIPv4's number. */
  checkIPv4(value: number): boolean;
}

const compiled = new WeakMap<TrustedProxies, CompiledList>();

/** `::ffff:10.0.0.1` → `10.0.0.1`; `[2001:db8::1]:443` → `2001:db8::1`; `1.2.3.4:80` → `1.2.3.4`; null when not an address. */
export function normalizeAddress(raw: string): string | null {
  // The common case, a plain dotted IPv4 address, is already normal (no regex, no isIP).
  if (plainIPv4(raw) >= 0) return raw;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value);
  if (mapped) value = mapped[1]!;
  const family = isIP(value);
  if (family === 0) return null;
  return family === 6 ? value.toLowerCase() : value;
}

/**
 * Parses TRUSTED_PROXIES entries (CIDRs such as `10.0.0.0/8`, `2001:db8::/32`, or single addresses).
 * Throws naming the first bad entry, so a typo fails at start instead of trusting nothing (or everything).
 */
export function parseTrustedProxies(value: string | null | undefined): TrustedProxies {
  if (!value) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) compile([entry]);
  return entries;
}

/**
 * A trusted range as 128 bits (four 32-bit words) and a prefix length. IPv4 is held as its
 * IPv4-mapped IPv6 form (`::ffff:a.b.c.d`, prefix + 96), so one comparison covers both families and
 * matches as node's BlockList does: an IPv4 address is in an IPv6 range covering its mapped form,
 * and a mapped IPv6 address is in the IPv4 range of its last 32 bits.
 */
interface Range {
  words: Uint32Array;
  prefix: number;
}

/**
 * A plain dotted IPv4 address (what the node layer resolves one to) as a 32-bit number; -1 for
 * anything else (IPv6, a port, spaces, a leading zero), which takes the string path.
 */
export function plainIPv4(address: string): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < address.length; i += 1) {
    const code = address.charCodeAt(i);
    if (code === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots += 1;
    } else if (code >= 48 && code <= 57) {
      if (digits > 0 && part === 0) return -1;
      part = part * 10 + (code - 48);
      digits += 1;
      if (part > 255) return -1;
    } else return -1;
  }
  return dots === 3 && digits > 0 ? value * 256 + part : -1;
}

/** The 128 bits of an address `isIP` accepted, as four words; null for a form not handled here. */
function addressWords(address: string, family: number, words: Uint32Array = new Uint32Array(4)): Uint32Array | null {
  words.fill(0);
  if (family === 4) {
    const value = plainIPv4(address);
    if (value < 0) return null;
    words[2] = 0xffff;
    words[3] = value;
    return words;
  }
  const groups = expandIPv6(address);
  if (groups.length !== 8) return null;
  for (let i = 0; i < 4; i += 1) words[i] = ((Number.parseInt(groups[2 * i]!, 16) << 16) | Number.parseInt(groups[2 * i + 1]!, 16)) >>> 0;
  return words;
}

function inRange(words: Uint32Array, range: Range): boolean {
  let left = range.prefix;
  for (let i = 0; i < 4 && left > 0; i += 1, left -= 32) {
    const mask = left >= 32 ? 0xffffffff : (0xffffffff << (32 - left)) >>> 0;
    if (((words[i]! ^ range.words[i]!) & mask) !== 0) return false;
  }
  return true;
}

/**
 * Compiled once per list. Checked in plain JavaScript: node's BlockList.check builds a SocketAddress
 * per call (~2.5 µs, on every page request's address resolution).
 */
function compile(entries: TrustedProxies): CompiledList {
  const cached = compiled.get(entries);
  if (cached) return cached;
  const ranges: Range[] = [];
  for (const entry of entries) {
    const [base, prefixText, ...rest] = entry.split('/');
    const address = normalizeAddress(base ?? '');
    const family = address ? isIP(address) : 0;
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : Number(prefixText);
    const words = address ? addressWords(address, family) : null;
    if (!words || rest.length > 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32) || (prefixText !== undefined && !/^\d+$/.test(prefixText))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, 2001:db8::/32)`);
    }
    ranges.push({ words, prefix: family === 4 ? prefix + 96 : prefix });
  }
  // Checks are synchronous: one scratch array serves them all (no allocation per request).
  const scratch = new Uint32Array(4);
  const checkIPv4 = (value: number) => {
    scratch.fill(0);
    scratch[2] = 0xffff;
    scratch[3] = value;
    return ranges.some((range) => inRange(scratch, range));
  };
  const result: CompiledList = {
    checkIPv4,
    check: (address) => {
      const ipv4 = plainIPv4(address);
      if (ipv4 >= 0) return checkIPv4(ipv4);
      const family = isIP(address);
      const words = family === 0 ? null : addressWords(address, family, scratch);
      return words !== null && ranges.some((range) => inRange(words, range));
    },
  };
  compiled.set(entries, result);
  return result;
}

/** Whether `address` is in one of `trusted`'s ranges (exported for the equivalence test with BlockList). */
export function isTrustedProxy(address: string, trusted: TrustedProxies): boolean {
  return compile(trusted).check(address);
}

/**
 * The rightmost address of the chain (X-Forwarded-For entries, then the peer) that is not a trusted
 * proxy. An entry that is not an address ends the walk at the trusted hop that reported it (a proxy
 * we trust would not write one; only a misconfiguration gets there). 'unknown' without a peer.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string {
  const peerAddress = peer ? normalizeAddress(peer) : null;
  if (!peerAddress) return 'unknown';
  if (trusted.length === 0 || !forwardedFor) return peerAddress;
  const list = compile(trusted);
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
  let current = peerAddress;
  // Each address is read as plain IPv4 once (normalizing and checking it both need that).
  let currentIPv4 = plainIPv4(current);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    if (!(currentIPv4 >= 0 ? list.checkIPv4(currentIPv4) : list.check(current))) return current;
    const hop = hops[i]!;
    const hopIPv4 = plainIPv4(hop);
    const next = hopIPv4 >= 0 ? hop : normalizeAddress(hop);
    if (!next) return current;
    current = next;
    currentIPv4 = hopIPv4 >= 0 ? hopIPv4 : plainIPv4(next);
  }
  // Every hop is a trusted proxy: the leftmost is the best there is.
  return current;
}

/** Anything with `get(name)`: Headers, Next's ReadonlyHeaders. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * The client address of a page request or server action, as resolved by the node layer. Under plain
 * `next dev` (no custom server) the header is absent and the rightmost X-Forwarded-For entry — the
 * one Next itself sets from the socket when none was sent — is used instead.
 */
export function clientAddress(headers: HeaderReader): string {
  const resolved = headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  if (resolved) return resolved;
  const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1);
  return (forwarded && normalizeAddress(forwarded)) || 'unknown';
}

/**
 * The group an address is counted under by the password and mail limits: an IPv4 address as is, an
 * IPv6 address by its /64 — one subscriber usually holds a whole /64, so counting single IPv6
 * addresses would hand out a fresh budget per address. `2001:db8:1:2::7` → `2001:db8:1:2::/64`.
 */
export function addressGroup(address: string): string {
  const normalized = normalizeAddress(address);
  if (!normalized || isIP(normalized) === 4) return normalized ?? address;
  const groups = expandIPv6(normalized);
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Eight hextets of an IPv6 address (`::` expanded, an embedded IPv4 tail turned into two hextets). */
function expandIPv6(address: string): string[] {
  let value = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    value = `${value.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = value.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}
