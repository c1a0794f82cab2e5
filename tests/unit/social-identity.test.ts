import { describe, expect, it } from 'vitest';
import {
  SOCIAL_PLATFORMS,
  canonicalPlatform,
  normalizeSocial,
  type SocialPlatformInput,
} from '../../src/server/lib/social-identity';

type Accept = [platform: SocialPlatformInput, input: string, identity: string, username: string, profileUrl: string];
type Reject = [platform: SocialPlatformInput, input: string, message: string | RegExp];

const CHANNEL_ID = 'UCBJycsmduvYEL83R_U4JriQ';

const accepted: Accept[] = [
  // Instagram
  ['instagram', 'natgeo', 'instagram:natgeo', 'natgeo', 'https://www.instagram.com/natgeo/'],
  ['instagram', '@NatGeo', 'instagram:natgeo', 'natgeo', 'https://www.instagram.com/natgeo/'],
  ['instagram', '  @natgeo  ', 'instagram:natgeo', 'natgeo', 'https://www.instagram.com/natgeo/'],
  ['instagram', 'https://www.instagram.com/natgeo/', 'instagram:natgeo', 'natgeo', 'https://www.instagram.com/natgeo/'],
  ['instagram', 'instagram.com/natgeo', 'instagram:natgeo', 'natgeo', 'https://www.instagram.com/natgeo/'],
  ['instagram', 'http://m.instagram.com/natgeo?hl=en', 'instagram:natgeo', 'natgeo', 'https://www.instagram.com/natgeo/'],
  ['instagram', 'https://www.instagram.com/natgeo/reels/', 'instagram:natgeo', 'natgeo', 'https://www.instagram.com/natgeo/'],
  ['instagram', 'https://instagram.com/natgeo?igsh=MWQ1ZGUxMzBkMA==#top', 'instagram:natgeo', 'natgeo', 'https://www.instagram.com/natgeo/'],
  ['instagram', 'leo.messi', 'instagram:leo.messi', 'leo.messi', 'https://www.instagram.com/leo.messi/'],
  ['instagram', 'instagram.com/_the_rock_', 'instagram:_the_rock_', '_the_rock_', 'https://www.instagram.com/_the_rock_/'],
  // TikTok
  ['tiktok', 'khaby.lame', 'tiktok:khaby.lame', 'khaby.lame', 'https://www.tiktok.com/@khaby.lame'],
  ['tiktok', '@Khaby.Lame', 'tiktok:khaby.lame', 'khaby.lame', 'https://www.tiktok.com/@khaby.lame'],
  ['tiktok', 'https://www.tiktok.com/@khaby.lame', 'tiktok:khaby.lame', 'khaby.lame', 'https://www.tiktok.com/@khaby.lame'],
  ['tiktok', 'tiktok.com/@khaby.lame?lang=en', 'tiktok:khaby.lame', 'khaby.lame', 'https://www.tiktok.com/@khaby.lame'],
  ['tiktok', 'https://www.tiktok.com/@khaby.lame/video/7242735153548029211', 'tiktok:khaby.lame', 'khaby.lame', 'https://www.tiktok.com/@khaby.lame'],
  ['tiktok', 'https://m.tiktok.com/@charlidamelio/', 'tiktok:charlidamelio', 'charlidamelio', 'https://www.tiktok.com/@charlidamelio'],
  // YouTube
  ['youtube', '@mkbhd', 'youtube:handle:mkbhd', 'mkbhd', 'https://www.youtube.com/@mkbhd'],
  ['youtube', 'MKBHD', 'youtube:handle:mkbhd', 'mkbhd', 'https://www.youtube.com/@mkbhd'],
  ['youtube', 'https://www.youtube.com/@MKBHD', 'youtube:handle:mkbhd', 'mkbhd', 'https://www.youtube.com/@mkbhd'],
  ['youtube', 'youtube.com/@mkbhd/videos', 'youtube:handle:mkbhd', 'mkbhd', 'https://www.youtube.com/@mkbhd'],
  ['youtube', 'https://m.youtube.com/@mr-beast.6000', 'youtube:handle:mr-beast.6000', 'mr-beast.6000', 'https://www.youtube.com/@mr-beast.6000'],
  ['youtube', `https://www.youtube.com/channel/${CHANNEL_ID}`, `youtube:channel:${CHANNEL_ID}`, CHANNEL_ID, `https://www.youtube.com/channel/${CHANNEL_ID}`],
  ['youtube', `youtube.com/channel/${CHANNEL_ID}/featured?view_as=subscriber`, `youtube:channel:${CHANNEL_ID}`, CHANNEL_ID, `https://www.youtube.com/channel/${CHANNEL_ID}`],
  ['youtube', CHANNEL_ID, `youtube:channel:${CHANNEL_ID}`, CHANNEL_ID, `https://www.youtube.com/channel/${CHANNEL_ID}`],
  ['youtube', 'https://www.youtube.com/c/LinusTechTips', 'youtube:c:linustechtips', 'linustechtips', 'https://www.youtube.com/c/linustechtips'],
  ['youtube', 'https://www.youtube.com/user/PewDiePie/videos', 'youtube:user:pewdiepie', 'pewdiepie', 'https://www.youtube.com/user/pewdiepie'],
  // X / Twitter
  ['x', 'jack', 'x:jack', 'jack', 'https://x.com/jack'],
  ['x', 'https://x.com/jack', 'x:jack', 'jack', 'https://x.com/jack'],
  ['x', 'https://twitter.com/jack/status/20', 'x:jack', 'jack', 'https://x.com/jack'],
  ['twitter', 'https://mobile.twitter.com/Jack', 'x:jack', 'jack', 'https://x.com/jack'],
  ['twitter', 'twitter.com/elonmusk?ref_src=twsrc%5Egoogle', 'x:elonmusk', 'elonmusk', 'https://x.com/elonmusk'],
  ['x', 'www.x.com/NASA/', 'x:nasa', 'nasa', 'https://x.com/nasa'],
  ['twitter', 'http://twitter.com/#!/jack', 'x:jack', 'jack', 'https://x.com/jack'],
  ['x', '@Some_User_123', 'x:some_user_123', 'some_user_123', 'https://x.com/some_user_123'],
  // Twitch
  ['twitch', 'ninja', 'twitch:ninja', 'ninja', 'https://www.twitch.tv/ninja'],
  ['twitch', 'twitch.tv/xQc', 'twitch:xqc', 'xqc', 'https://www.twitch.tv/xqc'],
  ['twitch', 'https://www.twitch.tv/Ninja', 'twitch:ninja', 'ninja', 'https://www.twitch.tv/ninja'],
  ['twitch', 'twitch.tv/shroud/videos?filter=archives', 'twitch:shroud', 'shroud', 'https://www.twitch.tv/shroud'],
  ['twitch', 'https://m.twitch.tv/pokimane', 'twitch:pokimane', 'pokimane', 'https://www.twitch.tv/pokimane'],
  // Threads
  ['threads', '@zuck', 'threads:zuck', 'zuck', 'https://www.threads.net/@zuck'],
  ['threads', 'https://www.threads.net/@Zuck', 'threads:zuck', 'zuck', 'https://www.threads.net/@zuck'],
  ['threads', 'https://www.threads.com/@zuck/post/C8xyz', 'threads:zuck', 'zuck', 'https://www.threads.net/@zuck'],
  ['threads', 'threads.net/@natgeo', 'threads:natgeo', 'natgeo', 'https://www.threads.net/@natgeo'],
  // LinkedIn
  ['linkedin', 'satyanadella', 'linkedin:satyanadella', 'satyanadella', 'https://www.linkedin.com/in/satyanadella'],
  ['linkedin', 'https://www.linkedin.com/in/satyanadella/', 'linkedin:satyanadella', 'satyanadella', 'https://www.linkedin.com/in/satyanadella'],
  ['linkedin', 'linkedin.com/in/Jeff-Weiner-08b306', 'linkedin:jeff-weiner-08b306', 'jeff-weiner-08b306', 'https://www.linkedin.com/in/jeff-weiner-08b306'],
  ['linkedin', 'https://uk.linkedin.com/in/satyanadella?trk=public_profile', 'linkedin:satyanadella', 'satyanadella', 'https://www.linkedin.com/in/satyanadella'],
  // Facebook
  ['facebook', 'natgeo', 'facebook:natgeo', 'natgeo', 'https://www.facebook.com/natgeo'],
  ['facebook', 'https://www.facebook.com/zuck', 'facebook:zuck', 'zuck', 'https://www.facebook.com/zuck'],
  ['facebook', 'https://www.facebook.com/NatGeo/', 'facebook:natgeo', 'natgeo', 'https://www.facebook.com/natgeo'],
  ['facebook', 'https://m.facebook.com/natgeo/posts/123456', 'facebook:natgeo', 'natgeo', 'https://www.facebook.com/natgeo'],
  ['facebook', 'https://www.facebook.com/profile.php?id=100004123456789', 'facebook:id:100004123456789', '100004123456789', 'https://www.facebook.com/profile.php?id=100004123456789'],
  ['facebook', '100004123456789', 'facebook:id:100004123456789', '100004123456789', 'https://www.facebook.com/profile.php?id=100004123456789'],
  ['facebook', 'https://www.facebook.com/people/Jane-Doe/100004123456789/', 'facebook:id:100004123456789', '100004123456789', 'https://www.facebook.com/profile.php?id=100004123456789'],
  ['facebook', 'fb.com/Cristiano', 'facebook:cristiano', 'cristiano', 'https://www.facebook.com/cristiano'],
  // Snapchat
  ['snapchat', 'djkhaled305', 'snapchat:djkhaled305', 'djkhaled305', 'https://www.snapchat.com/add/djkhaled305'],
  ['snapchat', '@Kylie_Jenner', 'snapchat:kylie_jenner', 'kylie_jenner', 'https://www.snapchat.com/add/kylie_jenner'],
  ['snapchat', 'https://www.snapchat.com/add/djkhaled305?share_id=abc', 'snapchat:djkhaled305', 'djkhaled305', 'https://www.snapchat.com/add/djkhaled305'],
  ['snapchat', 'snapchat.com/@djkhaled305', 'snapchat:djkhaled305', 'djkhaled305', 'https://www.snapchat.com/add/djkhaled305'],
  ['snapchat', 'https://story.snapchat.com/@djkhaled305', 'snapchat:djkhaled305', 'djkhaled305', 'https://www.snapchat.com/add/djkhaled305'],
];

