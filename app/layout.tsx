import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { loadConfig } from '@/server/config';
import './globals.css';
// The account pages' components (buttons, forms, alerts) also serve the header, home and error pages.
import './(account)/account.css';

export const SITE_NAME = 'creator-api';

/**
 * Site-wide metadata. metadataBase is PUBLIC_BASE_URL, so og:url, canonical links and the generated
 * preview images are absolute URLs on the address people share. Read from the environment, not
 * from the running app: pages prerendered by `next build` (the 404, the manifest) render this too,
 * and the build must not need a database.
 */
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(loadConfig().publicBaseUrl),
    title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
    description:
      'Server-to-server JSON API for creators and talent agencies: rosters, media kits, link in bio, pitch decks, campaigns and analytics.',
    applicationName: SITE_NAME,
    openGraph: { siteName: SITE_NAME, type: 'website' },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
