import { isIPv6 } from 'node:net';
import type { SubjectType } from '../auth/scopes';
import type { Owner } from '../domain/owner';
import { plainIPv4 } from '../lib/client-address';

// What a page view is and whether a request is one: resource types, time slots, bot and prefetch detection.

export const VIEW_RESOURCE_TYPES = ['media_kit', 'link_in_bio', 'roster', 'deck', 'campaign'] as const;
export type ViewResourceType = (typeof VIEW_RESOURCE_TYPES)[number];

/** Types an owner can have many of: their views also roll up into the owner's aggregate scope. */
export const OWNER_AGGREGATED_TYPES: readonly ViewResourceType[] = ['media_kit', 'deck', 'campaign'];

export const SLOT_MS = 15 * 60_000;
export const SLOTS_PER_DAY = 96;
/** Visitor bitmaps are kept this many days: hour buckets only reach back to yesterday in any zone. */
export const VISITOR_ROW_RETENTION_DAYS = 7;

export interface PageViewTarget {
  type: ViewResourceType;
  id: string;
  /** Who owns the resource (the roster page's owner is the agency itself). */
  owner: Owner;
}

/** Anything with `get(name)`: Headers, Next's ReadonlyHeaders. */
export interface HeaderReader {
  get(name: string): string | null;
}

export type SkipReason = 'prefetch' | 'bot';

/**
 * Crawlers, link unfurlers, monitors, headless browsers and HTTP libraries: none of them is a person
 * reading the page. Matched case-insensitively anywhere in the user agent; an empty one is skipped too.
 */
const NON_HUMAN_AGENTS =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|facebookcatalog|meta-externalagent|embedly|quora link preview|whatsapp|telegrambot|slack-imgproxy|skypeuripreview|pinterest|vkshare|w3c_validator|redditbot|applebot|bingpreview|google-inspectiontool|googleother|google-read-aloud|feedfetcher|mediapartners|adsbot|lighthouse|pagespeed|headlesschrome|phantomjs|puppeteer|playwright|selenium|prerender|uptime|pingdom|statuscake|site24x7|newrelic|datadog|preview|scrapy|curl\/|wget\/|httpie|python-requests|python-urllib|aiohttp|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|lwp::|httpclient|guzzle|postmanruntime|insomnia|ruby|perl|dart:io|^$/i;

const PREFETCH_PURPOSE = /prefetch|preview|prerender/i;
/**
 * Verdicts of recent user agents: a page's visitors send a few distinct browser strings, and the
 * alternation above costs ~1 µs per load where a map lookup costs a tenth of it. Bounded: dropped
 * whole when full (an agent rotating strings only gets the regex back).
 */
const agentVerdicts = new Map<string, boolean>();
const AGENT_VERDICTS_MAX = 1_000;

// The last agent asked about: comparing a string is cheaper than hashing it for the map.
let lastAgent = '';
let lastVerdict = true;

function isNonHumanAgent(userAgent: string): boolean {
  if (userAgent === lastAgent) return lastVerdict;
  let verdict = agentVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = NON_HUMAN_AGENTS.test(userAgent.trim());
    if (agentVerdicts.size >= AGENT_VERDICTS_MAX) agentVerdicts.clear();
    agentVerdicts.set(userAgent, verdict);
  }
  lastAgent = userAgent;
  lastVerdict = verdict;
  return verdict;
}

const isPrefetchPurpose = (value: string | null) => value !== null && PREFETCH_PURPOSE.test(value);

/** Why a request must not count as a view, or null when it should. */
export function skipReason(headers: HeaderReader): SkipReason | null {
  if (
    isPrefetchPurpose(headers.get('purpose')) ||
    isPrefetchPurpose(headers.get('sec-purpose')) ||
    isPrefetchPurpose(headers.get('x-purpose')) ||
    isPrefetchPurpose(headers.get('x-moz')) ||
    headers.get('next-router-prefetch') !== null
  ) {
    return 'prefetch';
  }
  if (isNonHumanAgent(headers.get('user-agent') ?? '')) return 'bot';
  return null;
}

// The last day asked for: every load of a day asks for the same one (toISOString costs ~0.4 µs).
let lastDayNumber = Number.NaN;
let lastDay = '';

