/**
 * Normalizes a creator's social account (`{ platform, handle_or_url }`) into a stable identity
 * so the same account entered as a handle, a mobile URL or a deep link is detected as a duplicate.
 * Messages never name the field: the caller prefixes the field path.
 */

export const SOCIAL_PLATFORMS = [
  'instagram',
  'tiktok',
  'youtube',
  'facebook',
  'linkedin',
  'twitter',
  'x',
  'twitch',
  'snapchat',
  'threads',
] as const;
export type SocialPlatformInput = (typeof SOCIAL_PLATFORMS)[number];
export type CanonicalPlatform = Exclude<SocialPlatformInput, 'twitter'>;

export interface NormalizedSocial {
  platform: CanonicalPlatform;
  /** `${platform}:${key}`, e.g. 'x:jack', 'youtube:channel:UCxxxx', 'youtube:handle:mkbhd', 'facebook:id:123'. */
  identity: string;
  /** Username without `@`; lowercased except where the platform is case-sensitive (YouTube channel ids). */
  username: string;
  /** Canonical https profile URL. */
  profileUrl: string;
}

export type NormalizeResult = { ok: true; value: NormalizedSocial } | { ok: false; message: string };

const MAX_INPUT_LENGTH = 300;

/** Twitter and X are one network: both map to `x` so twitter.com and x.com links collide. */
export function canonicalPlatform(p: SocialPlatformInput): CanonicalPlatform {
  return p === 'twitter' ? 'x' : p;
}

/** Platform-specific part of the result; `key` is what follows `${platform}:` in the identity. */
interface Profile {
  key: string;
  username: string;
  profileUrl: string;
}
type Step = { ok: true; value: Profile } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });
const NOT_A_PROFILE = 'is not a profile URL';

interface HandleRule {
  pattern: RegExp;
  message: string;
}

function rule(pattern: RegExp, label: string, shape: string): HandleRule {
  return { pattern, message: `is not a valid ${label} (${shape})` };
}

const RULES = {
  instagram: rule(/^[A-Za-z0-9._]{1,30}$/, 'Instagram username', '1-30 letters, digits, periods or underscores'),
  threads: rule(/^[A-Za-z0-9._]{1,30}$/, 'Threads username', '1-30 letters, digits, periods or underscores'),
  tiktok: rule(/^[A-Za-z0-9._]{2,24}$/, 'TikTok username', '2-24 letters, digits, periods or underscores'),
  youtubeHandle: rule(/^[A-Za-z0-9._-]{3,30}$/, 'YouTube handle', '3-30 letters, digits, periods, underscores or hyphens'),
  // Legacy /c/ and /user/ names predate handles and had looser, undocumented limits.
  youtubeLegacy: rule(/^[A-Za-z0-9._-]{1,100}$/, 'YouTube channel name', 'letters, digits, periods, underscores or hyphens'),
  x: rule(/^[A-Za-z0-9_]{1,15}$/, 'X username', '1-15 letters, digits or underscores'),
  twitch: rule(/^[A-Za-z0-9_]{3,25}$/, 'Twitch username', '3-25 letters, digits or underscores'),
  snapchat: rule(/^[A-Za-z][A-Za-z0-9._-]{2,14}$/, 'Snapchat username', '3-15 letters, digits, periods, underscores or hyphens, starting with a letter'),
  linkedin: rule(/^[A-Za-z0-9-]{3,100}$/, 'LinkedIn profile name', '3-100 letters, digits or hyphens'),
  facebook: rule(/^[A-Za-z0-9.]{4,50}$/, 'Facebook username', '4-50 letters, digits or periods'),
} satisfies Record<string, HandleRule>;

// Channel ids are the only case-sensitive identifiers here: 'UC' + 22 base64url characters.
const YOUTUBE_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const FACEBOOK_NUMERIC_ID = /^\d{1,20}$/;

/** Validates a case-insensitive name and returns its lowercased form, or the rule's message. */
function lowerValid(name: string, r: HandleRule): { ok: true; name: string } | { ok: false; message: string } {
  return r.pattern.test(name) ? { ok: true, name: name.toLowerCase() } : fail(r.message);
}

function profile(key: string, username: string, profileUrl: string): Step {
  return { ok: true, value: { key, username, profileUrl } };
}

interface PlatformSpec {
  /** Hosts after stripping one `www.`/`m.`/`mobile.` prefix. */
  hosts: readonly string[];
  matchHost?: (host: string) => boolean;
  /** Hosts of this platform that never point at a profile, with the reason. */
  nonProfileHosts?: Readonly<Record<string, string>>;
  fromHandle(handle: string, hadAt: boolean): Step;
  fromUrl(segments: string[], url: URL): Step;
}

