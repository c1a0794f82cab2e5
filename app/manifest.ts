import type { MetadataRoute } from 'next';

/** Web app manifest: name, colours and icons for "add to home screen". */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'creator-api',
    short_name: 'creator-api',
    description: 'Link-in-bio pages, media kits, pitch decks and campaign reports for creators and agencies, with an API.',
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: '#6d28d9',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/apple-icon', sizes: '180x180', type: 'image/png' },
    ],
  };
}