export function utcDay(instant: number): string {
  const dayNumber = Math.floor(instant / 86_400_000);
  if (dayNumber !== lastDayNumber) {
    lastDay = new Date(instant).toISOString().slice(0, 10);
    lastDayNumber = dayNumber;
  }
  return lastDay;
}

interface Scope {
  scope: 'resource' | SubjectType;
  scopeId: string;
}

export function scopesOf(target: PageViewTarget): Scope[] {
  const scopes: Scope[] = [{ scope: 'resource', scopeId: target.id }];
  if (OWNER_AGGREGATED_TYPES.includes(target.type)) scopes.push({ scope: target.owner.type, scopeId: target.owner.id });
  return scopes;
}

/** The client address a per-address cap counts: an IPv4 address, or the /64 of an IPv6 one. */
export function addressKey(address: string): string {
  if (plainIPv4(address) >= 0) return address;
  const bare = address.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = bare.includes('::') ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}

const HOUR_MS = 3_600_000;

/**
 * Counts per IPv4 address in flat typed arrays (open addressing): a page loaded from many addresses
 * keeps no object per address for the garbage collector to copy and mark, and a lookup builds no key.
 */
class IPv4Counts {
  private keys = new Uint32Array(1024);
  private counts = new Uint32Array(1024);
  private size = 0;

  private slot(ip: number): number {
    const mask = this.keys.length - 1;
    let index = Math.imul(ip ^ (ip >>> 16), 0x45d9f3b) & mask;
    // A count of 0 marks a free slot (a stored address has counted at least once).
    while (this.counts[index]! !== 0 && this.keys[index]! !== ip) index = (index + 1) & mask;
    return index;
  }

  get(ip: number): number {
    return this.counts[this.slot(ip)]!;
  }

  set(ip: number, count: number): void {
    let index = this.slot(ip);
    if (this.counts[index] === 0) {
      if ((this.size + 1) * 2 > this.keys.length) {
        this.grow();
        index = this.slot(ip);
      }
      this.size += 1;
      this.keys[index] = ip;
    }
    this.counts[index] = count;
  }

  private grow(): void {
    const { keys, counts } = this;
    this.keys = new Uint32Array(keys.length * 2);
    this.counts = new Uint32Array(keys.length * 2);
    for (let i = 0; i < keys.length; i += 1) {
      if (counts[i] === 0) continue;
      const index = this.slot(keys[i]!);
      this.keys[index] = keys[i]!;
      this.counts[index] = counts[i]!;
    }
  }
}

/**
 * At most `max` counted events of one thing (a page, a link) from one client address per UTC clock
 * hour, in this instance's memory: page views and link clicks count people this way, so a reload loop
 * or a script behind one address cannot inflate a count. Per thing, IPv4 addresses are counted in
 * typed arrays and anything else (an IPv6 /64) in a map.
 */
export class HourlyAddressCap {
  private readonly seen = new Map<string, { ipv4: IPv4Counts; other: Map<string, number> }>();
  private hour = -1;

  constructor(private readonly max: number) {}

  /** Counts one event of `thing` from `address` at `at` (ms); false when the address is past the cap this hour. */
  admit(thing: string, address: string, at: number): boolean {
    const hour = Math.floor(at / HOUR_MS);
    if (hour !== this.hour) {
      this.seen.clear();
      this.hour = hour;
    }
    let counts = this.seen.get(thing);
    if (counts === undefined) this.seen.set(thing, (counts = { ipv4: new IPv4Counts(), other: new Map() }));
    let ip = plainIPv4(address);
    let key = address;
    if (ip < 0) {
      key = addressKey(address); // `::ffff:203.0.113.9` is counted as 203.0.113.9
      ip = plainIPv4(key);
    }
    if (ip >= 0) {
      const seen = counts.ipv4.get(ip);
      if (seen >= this.max) return false;
      counts.ipv4.set(ip, seen + 1);
      return true;
    }
    const seen = counts.other.get(key) ?? 0;
    if (seen >= this.max) return false;
    counts.other.set(key, seen + 1);
    return true;
  }
}
