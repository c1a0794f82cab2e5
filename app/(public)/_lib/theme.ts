import type { CSSProperties } from 'react';
import type { Design } from '@/server/services/public-pages';

/**
 * The page's colours from the resource's theme, background and accent, with text colours chosen for
 * contrast (WCAG relative luminance), so any accent or background an owner picks stays readable.
 */

const DEFAULTS = {
  light: { background: '#ffffff', accent: '#2563eb' },
  dark: { background: '#0b0b0f', accent: '#8ab4ff' },
} as const;

function channels(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function luminance(hex: string): number {
  const rgb = channels(hex);
  if (!rgb) return 1;
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Whichever of near-black and white reads better on `background`. */
function textOn(background: string): string {
  return contrast('#111827', background) >= contrast('#ffffff', background) ? '#111827' : '#ffffff';
}

export function themeStyle(design: Design): { style: CSSProperties; scheme: 'light' | 'dark' } {
  const base = DEFAULTS[design.theme];
  // The background colour is used when it suits the theme (a light colour for `light`, a dark one
  // for `dark`); one that contradicts it (a template's white kept after switching to dark) gives way.
  const chosen = design.backgroundColor && channels(design.backgroundColor) ? design.backgroundColor : null;
  const suits = chosen !== null && (textOn(chosen) === '#ffffff') === (design.theme === 'dark');
  const background = suits ? chosen : base.background;
  const foreground = textOn(background);
  const dark = foreground === '#ffffff';
  const accent = design.accentColor && channels(design.accentColor) ? design.accentColor : base.accent;
  // Links use the accent only where it reads as text (4.5:1); otherwise the body colour, underlined.
  const link = contrast(accent, background) >= 4.5 ? accent : foreground;
  const style = {
    '--share-bg': background,
    '--share-fg': foreground,
    '--share-muted': dark ? 'rgba(255, 255, 255, 0.74)' : 'rgba(17, 24, 39, 0.72)',
    '--share-surface': dark ? 'rgba(255, 255, 255, 0.07)' : 'rgba(17, 24, 39, 0.045)',
    '--share-border': dark ? 'rgba(255, 255, 255, 0.18)' : 'rgba(17, 24, 39, 0.14)',
    '--share-accent': accent,
    '--share-on-accent': textOn(accent),
    '--share-link': link,
  } as CSSProperties;
  return { style, scheme: dark ? 'dark' : 'light' };
}