const rejected: Reject[] = [
  // Empty / length / whitespace
  ['instagram', '', 'must not be empty'],
  ['instagram', '   ', 'must not be empty'],
  ['tiktok', 'a'.repeat(301), 'must be at most 300 characters'],
  ['instagram', 'nat geo', 'must not contain spaces'],
  ['x', '@', /not a valid X username/],
  // Bad characters and lengths
  ['instagram', 'a'.repeat(31), /not a valid Instagram username/],
  ['instagram', 'nat-geo', /not a valid Instagram username/],
  ['tiktok', 'a', /not a valid TikTok username/],
  ['x', 'jack.dorsey', /not a valid X username/],
  ['twitter', 'abcdefghijklmnop', /not a valid X username/],
  ['twitch', 'ab', /not a valid Twitch username/],
  ['twitch', 'twitch.tv/nin-ja', /not a valid Twitch username/],
  ['youtube', '@ab', /not a valid YouTube handle/],
  ['youtube', 'https://www.youtube.com/channel/UCnotarealid', /not a valid YouTube channel id/],
  ['snapchat', '1djkhaled', /not a valid Snapchat username/],
  ['snapchat', 'a'.repeat(16), /not a valid Snapchat username/],
  ['facebook', 'abc', /not a valid Facebook username/],
  ['facebook', 'nat_geo', /not a valid Facebook username/],
  ['linkedin', 'linkedin.com/in/ab', /not a valid LinkedIn profile name/],
  ['threads', 'zuck!', /not a valid Threads username/],
  ['tiktok', '@@khaby', /not a valid TikTok username/],
  // Wrong host
  ['instagram', 'https://www.tiktok.com/@khaby.lame', 'is a URL on tiktok.com, not a profile on instagram'],
  ['tiktok', 'instagram.com/natgeo', 'is a URL on instagram.com, not a profile on tiktok'],
  ['twitter', 'https://www.threads.net/@zuck', 'is a URL on threads.net, not a profile on twitter'],
  ['youtube', 'https://linktr.ee/mkbhd', 'is a URL on linktr.ee, not a profile on youtube'],
  ['facebook', 'https://help.instagram.com/natgeo', 'is a URL on help.instagram.com, not a profile on facebook'],
  ['instagram', 'x.com', 'is a URL on x.com, not a profile on instagram'],
  ['instagram', 'ftp://instagram.com/natgeo', 'must be an http or https URL'],
  // Reserved paths, videos, posts, non-profile pages
  ['instagram', 'https://www.instagram.com/p/CxYz123/', 'is a post URL, not a profile'],
  ['instagram', 'https://www.instagram.com/reel/CxYz123/', 'is a post URL, not a profile'],
  ['instagram', 'https://www.instagram.com/explore/tags/travel/', 'is not a profile URL'],
  ['instagram', 'https://www.instagram.com/stories/natgeo/3141592653/', 'is not a profile URL'],
  ['instagram', 'https://www.instagram.com/accounts/login/', 'is not a profile URL'],
  ['instagram', 'instagram.com', 'is not a profile URL'],
  ['tiktok', 'https://vm.tiktok.com/ZMabc123/', 'is a short link; use the full profile URL'],
  ['tiktok', 'https://www.tiktok.com/khaby.lame', 'is not a profile URL'],
  ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'is a video URL, not a channel'],
  ['youtube', 'https://youtu.be/dQw4w9WgXcQ', 'is a video URL, not a channel'],
  ['youtube', 'https://www.youtube.com/shorts/abc123', 'is a video URL, not a channel'],
  ['youtube', 'https://www.youtube.com/playlist?list=PL123', 'is a playlist URL, not a channel'],
  ['youtube', 'https://www.youtube.com/feed/trending', 'is not a channel URL'],
  ['x', 'https://x.com/home', 'is not a profile URL'],
  ['x', 'https://twitter.com/i/lists/123', 'is not a profile URL'],
  ['twitter', 'https://twitter.com/intent/tweet?text=hi', 'is not a profile URL'],
  ['x', 'https://x.com/search?q=jack', 'is not a profile URL'],
  ['x', 'https://twitter.com/hashtag/nba', 'is not a profile URL'],
  ['x', 'https://x.com/share?url=foo', 'is not a profile URL'],
  ['twitch', 'https://www.twitch.tv/directory/game/Fortnite', 'is not a profile URL'],
  ['threads', 'https://www.threads.net/zuck', 'is not a profile URL'],
  ['linkedin', 'https://www.linkedin.com/company/microsoft/', 'is a company page; only personal profiles are supported'],
  ['linkedin', 'https://www.linkedin.com/feed/', 'is not a profile URL'],
  ['facebook', 'https://www.facebook.com/groups/123456789/', 'is a group URL, not a profile'],
  ['facebook', 'https://www.facebook.com/events/987654321/', 'is an event URL, not a profile'],
  ['facebook', 'https://www.facebook.com/watch/?v=123', 'is a video URL, not a profile'],
  ['facebook', 'https://www.facebook.com/profile.php', 'is not a profile URL'],
  ['facebook', 'https://www.facebook.com/sharer/sharer.php?u=x', 'is not a profile URL'],
  ['snapchat', 'https://www.snapchat.com/discover/foo', 'is not a profile URL'],
  ['instagram', 'https://instagram.com/%E0%A4%A', 'is not a valid URL'],
];

