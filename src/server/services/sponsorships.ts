import type { Db } from '../db/database';
import type { SubjectType } from '../auth/scopes';
import { ApiError, notFound, type FieldError } from '../domain/errors';
import { COUNTRY_CODES, LANGUAGE_CODES } from '../lib/iso-codes';
import { newObjectId } from '../lib/object-id';
import { SOCIAL_PLATFORMS, canonicalPlatform, type SocialPlatformInput } from '../lib/social-identity';
import type { SponsorshipOpportunity } from '../../generated/prisma/client';

/**
 * Sponsorship opportunities (managed by operators with the admin CLI) and the recommendation behind
 * GET /sponsorship-matches and its MCP tool (one operation through the gateway: plain inputs here,
 * the `sponsorship` rate-limit bucket whichever door calls).
 *
 * Scoring, out of 100, of one opportunity for one creator:
 * - platforms (30): share of the opportunity's platforms the creator has an account on. A creator on
 *   none of them is not a match at all. An opportunity open to every platform gives 15.
 * - audience (25): followers on those platforms (on every platform when none is named) against the
 *   opportunity's range: 25 inside it, falling linearly to 0 one order of magnitude outside it; 0
 *   while followers are not measured yet; 12.5 when the opportunity sets no range.
 * - tags (25): share of the opportunity's tags the creator also has (case-insensitive); 12.5 when it
 *   names none.
 * - country (10) and languages (10): 10 when the creator's country (any of its languages) is one the
 *   opportunity targets, 0 when not or unknown, 5 when the opportunity targets everyone.
 * Criteria an opportunity leaves open earn half, so precise fits rank above generic ones. Matches are
 * ordered by score (1 decimal), then budget (largest first, none last), opportunity id, creator id:
 * the same data always gives the same answer.
 */

export const OPPORTUNITY_LIMITS = { brand: 100, title: 200, tags: 20, tag: 40, countries: 50, languages: 20, currency: /^[A-Z]{3}$/ };
export const MATCH_WEIGHTS = { platforms: 30, audience: 25, tags: 25, country: 10, languages: 10 } as const;

export interface OpportunityInput {
  brand: string;
  title: string;
  platforms?: string[];
  tags?: string[];
  minFollowers?: number | null;
  maxFollowers?: number | null;
  countries?: string[];
  languages?: string[];
  /** In the currency's minor unit (cents). */
  budgetCents?: number | null;
  currency?: string;
}

export interface OpportunityView {
  id: string;
  brand: string;
  title: string;
  platforms: string[];
  tags: string[];
  audience: { min_followers: number | null; max_followers: number | null };
  countries: string[];
  languages: string[];
  budget: { amount: number; currency: string } | null;
  active: boolean;
  created_at: string;
}

