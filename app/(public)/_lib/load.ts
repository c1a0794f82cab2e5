import { cache } from 'react';
import { getApp } from '@/server/app-singleton';
import {
  getPublicCampaignReport,
  getPublicDeck,
  getPublicLinkInBio,
  getPublicMediaKit,
  getPublicRoster,
} from '@/server/services/public-pages';

/**
 * Per-request (React cache) loaders: generateMetadata and the page share one database read.
 * Slugs longer than any we issue are refused before touching the database.
 */
const fits = (slug: string) => slug.length > 0 && slug.length <= 128;

export const loadMediaKit = cache(async (slug: string) => (fits(slug) ? getPublicMediaKit((await getApp()).services.db, slug) : null));
export const loadLinkInBio = cache(async (slug: string) => (fits(slug) ? getPublicLinkInBio((await getApp()).services.db, slug) : null));
export const loadDeck = cache(async (slug: string) => (fits(slug) ? getPublicDeck((await getApp()).services.db, slug) : null));
export const loadRoster = cache(async (slug: string) => (fits(slug) ? getPublicRoster((await getApp()).services.db, slug) : null));
export const loadCampaignReport = cache(async (slug: string) => (fits(slug) ? getPublicCampaignReport((await getApp()).services.db, slug) : null));

export async function publicBaseUrl(): Promise<string> {
  return (await getApp()).services.config.publicBaseUrl;
}

let secret: Promise<string> | null = null;
/** The service's master secret (APP_SECRET or the embedded database's file) that signs deck unlock cookies. */
export function appSecret(): Promise<string> {
  secret ??= getApp().then((app) => app.secret);
  return secret;
}