describe('normalizeSocial: accepted inputs', () => {
  it.each(accepted)('%s %j -> %s', (platform, input, identity, username, profileUrl) => {
    const result = normalizeSocial(platform, input);
    expect(result).toEqual({
      ok: true,
      value: { platform: canonicalPlatform(platform), identity, username, profileUrl },
    });
  });
});

describe('normalizeSocial: rejected inputs', () => {
  it.each(rejected)('%s %j', (platform, input, message) => {
    const result = normalizeSocial(platform, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    if (typeof message === 'string') expect(result.message).toBe(message);
    else expect(result.message).toMatch(message);
  });
});

describe('normalizeSocial: identity rules', () => {
  it('treats twitter and x as one identity regardless of host, platform or case', () => {
    const inputs: [SocialPlatformInput, string][] = [
      ['twitter', 'https://twitter.com/Jack'],
      ['x', 'https://x.com/jack'],
      ['twitter', '@JACK'],
      ['x', 'twitter.com/jack/status/20'],
    ];
    for (const [platform, input] of inputs) {
      const result = normalizeSocial(platform, input);
      expect(result.ok && result.value.identity).toBe('x:jack');
      expect(result.ok && result.value.platform).toBe('x');
    }
  });

  it('preserves the case of YouTube channel ids in identity and URL', () => {
    const lowered = CHANNEL_ID.toLowerCase().replace(/^uc/, 'UC');
    const a = normalizeSocial('youtube', `https://www.youtube.com/channel/${CHANNEL_ID}`);
    const b = normalizeSocial('youtube', `https://www.youtube.com/channel/${lowered}`);
    expect(a.ok && a.value.identity).toBe(`youtube:channel:${CHANNEL_ID}`);
    expect(a.ok && a.value.profileUrl).toBe(`https://www.youtube.com/channel/${CHANNEL_ID}`);
    expect(b.ok && b.value.identity).toBe(`youtube:channel:${lowered}`);
    expect(a.ok && b.ok && a.value.identity !== b.value.identity).toBe(true);
  });

  it('treats an @-prefixed value shaped like a channel id as a handle', () => {
    // Both readings are valid (handles allow 24 chars), so the '@' decides.
    const result = normalizeSocial('youtube', `@${CHANNEL_ID}`);
    expect(result.ok && result.value.identity).toBe(`youtube:handle:${CHANNEL_ID.toLowerCase()}`);
  });

  it('gives the same identity for a handle and every URL shape of one account', () => {
    const shapes = ['natgeo', '@NatGeo', 'instagram.com/natgeo', 'https://www.instagram.com/NatGeo/reels/?hl=en'];
    const identities = new Set(shapes.map((s) => {
      const r = normalizeSocial('instagram', s);
      return r.ok ? r.value.identity : r.message;
    }));
    expect([...identities]).toEqual(['instagram:natgeo']);
  });

  it('accepts exactly 300 characters of input before the length check', () => {
    const long = `https://www.instagram.com/natgeo/?${'a'.repeat(300 - 'https://www.instagram.com/natgeo/?'.length)}`;
    expect(long).toHaveLength(300);
    expect(normalizeSocial('instagram', long).ok).toBe(true);
  });

  it('rejects a platform outside the enum at runtime', () => {
    expect(normalizeSocial('myspace' as SocialPlatformInput, 'tom')).toEqual({ ok: false, message: 'is not a supported platform' });
  });

  it('maps every platform to a canonical one', () => {
    expect(SOCIAL_PLATFORMS.map(canonicalPlatform)).toEqual([
      'instagram', 'tiktok', 'youtube', 'facebook', 'linkedin', 'x', 'x', 'twitch', 'snapchat', 'threads',
    ]);
  });
});