// --- Instagram / Threads -------------------------------------------------------------------

const INSTAGRAM_POST_PATHS = new Set(['p', 'reel', 'reels', 'tv']);
const INSTAGRAM_RESERVED = new Set(['explore', 'stories', 'accounts', 'direct', 'about', 'legal', 'developer', 'web', 'challenge']);

function instagramProfile(name: string): Step {
  const v = lowerValid(name, RULES.instagram);
  return v.ok ? profile(v.name, v.name, `https://www.instagram.com/${v.name}/`) : v;
}

function threadsProfile(name: string): Step {
  const v = lowerValid(name, RULES.threads);
  return v.ok ? profile(v.name, v.name, `https://www.threads.net/@${v.name}`) : v;
}

// --- YouTube -------------------------------------------------------------------------------

const YOUTUBE_VIDEO_PATHS = new Set(['watch', 'shorts', 'live', 'embed', 'v']);
const YOUTUBE_VIDEO = 'is a video URL, not a channel';
const NOT_A_CHANNEL = 'is not a channel URL';

function youtubeHandle(name: string): Step {
  const v = lowerValid(name, RULES.youtubeHandle);
  return v.ok ? profile(`handle:${v.name}`, v.name, `https://www.youtube.com/@${v.name}`) : v;
}

function youtubeChannel(id: string): Step {
  if (!YOUTUBE_CHANNEL_ID.test(id)) return fail('is not a valid YouTube channel id (UC followed by 22 characters)');
  return profile(`channel:${id}`, id, `https://www.youtube.com/channel/${id}`);
}

function youtubeLegacy(kind: 'c' | 'user', name: string): Step {
  const v = lowerValid(name, RULES.youtubeLegacy);
  return v.ok ? profile(`${kind}:${v.name}`, v.name, `https://www.youtube.com/${kind}/${v.name}`) : v;
}

// --- X / Twitter ---------------------------------------------------------------------------

const X_RESERVED = new Set([
  'home', 'i', 'intent', 'share', 'search', 'hashtag', 'explore', 'notifications', 'messages',
  'settings', 'compose', 'login', 'logout', 'signup', 'tos', 'privacy',
]);

function xProfile(name: string): Step {
  const v = lowerValid(name, RULES.x);
  return v.ok ? profile(v.name, v.name, `https://x.com/${v.name}`) : v;
}

// --- Facebook ------------------------------------------------------------------------------

const FACEBOOK_REJECTED: Readonly<Record<string, string>> = {
  groups: 'is a group URL, not a profile',
  events: 'is an event URL, not a profile',
  watch: 'is a video URL, not a profile',
  reel: 'is a video URL, not a profile',
  reels: 'is a video URL, not a profile',
  videos: 'is a video URL, not a profile',
};
const FACEBOOK_RESERVED = new Set([
  'photo', 'photo.php', 'photos', 'story.php', 'permalink.php', 'posts', 'stories', 'share', 'sharer',
  'sharer.php', 'login', 'login.php', 'marketplace', 'gaming', 'hashtag', 'help', 'messages',
  'notifications', 'friends', 'settings', 'search', 'home.php', 'ads', 'business', 'privacy', 'policies',
]);

function facebookId(id: string): Step {
  return profile(`id:${id}`, id, `https://www.facebook.com/profile.php?id=${id}`);
}

function facebookName(name: string): Step {
  // Facebook usernames always contain a letter, so an all-digit value is a numeric profile id.
  if (FACEBOOK_NUMERIC_ID.test(name)) return facebookId(name);
  const v = lowerValid(name, RULES.facebook);
  return v.ok ? profile(v.name, v.name, `https://www.facebook.com/${v.name}`) : v;
}

// --- Others --------------------------------------------------------------------------------

const TWITCH_RESERVED = new Set([
  'directory', 'videos', 'settings', 'search', 'downloads', 'jobs', 'login', 'signup', 'subscriptions',
  'inventory', 'wallet', 'drops', 'p', 'turbo', 'prime',
]);

function tiktokProfile(name: string): Step {
  const v = lowerValid(name, RULES.tiktok);
  return v.ok ? profile(v.name, v.name, `https://www.tiktok.com/@${v.name}`) : v;
}

function twitchProfile(name: string): Step {
  const v = lowerValid(name, RULES.twitch);
  return v.ok ? profile(v.name, v.name, `https://www.twitch.tv/${v.name}`) : v;
}

