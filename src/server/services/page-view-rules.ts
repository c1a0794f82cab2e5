import { isIPv6 } from 'node:net';
import type { SubjectType } from '../auth/scopes';
import type { Owner } from '../domain/owner';

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

/** Why a request must not count as a view, or null when it should. */
export function skipReason(headers: HeaderReader): SkipReason | null {
  const purpose = `${headers.get('purpose') ?? ''} ${headers.get('sec-purpose') ?? ''} ${headers.get('x-purpose') ?? ''} ${headers.get('x-moz') ?? ''}`;
  if (/prefetch|preview|prerender/i.test(purpose) || headers.get('next-router-prefetch') !== null) return 'prefetch';
  if (NON_HUMAN_AGENTS.test((headers.get('user-agent') ?? '').trim())) return 'bot';
  return null;
}

export function utcDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
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
 * At most `max` counted events of one thing (a page, a link) from one client address per UTC clock
 * hour, in this instance's memory: page views and link clicks count people this way, so a reload loop
 * or a script behind one address cannot inflate a count.
 */
export class HourlyAddressCap {
  private readonly seen = new Map<string, number>();
  private hour = -1;

  constructor(private readonly max: number) {}

  /** Counts one event of `thing` from `address` at `at` (ms); false when the address is past the cap this hour. */
  admit(thing: string, address: string, at: number): boolean {
    const hour = Math.floor(at / HOUR_MS);
    if (hour !== this.hour) {
      this.seen.clear();
      this.hour = hour;
    }
    const key = `${thing}\n${addressKey(address)}`;
    const seen = this.seen.get(key) ?? 0;
    if (seen >= this.max) return false;
    this.seen.set(key, seen + 1);
    return true;
  }
}
