import type { Db } from '../db/database';
import { newObjectId } from '../lib/object-id';
import { normalizeSocial, type NormalizedSocial, type SocialPlatformInput } from '../lib/social-identity';
import { createCampaign } from './campaigns';
import type { EventApp } from './webhook-events';
import { addCreatorToRoster } from './creators';
import { createDeck } from './decks';
import { createLinkInBioPage } from './link-in-bio';
import { insertPageViews } from './page-views';
import { type PageViewTarget } from './page-view-rules';
import { invalidateSharePages } from './share-page-invalidation';
import { createOpportunity, type OpportunityInput } from './sponsorships';

/**
 * Demo content for the first start (seedDemoIfEmpty): roster creators with measured socials, a deck,
 * a campaign with its public report on, the demo creator's profile and link-in-bio page, a month of
 * page views, and a sponsorship catalog, so every share page, GET /analytics/views and
 * GET /sponsorship-matches answer with real data at once.
 */

export const DEMO_OPPORTUNITIES: OpportunityInput[] = [
  { brand: 'Peak Protein', title: 'Spring protein bar launch', platforms: ['instagram', 'tiktok'], tags: ['fitness', 'nutrition'], minFollowers: 20_000, maxFollowers: 500_000, countries: ['US', 'CA'], languages: ['en'], budgetCents: 800_000 },
  { brand: 'Nomad Luggage', title: 'Carry-on review series', platforms: ['youtube', 'instagram'], tags: ['travel'], minFollowers: 50_000, countries: ['US', 'GB'], languages: ['en'], budgetCents: 1_500_000 },
  { brand: 'Pixel Forge', title: 'Indie game first look', platforms: ['youtube', 'twitch'], tags: ['gaming', 'tech'], minFollowers: 10_000, maxFollowers: 1_000_000, languages: ['en', 'es'], budgetCents: 600_000 },
  { brand: 'Cocina Viva', title: 'Weeknight recipes with our spices', platforms: ['tiktok', 'instagram'], tags: ['food', 'cooking'], maxFollowers: 200_000, countries: ['ES', 'MX', 'US'], languages: ['es'], budgetCents: 300_000 },
  { brand: 'Lumen Skin', title: 'Everyday skincare routine', platforms: ['instagram'], tags: ['beauty', 'skincare'], minFollowers: 5_000, maxFollowers: 100_000, budgetCents: 250_000, currency: 'EUR' },
];

function socials(list: [SocialPlatformInput, string][]): NormalizedSocial[] {
  return list.flatMap(([platform, handle]) => {
    const result = normalizeSocial(platform, handle);
    return result.ok ? [result.value] : [];
  });
}

async function setFollowers(db: Db, creatorId: string, followers: Partial<Record<string, number>>) {
  for (const [platform, count] of Object.entries(followers)) {
    await db.socialAccount.updateMany({
      where: { creatorId, platform },
      data: { followers: count, averageViews: Math.round((count ?? 0) * 0.12), engagementRate: 0.043, status: 'connected', metricsUpdatedAt: new Date() },
    });
  }
}