function linkedinProfile(slug: string): Step {
  const v = lowerValid(slug, RULES.linkedin);
  return v.ok ? profile(v.name, v.name, `https://www.linkedin.com/in/${v.name}`) : v;
}

function snapchatProfile(name: string): Step {
  const v = lowerValid(name, RULES.snapchat);
  return v.ok ? profile(v.name, v.name, `https://www.snapchat.com/add/${v.name}`) : v;
}

const SHORT_LINK = 'is a short link; use the full profile URL';

const SPECS: Record<CanonicalPlatform, PlatformSpec> = {
  instagram: {
    hosts: ['instagram.com', 'instagr.am'],
    fromHandle: (h) => instagramProfile(h),
    fromUrl: ([first]) => {
      if (first === undefined) return fail(NOT_A_PROFILE);
      const lower = first.toLowerCase();
      if (INSTAGRAM_POST_PATHS.has(lower)) return fail('is a post URL, not a profile');
      if (INSTAGRAM_RESERVED.has(lower)) return fail(NOT_A_PROFILE);
      return instagramProfile(first);
    },
  },
  threads: {
    hosts: ['threads.net', 'threads.com'],
    fromHandle: (h) => threadsProfile(h),
    fromUrl: ([first]) => (first?.startsWith('@') ? threadsProfile(first.slice(1)) : fail(NOT_A_PROFILE)),
  },
  tiktok: {
    hosts: ['tiktok.com'],
    // Share links redirect through these; they can't be resolved offline.
    nonProfileHosts: { 'vm.tiktok.com': SHORT_LINK, 'vt.tiktok.com': SHORT_LINK },
    fromHandle: (h) => tiktokProfile(h),
    fromUrl: ([first]) => (first?.startsWith('@') ? tiktokProfile(first.slice(1)) : fail(NOT_A_PROFILE)),
  },
  youtube: {
    hosts: ['youtube.com'],
    nonProfileHosts: { 'youtu.be': YOUTUBE_VIDEO },
    // A bare channel id is unambiguous; '@' marks the value as a handle even if it looks like one.
    fromHandle: (h, hadAt) => (!hadAt && YOUTUBE_CHANNEL_ID.test(h) ? youtubeChannel(h) : youtubeHandle(h)),
    fromUrl: ([first, second]) => {
      if (first === undefined) return fail(NOT_A_CHANNEL);
      if (first.startsWith('@')) return youtubeHandle(first.slice(1));
      const lower = first.toLowerCase();
      if (YOUTUBE_VIDEO_PATHS.has(lower)) return fail(YOUTUBE_VIDEO);
      if (lower === 'playlist') return fail('is a playlist URL, not a channel');
      if (second === undefined) return fail(NOT_A_CHANNEL);
      if (lower === 'channel') return youtubeChannel(second);
      if (lower === 'c' || lower === 'user') return youtubeLegacy(lower, second);
      return fail(NOT_A_CHANNEL);
    },
  },
  x: {
    hosts: ['x.com', 'twitter.com'],
    nonProfileHosts: { 't.co': SHORT_LINK },
    fromHandle: (h) => xProfile(h),
    fromUrl: (segments, url) => {
      // Old links look like twitter.com/#!/jack: the path lives in the fragment.
      const segs = segments.length === 0 && url.hash.startsWith('#!/') ? splitPath(url.hash.slice(2)) : segments;
      const first = segs?.[0];
      if (first === undefined || X_RESERVED.has(first.toLowerCase())) return fail(NOT_A_PROFILE);
      return xProfile(first);
    },
  },
  twitch: {
    hosts: ['twitch.tv'],
    fromHandle: (h) => twitchProfile(h),
    fromUrl: ([first]) =>
      first === undefined || TWITCH_RESERVED.has(first.toLowerCase()) ? fail(NOT_A_PROFILE) : twitchProfile(first),
  },
  linkedin: {
    hosts: ['linkedin.com'],
    // Country mirrors such as uk.linkedin.com serve the same profiles.
    matchHost: (host) => /^[a-z]{2}\.linkedin\.com$/.test(host),
    fromHandle: (h) => linkedinProfile(h),
    fromUrl: ([first, second]) => {
      const lower = first?.toLowerCase();
      if (lower === 'company' || lower === 'school' || lower === 'showcase') {
        return fail(`is a ${lower === 'school' ? 'school' : 'company'} page; only personal profiles are supported`);
      }
      return lower === 'in' && second !== undefined ? linkedinProfile(second) : fail(NOT_A_PROFILE);
    },
  },
  facebook: {
    hosts: ['facebook.com', 'fb.com', 'web.facebook.com', 'mbasic.facebook.com'],
    fromHandle: (h) => facebookName(h),
    fromUrl: ([first, , third], url) => {
      if (first === undefined) return fail(NOT_A_PROFILE);
      const lower = first.toLowerCase();
      if (lower === 'profile.php') {
        const id = url.searchParams.get('id');
        return id !== null && FACEBOOK_NUMERIC_ID.test(id) ? facebookId(id) : fail(NOT_A_PROFILE);
      }
      // /people/<Name>/<id> and legacy /pages/<Name>/<id> carry the numeric id last.
      if (lower === 'people' || lower === 'pages') {
        return third !== undefined && FACEBOOK_NUMERIC_ID.test(third) ? facebookId(third) : fail(NOT_A_PROFILE);
      }
      const rejected = FACEBOOK_REJECTED[lower];
      if (rejected !== undefined) return fail(rejected);
      if (FACEBOOK_RESERVED.has(lower)) return fail(NOT_A_PROFILE);
      return facebookName(first);
    },
  },
  snapchat: {
    hosts: ['snapchat.com', 'story.snapchat.com'],
    fromHandle: (h) => snapchatProfile(h),
    fromUrl: ([first, second]) => {
      if (first?.startsWith('@')) return snapchatProfile(first.slice(1));
      return first?.toLowerCase() === 'add' && second !== undefined ? snapchatProfile(second) : fail(NOT_A_PROFILE);
    },
  },
};

