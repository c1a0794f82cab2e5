import type { Metadata } from 'next';
import { publicBaseUrl } from './load';

/**
 * A share page's metadata: its own title and description, the canonical URL, and Open Graph /
 * Twitter tags with the site name (the preview image comes from the route's opengraph-image).
 */
export async function shareMetadata(options: {
  title: string;
  description: string;
  path: string;
  type?: 'website' | 'profile' | 'article';
  /** Link-in-bio pages and rosters are meant to be found; kits, decks and reports travel by link. */
  indexable?: boolean;
  /** False for test-mode data (issue 31): never indexed, whatever the page type. */
  livemode?: boolean;
}): Promise<Metadata> {
  const url = `${await publicBaseUrl()}${options.path}`;
  return {
    title: { absolute: options.title },
    description: options.description,
    alternates: { canonical: url },
    ...(options.indexable && options.livemode !== false ? {} : { robots: { index: false, follow: false } }),
    openGraph: { type: options.type ?? 'website', siteName: 'creator-api', title: options.title, description: options.description, url },
    twitter: { card: 'summary_large_image', title: options.title, description: options.description },
  };
}
