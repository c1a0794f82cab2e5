/**
 * `npm run bench:sponsorships`: ranking sponsorship matches at scale, in process (pure CPU: no
 * database, no HTTP, so no load generator is involved).
 *
 * 10,000 roster creators × 1,000 active opportunities (10 million pairs), generated from a fixed
 * seed with a realistic spread of platforms, countries, languages, tags and audience sizes. Measures
 * `rankMatches` (bounded heap + per-group score bounds, what GET /sponsorship-matches runs) for the
 * default limit 5 and the maximum 20, against the baseline measured in the same run: scoring every
 * pair, keeping every match, sorting them all and slicing (what the endpoint did before). Checks both
 * give the same answer. Target: p50 ≤ 50 ms for the ranking.
 *
 * BENCH_SPONSORSHIP_ITERATIONS (30), BENCH_SPONSORSHIP_BASELINE_ITERATIONS (3).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { SponsorshipOpportunity } from '../src/generated/prisma/client';
import { canonicalPlatform, SOCIAL_PLATFORMS } from '../src/server/lib/social-identity';
import { opportunityView, rankMatches, scoreMatch, type MatchCandidate, type SponsorshipMatch } from '../src/server/services/sponsorships';
import { fmt } from './support';

const CREATORS = 10_000;
const OPPORTUNITIES = 1_000;
const iterations = Number(process.env.BENCH_SPONSORSHIP_ITERATIONS ?? 30);
const baselineIterations = Number(process.env.BENCH_SPONSORSHIP_BASELINE_ITERATIONS ?? 3);

// A small deterministic PRNG (mulberry32): the same data on every run.
let state = 0x5eed;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const some = <T>(values: readonly T[], max: number, min = 0): T[] => {
  const count = min + Math.floor(random() * (max - min + 1));
  return [...new Set(Array.from({ length: count }, () => pick(values)))];
};
const hexId = (n: number, prefix: string) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;

const PLATFORMS = [...new Set(SOCIAL_PLATFORMS.map((p) => canonicalPlatform(p)))];
// Weighted: most creators are on the big platforms.
const COMMON_PLATFORMS = [...PLATFORMS.slice(0, 3), ...PLATFORMS.slice(0, 3), ...PLATFORMS];
const COUNTRIES = ['US', 'GB', 'BR', 'DE', 'FR', 'IN', 'MX', 'ES', 'IT', 'CA', 'AU', 'JP', 'KR', 'NL', 'SE', 'PL', 'PT', 'AR', 'CO', 'NG'];
const LANGUAGES = ['en', 'pt', 'es', 'de', 'fr', 'hi', 'it', 'ja', 'ko', 'nl', 'sv', 'pl'];
const TAGS = Array.from({ length: 120 }, (_, i) => `topic-${i}`);

const candidates: MatchCandidate[] = Array.from({ length: CREATORS }, (_, i) => ({
  id: hexId(i, 'c'),
  displayName: `Creator ${i}`,
  username: `creator${i}`,
  avatarUrl: null,
  country: random() < 0.9 ? pick(COUNTRIES) : null,
  languages: some(LANGUAGES, 2, 1),
  tags: some(TAGS, 6, 1),
  socials: some(COMMON_PLATFORMS, 3, 1).map((platform) => ({
    platform,
    followers: random() < 0.8 ? Math.floor(10 ** (2 + random() * 5)) : null,
  })),
}));

const opportunities: SponsorshipOpportunity[] = Array.from({ length: OPPORTUNITIES }, (_, i) => {
  const min = random() < 0.7 ? Math.floor(10 ** (3 + random() * 3)) : null;
  return {
    id: hexId(i, 'a'),
    brand: `Brand ${i % 97}`,
    title: `Campaign ${i}`,
    platforms: some(COMMON_PLATFORMS, 3),
    tags: some(TAGS, 5),
    minFollowers: min,
    maxFollowers: min !== null && random() < 0.6 ? min * 20 : null,
    countries: some(COUNTRIES, 4),
    languages: some(LANGUAGES, 2),
    budgetCents: random() < 0.8 ? Math.floor(random() * 5_000_000) : null,
    currency: 'USD',
    active: true,
    createdAt: new Date(1_700_000_000_000 + i * 60_000),
  };
});

/**
 * The previous implementation: every pair scored and kept, all sorted, then sliced. On the full 10M
 * pairs it exhausts a 4 GB heap, so it runs on the first BASELINE_CREATORS creators (the same
 * opportunities), and rankMatches is checked against it and timed on that subset too.
 */
