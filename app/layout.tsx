import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';
// The account pages' components (buttons, forms, alerts) also serve the header, home and error pages.
import './(account)/account.css';

export const metadata: Metadata = {
  title: { default: 'creator-api', template: '%s · creator-api' },
  description:
    'Server-to-server JSON API for creators and talent agencies: rosters, media kits, link in bio, pitch decks, campaigns and analytics.',
};

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
