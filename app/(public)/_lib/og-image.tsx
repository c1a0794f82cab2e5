import { createHash } from 'node:crypto';
import { ImageResponse } from 'next/og';
import { getApp } from '@/server/app-singleton';
import { SAFE_FETCH_DEFAULTS, safeFetchBytes } from '@/server/lib/safe-fetch';
import { contrast } from './theme';

/**
 * Link-preview images (Open Graph / Twitter, 1200×630 PNG) for the share pages, drawn with next/og.
 * A picture is fetched through the SSRF-safe fetcher (public https addresses only, 2 MB, 3 s) and
 * inlined; when it cannot be had, the initials stand in. Only the bundled font is used (offline).
 */
export const OG_SIZE = { width: 1200, height: 630 };
export const OG_CONTENT_TYPE = 'image/png';

const PICTURE_TYPES = ['image/png', 'image/jpeg'];

async function pictureDataUrl(url: string | null): Promise<string | null> {
  if (!url) return null;
  try {
    const { config } = (await getApp()).services;
    const { bytes, contentType } = await safeFetchBytes(url, {
      ...SAFE_FETCH_DEFAULTS,
      timeoutMs: 3_000,
      allowPrivateNetworks: config.fetchAllowPrivateNetworks,
      userAgent: `creator-api-preview/1.0 (+${config.publicBaseUrl})`,
      accept: PICTURE_TYPES,
    });
    const type = contentType?.split(';', 1)[0]?.trim().toLowerCase();
    if (!type || !PICTURE_TYPES.includes(type)) return null;
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch {
    return null;
  }
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

export interface OgCard {
  /** Small line above the title: the kind of page, or the agency. */
  eyebrow: string;
  title: string;
  subtitle?: string | null;
  /** Up to three headline figures. */
  figures?: { label: string; value: string }[];
  pictureUrl?: string | null;
  /** Initials come from this when there is no picture; null: no picture circle at all. */
  pictureName?: string | null;
  theme: 'light' | 'dark';
  accentColor?: string | null;
  backgroundColor?: string | null;
  /** Shown bottom right, e.g. "localhost:3000/l/cleo". */
  address: string;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * Rendered PNGs by card, most recently used last. Drawing a card (and fetching its picture) costs
 * far more than any page hit, and link-preview crawlers and anyone else can ask for it as often as
 * they like; the key is the card's whole content, so an edit to the page makes a new entry and the
 * stale one ages out. Bounded by count (a card is ~30–120 KB).
 */
const RENDERED = new Map<string, Uint8Array>();
const MAX_RENDERED = 200;

/** The card as a PNG response, drawn once per distinct card and then served from memory (`X-Og-Cache: hit`). */
export async function ogImage(card: OgCard): Promise<Response> {
  const key = createHash('sha256').update(JSON.stringify(card)).digest('base64url');
  const stored = RENDERED.get(key);
  const png = stored ?? new Uint8Array(await (await drawCard(card)).arrayBuffer());
  // Re-inserted so the Map's order is least recently used first.
  RENDERED.delete(key);
  RENDERED.set(key, png);
  if (RENDERED.size > MAX_RENDERED) RENDERED.delete(RENDERED.keys().next().value!);
  return new Response(png.slice(), {
    headers: {
      'Content-Type': OG_CONTENT_TYPE,
      // Crawlers and CDNs may keep it a few minutes; an edit shows after that.
      'Cache-Control': 'public, max-age=300',
      'X-Og-Cache': stored ? 'hit' : 'miss',
    },
  });
}

async function drawCard(card: OgCard): Promise<ImageResponse> {
  const dark = card.theme === 'dark';
  const background = card.backgroundColor && /^#[0-9a-f]{6}$/i.test(card.backgroundColor) ? card.backgroundColor : dark ? '#0b0b0f' : '#ffffff';
  const foreground = contrast('#111827', background) >= contrast('#ffffff', background) ? '#111827' : '#ffffff';
  const muted = foreground === '#ffffff' ? 'rgba(255,255,255,0.72)' : 'rgba(17,24,39,0.66)';
  const accent = card.accentColor && /^#[0-9a-f]{6}$/i.test(card.accentColor) ? card.accentColor : dark ? '#8ab4ff' : '#6d28d9';
  const onAccent = contrast('#111827', accent) >= contrast('#ffffff', accent) ? '#111827' : '#ffffff';
  const picture = card.pictureName !== null && card.pictureName !== undefined ? await pictureDataUrl(card.pictureUrl ?? null) : null;
  const figures = (card.figures ?? []).slice(0, 3);
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', background, color: foreground, fontFamily: 'Geist, sans-serif' }}>
        <div style={{ display: 'flex', height: 18, width: '100%', background: accent }} />
        <div style={{ display: 'flex', flex: 1, alignItems: 'center', padding: '0 80px', gap: 56 }}>
          {card.pictureName !== null && card.pictureName !== undefined ? (
            picture ? (
              <img src={picture} width={260} height={260} style={{ borderRadius: 130, objectFit: 'cover', border: `8px solid ${accent}` }} alt="" />
            ) : (
              <div
                style={{ display: 'flex', width: 260, height: 260, borderRadius: 130, background: accent, color: onAccent, alignItems: 'center', justifyContent: 'center', fontSize: 104 }}
              >
                {initials(card.pictureName)}
              </div>
            )
          ) : null}
          <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
            <div style={{ display: 'flex', fontSize: 30, color: muted, marginBottom: 12 }}>{clip(card.eyebrow, 60)}</div>
            <div style={{ display: 'flex', fontSize: card.title.length > 28 ? 60 : 76, lineHeight: 1.08, letterSpacing: -1.5 }}>{clip(card.title, 70)}</div>
            {card.subtitle ? <div style={{ display: 'flex', fontSize: 34, color: muted, marginTop: 18, lineHeight: 1.3 }}>{clip(card.subtitle, 90)}</div> : null}
            {figures.length > 0 ? (
              <div style={{ display: 'flex', gap: 48, marginTop: 40 }}>
                {figures.map((f) => (
                  <div key={f.label} style={{ display: 'flex', flexDirection: 'column' }}>
                    <div style={{ display: 'flex', fontSize: 56, color: foreground }}>{f.value}</div>
                    <div style={{ display: 'flex', fontSize: 24, color: muted }}>{f.label}</div>
                  </div>
                ))}
              </div>
            ) : null}
          </div>
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '0 80px 44px', fontSize: 24, color: muted }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <div style={{ display: 'flex', width: 28, height: 28, borderRadius: 8, background: accent }} />
            creator-api
          </div>
          <div style={{ display: 'flex' }}>{clip(card.address, 60)}</div>
        </div>
      </div>
    ),
    { ...OG_SIZE },
  );
}

/** "localhost:3000/l/cleo" from the public base URL and a path. */
export async function addressOf(path: string): Promise<string> {
  const base = new URL((await getApp()).services.config.publicBaseUrl);
  return `${base.host}${path}`;
}