const BASELINE_CREATORS = 1_000;
function scoreAndSortEverything(creators: MatchCandidate[], limit: number): SponsorshipMatch[] {
  const scored: (SponsorshipMatch & { budget: number })[] = [];
  for (const opportunity of opportunities) {
    for (const creator of creators) {
      const result = scoreMatch(opportunity, creator);
      if (!result || result.score <= 0) continue;
      const measured = creator.socials.filter((s) => s.followers !== null);
      scored.push({
        ...result,
        budget: opportunity.budgetCents ?? -1,
        opportunity: opportunityView(opportunity),
        creator: {
          id: creator.id,
          display_name: creator.displayName,
          username: creator.username,
          avatar_url: creator.avatarUrl,
          country: creator.country,
          total_followers: measured.length > 0 ? measured.reduce((sum, s) => sum + (s.followers ?? 0), 0) : null,
        },
      });
    }
  }
  scored.sort(
    (a, b) => b.score - a.score || b.budget - a.budget || a.opportunity.id.localeCompare(b.opportunity.id) || a.creator.id.localeCompare(b.creator.id),
  );
  return scored.slice(0, limit).map(({ budget: _budget, ...match }) => match);
}

function measure(run: () => unknown, times: number): { p50: number; p90: number; min: number } {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor((samples.length - 1) * 0.5)]!, p90: samples[Math.floor((samples.length - 1) * 0.9)]!, min: samples[0]! };
}

const key = (matches: SponsorshipMatch[]) => JSON.stringify(matches.map((m) => [m.score, m.opportunity.id, m.creator.id, m.score_breakdown, m.reasons]));

console.log(`sponsorship ranking: ${fmt(CREATORS)} creators × ${fmt(OPPORTUNITIES)} opportunities = ${fmt(CREATORS * OPPORTUNITIES)} pairs`);
// CPU-bound figures scale with contention: say how busy the machine was.
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on a machine with ${(await import('node:os')).cpus().length} cores`);
const subset = candidates.slice(0, BASELINE_CREATORS);
for (const limit of [5, 20]) {
  const expected = scoreAndSortEverything(subset, limit);
  const actual = rankMatches(opportunities, subset, limit);
  if (key(expected) !== key(actual)) {
    console.error(`limit ${limit}: rankMatches disagrees with scoring every pair`);
    console.error(JSON.stringify({ expected: expected.map((m) => [m.score, m.opportunity.id, m.creator.id]), actual: actual.map((m) => [m.score, m.opportunity.id, m.creator.id]) }));
    process.exit(1);
  }
  rankMatches(opportunities, candidates, limit); // warm-up
  const full = measure(() => rankMatches(opportunities, candidates, limit), iterations);
  const small = measure(() => rankMatches(opportunities, subset, limit), iterations);
  const baseline = measure(() => scoreAndSortEverything(subset, limit), baselineIterations);
  console.log(
    `limit ${String(limit).padStart(2)}: rankMatches on 10M pairs p50 ${fmt(full.p50, 1)} ms (p90 ${fmt(full.p90, 1)}, ${iterations} runs); target p50 ≤ 50 ms: ${full.p50 <= 50 ? 'met' : 'MISSED'}\n` +
      `          on ${fmt(BASELINE_CREATORS * OPPORTUNITIES)} pairs: rankMatches p50 ${fmt(small.p50, 1)} ms vs score-and-sort-all (before) p50 ${fmt(baseline.p50, 0)} ms = ${fmt(baseline.p50 / small.p50, 0)}× faster, same answer`,
  );
}