export function opportunityView(row: SponsorshipOpportunity): OpportunityView {
  return {
    id: row.id,
    brand: row.brand,
    title: row.title,
    platforms: row.platforms,
    tags: row.tags,
    audience: { min_followers: row.minFollowers, max_followers: row.maxFollowers },
    countries: row.countries,
    languages: row.languages,
    budget: row.budgetCents === null ? null : { amount: row.budgetCents, currency: row.currency },
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

function uniqueCaseInsensitive(values: string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) if (!seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
  return [...seen.values()];
}

/** Validates and stores an opportunity; every bad field is reported at once (400 validation-error). */
export async function createOpportunity(db: Db, input: OpportunityInput): Promise<SponsorshipOpportunity> {
  const errors: FieldError[] = [];
  const bad = (path: string, message: string) => errors.push({ path, message, code: 'invalid' });
  const brand = input.brand.trim();
  const title = input.title.trim();
  if (!brand || brand.length > OPPORTUNITY_LIMITS.brand) bad('brand', `Brand must be 1–${OPPORTUNITY_LIMITS.brand} characters.`);
  if (!title || title.length > OPPORTUNITY_LIMITS.title) bad('title', `Title must be 1–${OPPORTUNITY_LIMITS.title} characters.`);
  const platforms = [...new Set((input.platforms ?? []).map((p) => p.trim().toLowerCase()))];
  platforms.forEach((p, i) => {
    if (!(SOCIAL_PLATFORMS as readonly string[]).includes(p)) bad(`platforms[${i}]`, `Unknown platform "${p}"; use ${SOCIAL_PLATFORMS.join(', ')}.`);
  });
  const tags = uniqueCaseInsensitive((input.tags ?? []).map((t) => t.trim()).filter(Boolean));
  if (tags.length > OPPORTUNITY_LIMITS.tags) bad('tags', `At most ${OPPORTUNITY_LIMITS.tags} tags.`);
  tags.forEach((t, i) => t.length > OPPORTUNITY_LIMITS.tag && bad(`tags[${i}]`, `Tags are at most ${OPPORTUNITY_LIMITS.tag} characters.`));
  const countries = [...new Set((input.countries ?? []).map((c) => c.trim().toUpperCase()))];
  countries.forEach((c, i) => !COUNTRY_CODES.has(c) && bad(`countries[${i}]`, `"${c}" is not an ISO 3166-1 alpha-2 country code.`));
  const languages = [...new Set((input.languages ?? []).map((l) => l.trim().toLowerCase()))];
  languages.forEach((l, i) => !LANGUAGE_CODES.has(l) && bad(`languages[${i}]`, `"${l}" is not an ISO 639-1 language code.`));
  const count = (value: number | null | undefined, path: string) => {
    if (value !== null && value !== undefined && (!Number.isSafeInteger(value) || value < 0)) bad(path, 'Must be a whole number ≥ 0.');
  };
  count(input.minFollowers, 'min_followers');
  count(input.maxFollowers, 'max_followers');
  count(input.budgetCents, 'budget');
  if (input.minFollowers != null && input.maxFollowers != null && input.minFollowers > input.maxFollowers) {
    bad('max_followers', 'max_followers is below min_followers.');
  }
  const currency = (input.currency ?? 'USD').trim().toUpperCase();
  if (!OPPORTUNITY_LIMITS.currency.test(currency)) bad('currency', 'Currency must be a 3-letter ISO 4217 code.');
  if (errors.length > 0) {
    throw new ApiError('validation-error', errors.length === 1 ? `${errors[0]!.path}: ${errors[0]!.message}` : `${errors.length} fields are invalid.`, { errors });
  }
  return db.sponsorshipOpportunity.create({
    data: {
      id: newObjectId(),
      brand,
      title,
      platforms: platforms.map((p) => canonicalPlatform(p as SocialPlatformInput)),
      tags,
      minFollowers: input.minFollowers ?? null,
      maxFollowers: input.maxFollowers ?? null,
      countries,
      languages,
      budgetCents: input.budgetCents ?? null,
      currency,
    },
  });
}

export function listOpportunities(db: Db, options: { includeInactive?: boolean } = {}): Promise<SponsorshipOpportunity[]> {
  return db.sponsorshipOpportunity.findMany({ where: options.includeInactive ? {} : { active: true }, orderBy: { id: 'asc' } });
}

/** Opens or closes an opportunity; closed ones are never matched. */
export async function setOpportunityActive(db: Db, id: string, active: boolean): Promise<SponsorshipOpportunity> {
  const { count } = await db.sponsorshipOpportunity.updateMany({ where: { id }, data: { active } });
  if (count === 0) throw notFound('sponsorship opportunity', id);
  return db.sponsorshipOpportunity.findUniqueOrThrow({ where: { id } });
}

export interface MatchCandidate {
  id: string;
  displayName: string;
  username: string;
  avatarUrl: string | null;
  country: string | null;
  languages: string[];
  tags: string[];
  socials: { platform: string; followers: number | null }[];
}

export interface SponsorshipMatch {
  score: number;
  score_breakdown: Record<keyof typeof MATCH_WEIGHTS, number>;
  reasons: string[];
  opportunity: OpportunityView;
  creator: { id: string; display_name: string; username: string; avatar_url: string | null; country: string | null; total_followers: number | null };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const number = (value: number) => value.toLocaleString('en-US');
const list = (values: string[]) => (values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`);

/** The score of one opportunity for one creator, or null when the creator is on none of its platforms. */
export function scoreMatch(opportunity: SponsorshipOpportunity, creator: MatchCandidate): Omit<SponsorshipMatch, 'opportunity' | 'creator'> | null {
  const reasons: string[] = [];
  const breakdown = { platforms: 0, audience: 0, tags: 0, country: 0, languages: 0 };
  const w = MATCH_WEIGHTS;

  const wanted = opportunity.platforms;
  const present = new Set(creator.socials.map((s) => s.platform));
  const covered = wanted.filter((p) => present.has(p));
  if (wanted.length > 0) {
    if (covered.length === 0) return null;
    breakdown.platforms = (w.platforms * covered.length) / wanted.length;
    reasons.push(`On ${list(covered)}${covered.length < wanted.length ? ` (${covered.length} of the ${wanted.length} platforms wanted)` : ''}.`);
  } else {
    breakdown.platforms = w.platforms / 2;
  }

  const relevant = creator.socials.filter((s) => wanted.length === 0 || wanted.includes(s.platform));
  const measured = relevant.filter((s) => s.followers !== null);
  const audience = measured.reduce((sum, s) => sum + (s.followers ?? 0), 0);
  const { minFollowers: min, maxFollowers: max } = opportunity;
  const where = wanted.length > 0 ? ` on ${list(covered)}` : '';
  if (min === null && max === null) {
    breakdown.audience = w.audience / 2;
  } else if (measured.length === 0) {
    reasons.push('Audience size not measured yet.');
  } else {
    const range = min !== null && max !== null ? `the ${number(min)}–${number(max)} range` : min !== null ? `the ${number(min)} minimum` : `the ${number(max!)} maximum`;
    const below = min !== null && audience < min;
    const above = max !== null && audience > max;
    if (!below && !above) {
      breakdown.audience = w.audience;
      reasons.push(`${number(audience)} followers${where}, within ${range}.`);
    } else {
      const bound = below ? min : max!;
      const ratio = Math.abs(Math.log10(Math.max(audience, 1) / Math.max(bound, 1)));
      breakdown.audience = w.audience * Math.max(0, 1 - ratio);
      reasons.push(`${number(audience)} followers${where}, ${below ? 'below' : 'above'} ${range}.`);
    }
  }

  if (opportunity.tags.length > 0) {
    const mine = new Set(creator.tags.map((t) => t.toLowerCase()));
    const shared = opportunity.tags.filter((t) => mine.has(t.toLowerCase()));
    breakdown.tags = (w.tags * shared.length) / opportunity.tags.length;
    if (shared.length > 0) reasons.push(`Shares ${shared.length === 1 ? 'the tag' : 'the tags'} ${list(shared)}.`);
  } else {
    breakdown.tags = w.tags / 2;
  }

  if (opportunity.countries.length === 0) {
    breakdown.country = w.country / 2;
  } else if (creator.country && opportunity.countries.includes(creator.country)) {
    breakdown.country = w.country;
    reasons.push(`Based in ${creator.country}, a target country.`);
  }

  if (opportunity.languages.length === 0) {
    breakdown.languages = w.languages / 2;
  } else {
    const spoken = opportunity.languages.filter((l) => creator.languages.includes(l));
    if (spoken.length > 0) {
      breakdown.languages = w.languages;
      reasons.push(`Creates in ${list(spoken)}.`);
    }
  }

  const total = Object.values(breakdown).reduce((sum, v) => sum + v, 0);
  return {
    score: round1(total),
    score_breakdown: {
      platforms: round1(breakdown.platforms),
      audience: round1(breakdown.audience),
      tags: round1(breakdown.tags),
      country: round1(breakdown.country),
      languages: round1(breakdown.languages),
    },
    reasons,
  };
}

/** The creator a creator key acts for, or an agency's roster creators. */
async function candidatesFor(db: Db, subject: { type: SubjectType; id: string }): Promise<MatchCandidate[]> {
  const rows = await db.creator.findMany({
    where: subject.type === 'creator' ? { id: subject.id } : { memberships: { some: { agencyId: subject.id } } },
    include: { socials: { select: { platform: true, followers: true } } },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => ({
    id: row.id,
    displayName: row.displayName,
    username: row.username,
    avatarUrl: row.avatarUrl,
    country: row.country,
    languages: row.languages,
    tags: row.tags,
    socials: row.socials,
  }));
}

export interface MatchesResult {
  matches: SponsorshipMatch[];
  creatorsConsidered: number;
  opportunitiesConsidered: number;
}

/**
 * A heap entry: the exact score of one pair (from scoreMatch) and what orders it. The whole match
 * object is only built for the pairs that end up in the answer.
 */
interface RankedPair {
  score: number;
  budget: number;
  opportunity: number;
  creator: number;
  result: Omit<SponsorshipMatch, 'opportunity' | 'creator'>;
}

/**
 * The best `limit` pairs of `opportunities` × `candidates`, in the documented order, without
 * materializing every pair:
 * - a bounded heap keeps the `limit` best seen so far (its root is the worst of them);
 * - per opportunity, every creator gets an upper bound of its score before being scored: creators
 *   sharing one of its tags (found through a tag index) one by one, with platforms (bit masks),
 *   country and tags exact; all others per country and platform mask, with tags 0. A creator, mask or
 *   country whose bound cannot reach the heap's worst score is skipped without scoring; once the
 *   heap holds strong matches, most opportunities cost a tag-index walk and a few comparisons.
 * Pairs that are scored use scoreMatch itself, so the answer equals scoring and sorting every pair.
 */
export function rankMatches(opportunities: SponsorshipOpportunity[], candidates: MatchCandidate[], limit: number): SponsorshipMatch[] {
  const w = MATCH_WEIGHTS;
  // Worse-than: the heap keeps the worst of the kept pairs at its root.
  const better = (a: RankedPair, b: RankedPair) =>
    a.score !== b.score
      ? a.score > b.score
      : a.budget !== b.budget
        ? a.budget > b.budget
        : a.opportunity !== b.opportunity
          ? opportunities[a.opportunity]!.id < opportunities[b.opportunity]!.id
          : candidates[a.creator]!.id < candidates[b.creator]!.id;
  const heap: RankedPair[] = [];
  const siftUp = (index: number) => {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!better(heap[parent]!, heap[index]!)) break;
      [heap[parent], heap[index]] = [heap[index]!, heap[parent]!];
      index = parent;
    }
  };
  const siftDown = (index: number) => {
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let worst = index;
      if (left < heap.length && better(heap[worst]!, heap[left]!)) worst = left;
      if (right < heap.length && better(heap[worst]!, heap[right]!)) worst = right;
      if (worst === index) return;
      [heap[worst], heap[index]] = [heap[index]!, heap[worst]!];
      index = worst;
    }
  };
  const offer = (pair: RankedPair) => {
    if (heap.length < limit) {
      heap.push(pair);
      siftUp(heap.length - 1);
    } else if (better(pair, heap[0]!)) {
      heap[0] = pair;
      siftDown(0);
    }
  };

  // What the bounds read, computed once: each creator's platforms as a bit mask, creators bucketed by
  // country and then by platform mask, and which creators carry each (lower-cased) tag.
  const platformBits = new Map<string, number>();
  const maskOf = (platforms: Iterable<string>) => {
    let mask = 0;
    for (const platform of platforms) {
      let bit = platformBits.get(platform);
      if (bit === undefined) platformBits.set(platform, (bit = platformBits.size));
      if (bit < 31) mask |= 1 << bit;
    }
    return mask;
  };
  const masks = candidates.map((creator) => maskOf(creator.socials.map((s) => s.platform)));
  const byCountry = new Map<string | null, Map<number, number[]>>();
  const byTag = new Map<string, number[]>();
  candidates.forEach((creator, index) => {
    let byMask = byCountry.get(creator.country);
    if (!byMask) byCountry.set(creator.country, (byMask = new Map<number, number[]>()));
    const members = byMask.get(masks[index]!);
    if (members) members.push(index);
    else byMask.set(masks[index]!, [index]);
    for (const tag of new Set(creator.tags.map((t) => t.toLowerCase()))) {
      const holders = byTag.get(tag);
      if (holders) holders.push(index);
      else byTag.set(tag, [index]);
    }
  });
  // Past 31 distinct platforms masks cannot tell them apart: then no bound uses platforms (still exact answers).
  const masksExact = platformBits.size <= 31;
  const popcount = (x: number) => {
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  };
  const sharedTags = new Int32Array(candidates.length);
  // A pair can only enter when round1(its bound) reaches the heap's worst score (ties may still win).
  const cannotEnter = (bound: number) => heap.length === limit && round1(bound + 1e-9) < heap[0]!.score;
  const consider = (opportunity: SponsorshipOpportunity, o: number, c: number) => {
    const result = scoreMatch(opportunity, candidates[c]!);
    if (result && result.score > 0) offer({ score: result.score, budget: opportunity.budgetCents ?? -1, opportunity: o, creator: c, result });
  };

  // The best any creator could score on each opportunity (criteria it leaves open earn half). The most
  // promising go first, so the heap fills with strong matches early; an opportunity whose best cannot
  // reach the heap's worst costs nothing more.
  const ceilings = opportunities.map(
    (opportunity) =>
      (opportunity.platforms.length > 0 ? w.platforms : w.platforms / 2) +
      (opportunity.minFollowers === null && opportunity.maxFollowers === null ? w.audience / 2 : w.audience) +
      (opportunity.tags.length > 0 ? w.tags : w.tags / 2) +
      (opportunity.countries.length > 0 ? w.country : w.country / 2) +
      (opportunity.languages.length > 0 ? w.languages : w.languages / 2),
  );
  const order = opportunities.map((_, o) => o).sort((a, b) => ceilings[b]! - ceilings[a]!);

  for (const o of order) {
    if (cannotEnter(ceilings[o]!)) continue;
    const opportunity = opportunities[o]!;
    const wanted = opportunity.platforms;
    const wantedMask = maskOf(wanted);
    const exact = masksExact && new Set(wanted).size === wanted.length;
    // The platforms score of a mask; null = on none of the wanted platforms (not a match at all).
    const platformScore = (mask: number) => {
      if (wanted.length === 0) return w.platforms / 2;
      if (!exact) return w.platforms;
      const covered = popcount(mask & wantedMask);
      return covered === 0 ? null : (w.platforms * covered) / wanted.length;
    };
    const countries = new Set(opportunity.countries);
    const countryScore = (country: string | null) => (countries.size === 0 ? w.country / 2 : country !== null && countries.has(country) ? w.country : 0);
    const audienceMax = opportunity.minFollowers === null && opportunity.maxFollowers === null ? w.audience / 2 : w.audience;
    const languagesMax = opportunity.languages.length === 0 ? w.languages / 2 : w.languages;
    const tagCount = opportunity.tags.length;

    // Creators sharing at least one of its tags, one by one, tags exact (through the tag index).
    const touched: number[] = [];
    for (const tag of new Set(opportunity.tags.map((t) => t.toLowerCase()))) {
      for (const c of byTag.get(tag) ?? []) {
        if (sharedTags[c] === 0) touched.push(c);
        sharedTags[c] = (sharedTags[c] ?? 0) + 1;
      }
    }
    for (const c of touched) {
      const platforms = platformScore(masks[c]!);
      const tags = (w.tags * sharedTags[c]!) / tagCount;
      if (platforms !== null && !cannotEnter(platforms + audienceMax + tags + countryScore(candidates[c]!.country) + languagesMax)) consider(opportunity, o, c);
    }

    // Everyone else shares none of its tags (tags 0, or half when it names none): per bucket, then per mask.
    const rest = audienceMax + (tagCount === 0 ? w.tags / 2 : 0) + languagesMax;
    if (!cannotEnter(rest + w.platforms + w.country)) {
      for (const [country, byMask] of byCountry) {
        const countryPart = countryScore(country);
        if (cannotEnter(rest + w.platforms + countryPart)) continue;
        for (const [mask, members] of byMask) {
          const platforms = platformScore(mask);
          if (platforms === null || cannotEnter(rest + platforms + countryPart)) continue;
          for (const c of members) if (sharedTags[c] === 0) consider(opportunity, o, c);
        }
      }
    }
    for (const c of touched) sharedTags[c] = 0;
  }

  const ranked = heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  return ranked.map(({ opportunity: o, creator: c, result }) => {
    const creator = candidates[c]!;
    const measured = creator.socials.filter((s) => s.followers !== null);
    return {
      ...result,
      opportunity: opportunityView(opportunities[o]!),
      creator: {
        id: creator.id,
        display_name: creator.displayName,
        username: creator.username,
        avatar_url: creator.avatarUrl,
        country: creator.country,
        total_followers: measured.length > 0 ? measured.reduce((sum, s) => sum + (s.followers ?? 0), 0) : null,
      },
    };
  });
}

/** The best (opportunity, creator) pairs for a subject: every active opportunity against each candidate. */
export async function findSponsorshipMatches(db: Db, subject: { type: SubjectType; id: string }, limit: number): Promise<MatchesResult> {
  const [opportunities, candidates] = await Promise.all([listOpportunities(db), candidatesFor(db, subject)]);
  return {
    matches: rankMatches(opportunities, candidates, limit),
    creatorsConsidered: candidates.length,
    opportunitiesConsidered: opportunities.length,
  };
}
