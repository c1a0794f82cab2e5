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
