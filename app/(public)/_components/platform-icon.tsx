import { siFacebook, siInstagram, siSnapchat, siThreads, siTiktok, siTwitch, siX, siYoutube, type SimpleIcon } from 'simple-icons';

/**
 * Platform logos from simple-icons, inlined as SVG (no external assets). LinkedIn is not in
 * simple-icons (its brand rules), so it and unknown platforms get a neutral link glyph.
 */
const ICONS: Record<string, SimpleIcon> = {
  instagram: siInstagram,
  tiktok: siTiktok,
  youtube: siYoutube,
  x: siX,
  twitter: siX,
  facebook: siFacebook,
  twitch: siTwitch,
  snapchat: siSnapchat,
  threads: siThreads,
};

const LINK_PATH =
  'M10.6 13.4a1 1 0 0 1 0-1.4l3.4-3.4a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0zM8.5 20a4.5 4.5 0 0 1-3.2-7.7l2.1-2.1a1 1 0 1 1 1.4 1.4l-2.1 2.1a2.5 2.5 0 0 0 3.5 3.5l2.1-2.1a1 1 0 1 1 1.4 1.4l-2.1 2.1A4.5 4.5 0 0 1 8.5 20zm8-6.9a1 1 0 0 1-.7-1.7l2.1-2.1a2.5 2.5 0 0 0-3.5-3.5l-2.1 2.1a1 1 0 1 1-1.4-1.4L13 4.4a4.5 4.5 0 0 1 6.4 6.4l-2.1 2.1a1 1 0 0 1-.8.2z';

/** The platform's brand colour (for a tinted chip), or null. */
export function platformColor(platform: string): string | null {
  const icon = ICONS[platform];
  return icon ? `#${icon.hex}` : null;
}

/** Decorative: the platform's name is always next to it or in the link's accessible name. */
export function PlatformIcon({ platform, size = 20, className }: { platform: string; size?: number; className?: string }) {
  const icon = ICONS[platform];
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={icon ? icon.path : LINK_PATH} />
    </svg>
  );
}
