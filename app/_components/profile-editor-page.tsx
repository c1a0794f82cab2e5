import type { CreatorProfile } from '@/server/services/creator-profile';
import { calendarDateIn, formTimeZone } from '@/server/web/viewer-time';
import { saveCreatorProfileAction } from '../_actions/profile';
import { ProfileEditor, type ProfileValues } from './profile-editor';

/** The stored profile as the editor's initial values (engagement rate as a percentage, dates as days). */
export function profileValues({ creator, rates, brands }: CreatorProfile): ProfileValues {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    displayName: creator.displayName,
    bio: creator.bio ?? '',
    location: creator.location ?? '',
    languages: creator.languages.join(', '),
    tags: creator.tags.join(', '),
    brands: brands.join(', '),
    socials: creator.socials.map((s) => ({
      id: s.id,
      platform: s.platform,
      handle: s.username,
      followers: text(s.followers),
      averageViews: text(s.averageViews),
      averageEngagements: text(s.averageEngagements),
      engagementRate: s.engagementRate === null ? '' : String(Math.round(s.engagementRate * 10_000) / 100),
      // A calendar day (the API's metrics_as_of), stored as that day's UTC midnight: read back in UTC.
      asOf: s.metricsUpdatedAt?.toISOString().slice(0, 10) ?? '',
    })),
    rates: rates.map((r) => ({ label: r.label, amount: String(r.amount), currency: r.currency })),
  };
}

/** The editor of one creator's profile; `path` is the page it is on (revalidated after a save). */
export async function ProfileEditorSection({ profile, path }: { profile: CreatorProfile; path: string }) {
  const zone = await formTimeZone();
  return <ProfileEditor initial={profileValues(profile)} action={saveCreatorProfileAction.bind(null, profile.creator.id, path)} today={calendarDateIn(zone)} timeZone={zone} />;
}