// --- Input classification ------------------------------------------------------------------

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const HOST_PREFIX = /^(?:www|m|mobile)\./;

function stripHostPrefix(hostname: string): string {
  return hostname.replace(/\.$/, '').replace(HOST_PREFIX, '');
}

const ALL_HOSTS = new Set(Object.values(SPECS).flatMap((s) => [...s.hosts, ...Object.keys(s.nonProfileHosts ?? {})]));

/**
 * A value is a URL when it has a scheme, or starts with something dotted that is followed by a
 * path or is itself a known platform host. Bare dotted names like `khaby.lame` stay handles.
 */
function looksLikeUrl(value: string): boolean {
  if (SCHEME.test(value) || value.startsWith('//')) return true;
  const match = /^([^/?#]*)(.*)$/s.exec(value);
  const hostPart = match?.[1] ?? '';
  const rest = match?.[2] ?? '';
  if (!hostPart.includes('.')) return false;
  return rest !== '' || ALL_HOSTS.has(stripHostPrefix(hostPart.toLowerCase()));
}

/** Path segments, percent-decoded; null when the encoding is broken. */
function splitPath(path: string): string[] | null {
  try {
    return path.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

function hostBelongs(spec: PlatformSpec, host: string): boolean {
  return spec.hosts.includes(host) || (spec.matchHost?.(host) ?? false);
}

function fromUrl(platform: SocialPlatformInput, spec: PlatformSpec, value: string): Step {
  const withScheme = SCHEME.test(value) ? value : value.startsWith('//') ? `https:${value}` : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return fail('is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('must be an http or https URL');

  const host = stripHostPrefix(url.hostname);
  const nonProfile = spec.nonProfileHosts?.[host];
  if (nonProfile !== undefined) return fail(nonProfile);
  if (!hostBelongs(spec, host)) return fail(`is a URL on ${host || 'a non-web address'}, not a profile on ${platform}`);

  const segments = splitPath(url.pathname);
  if (segments === null) return fail('is not a valid URL');
  return spec.fromUrl(segments, url);
}

export function normalizeSocial(platform: SocialPlatformInput, handleOrUrl: string): NormalizeResult {
  // Runtime guard: callers may pass unvalidated JSON despite the type.
  if (!(SOCIAL_PLATFORMS as readonly string[]).includes(platform)) return fail('is not a supported platform');
  if (typeof handleOrUrl !== 'string') return fail('must be a string');

  const value = handleOrUrl.trim();
  if (value === '') return fail('must not be empty');
  if (value.length > MAX_INPUT_LENGTH) return fail(`must be at most ${MAX_INPUT_LENGTH} characters`);
  if (/\s/.test(value)) return fail('must not contain spaces');

  const canonical = canonicalPlatform(platform);
  const spec = SPECS[canonical];
  let step: Step;
  if (looksLikeUrl(value)) {
    step = fromUrl(platform, spec, value);
  } else {
    const hadAt = value.startsWith('@');
    step = spec.fromHandle(hadAt ? value.slice(1) : value, hadAt);
  }
  if (!step.ok) return step;

  const { key, username, profileUrl } = step.value;
  return { ok: true, value: { platform: canonical, identity: `${canonical}:${key}`, username, profileUrl } };
}