export async function seedDemoShowcase(app: EventApp, agencyId: string, creatorId: string): Promise<void> {
  const { db } = app;
  for (const opportunity of DEMO_OPPORTUNITIES) await createOpportunity(db, opportunity);

  const roster = [
    { display_name: 'Maya Reyes', country: 'US', languages: ['en', 'es'], tags: ['fitness', 'nutrition'], socials: [['instagram', '@maya.moves'], ['tiktok', '@mayamoves']] as [SocialPlatformInput, string][], followers: { instagram: 84_000, tiktok: 152_000 } },
    { display_name: 'Theo Park', country: 'GB', languages: ['en'], tags: ['travel', 'photography'], socials: [['youtube', '@theoparktravels'], ['instagram', '@theo.park']] as [SocialPlatformInput, string][], followers: { youtube: 310_000, instagram: 45_000 } },
    { display_name: 'Lucía Ortega', country: 'ES', languages: ['es'], tags: ['food', 'cooking'], socials: [['tiktok', '@luciacocina']] as [SocialPlatformInput, string][], followers: { tiktok: 96_000 } },
  ];
  const members: { creatorId: string; kitId: string }[] = [];
  for (const person of roster) {
    const { creator, mediaKit } = await addCreatorToRoster(app, {
      agencyId,
      source: 'api',
      input: { display_name: person.display_name, country: person.country, languages: person.languages, tags: person.tags, socials: socials(person.socials) },
    });
    await setFollowers(db, creator.id, person.followers);
    await db.mediaKit.update({ where: { id: mediaKit.id }, data: { headline: `${person.tags.join(' · ')} creator`, bio: `${person.display_name} creates ${person.tags.join(' and ')} content.` } });
    members.push({ creatorId: creator.id, kitId: mediaKit.id });
  }
  const deck = await createDeck(app, agencyId, {
    title: 'Demo roster: spring 2026',
    bio: 'Three creators for fitness, travel and food campaigns.',
    creator_ids: members.map((m) => m.creatorId),
    tags: ['fitness', 'travel', 'food'],
    contact_email: 'demo-agency@example.com',
  });
  const campaign = await createCampaign(app, { type: 'agency', id: agencyId }, { name: 'Peak Protein launch', description: 'Four weeks of launch content.', cpm: { instagram: 12, tiktok: 8 } });
  await db.campaign.update({ where: { id: campaign.id }, data: { publicReportEnabled: true } });
  const posts = [
    { creatorId: members[0]!.creatorId, platform: 'instagram', url: 'https://www.instagram.com/p/demo1', views: 42_000, impressions: 61_000, engagements: 3_900 },
    { creatorId: members[0]!.creatorId, platform: 'tiktok', url: 'https://www.tiktok.com/@mayamoves/video/1', views: 128_000, impressions: 140_000, engagements: 11_200 },
  ];
  for (const post of posts) await db.campaignContent.create({ data: { id: newObjectId(), campaignId: campaign.id, postedAt: new Date(), ...post } });
  await db.campaignParticipant.createMany({ data: members.slice(0, 2).map((m) => ({ campaignId: campaign.id, creatorId: m.creatorId })) });

  await db.creator.update({ where: { id: creatorId }, data: { country: 'US', languages: ['en'], tags: ['fitness', 'travel'], bio: 'Runner, hiker, occasional baker.' } });
  for (const [platform, handle, followers] of [['instagram', 'democreator', 64_000], ['youtube', '@democreator', 21_000]] as const) {
    const [social] = socials([[platform, handle]]);
    if (social) {
      await db.socialAccount.create({
        data: { id: newObjectId(), creatorId, platform: social.platform, identity: social.identity, username: social.username, profileUrl: social.profileUrl, followers, status: 'connected', metricsUpdatedAt: new Date() },
      });
    }
  }
  const page = await createLinkInBioPage(app, creatorId, {
    slug: 'demo-creator',
    username: 'democreator',
    bio: 'Trail runs, travel notes and the gear I actually use.',
    social_links: socials([['instagram', 'democreator'], ['youtube', '@democreator']]),
    blocks: [
      { client_id: 'demo-1', type: 'title', title: 'Latest' },
      { client_id: 'demo-2', type: 'link', title: 'My 30-day running plan', url: 'https://example.com/running-plan' },
      { client_id: 'demo-3', type: 'link', title: 'Gear I use', url: 'https://example.com/gear' },
      { client_id: 'demo-4', type: 'text', title: 'Brand work: demo-creator@example.com' },
    ],
  });

  // A month of views, about 6 a day per page, from a pool of returning visitors.
  const targets: PageViewTarget[] = [
    ...members.map((m) => ({ type: 'media_kit' as const, id: m.kitId, owner: { type: 'agency' as const, id: agencyId } })),
    { type: 'deck', id: deck.id, owner: { type: 'agency', id: agencyId } },
    { type: 'campaign', id: campaign.id, owner: { type: 'agency', id: agencyId } },
    { type: 'roster', id: agencyId, owner: { type: 'agency', id: agencyId } },
    { type: 'link_in_bio', id: page.id, owner: { type: 'creator', id: creatorId } },
  ];
  const now = Date.now();
  let state = 7;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const views = Array.from({ length: 240 }, (_, i) => ({ target: targets[i % targets.length]!, visitorHash: `demo-${Math.floor(next() * 40)}`, at: now - Math.floor(next() * 30 * 86_400_000) }));
  await insertPageViews(db, views);
  // The direct updates above (followers, kit copy, report switch, posts) change these pages.
  await invalidateSharePages(db, [`agency:${agencyId}`, `creator:${creatorId}`, `campaign:${campaign.id}`, ...members.flatMap((m) => [`creator:${m.creatorId}` as const, `media_kit:${m.kitId}` as const])]);
}
