const PLATFORM_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  x: 'X',
  twitter: 'X',
  twitch: 'Twitch',
  snapchat: 'Snapchat',
  threads: 'Threads',
};

export function platformLabel(platform: string): string {
  return PLATFORM_LABELS[platform] ?? platform.charAt(0).toUpperCase() + platform.slice(1);
}

/** 1.2K, 34K, 1.5M: how audience sizes are usually shown. */
export function compact(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

export function whole(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

export function percent(ratio: number): string {
  return new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

/** Up to 160 characters, cut at a word: for meta descriptions. */
export function summary(text: string | null | undefined, fallback: string): string {
  const value = (text ?? '').replace(/\s+/g, ' ').trim() || fallback;
  if (value.length <= 160) return value;
  return `${value.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });
const LANGUAGES = new Intl.DisplayNames(['en'], { type: 'language' });

/** "JP" → "Japan"; the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return REGIONS.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "pt" → "Portuguese". */
export function languageName(code: string): string {
  try {
    return LANGUAGES.of(code.toLowerCase()) ?? code;
  } catch {
    return code;
  }
}

/** $1,200 / €950 / ¥50,000: a price in its own currency, no decimals unless it has cents. */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
  } catch {
    return `${whole(amount)} ${currency}`;
  }
}

/** "as of 3 Nov 2026" for an audience figure's day (stored at UTC midnight: shown as that UTC day). */
export function asOf(iso: string | null): string | null {
  if (!iso) return null;
  return `as of ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso))}`;
}
