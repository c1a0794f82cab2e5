import type { Metadata } from 'next';
import { getCreatorProfile } from '@/server/services/creator-profile';
import { requireSubject } from '@/server/web/session';
import { ProfileEditorSection } from '../../../_components/profile-editor-page';

export const metadata: Metadata = { title: 'Profile' };

/**
 * A creator's own profile: what media kits show (audience figures with their date, rates, brands).
 * An agency's creators are edited from the roster.
 */
export default async function ProfileSettingsPage() {
  const { app, subject } = await requireSubject('/settings/profile');
  if (subject.type !== 'creator') {
    return (
      <>
        <div className="page-head">
          <div>
            <h1>Creator profiles</h1>
            <p>Each creator on your roster has a profile: audience figures, rates and brands their media kits and your decks show.</p>
          </div>
        </div>
        <p>
          <a className="button" href="/editor/roster">
            Open your roster
          </a>
        </p>
      </>
    );
  }
  const profile = await getCreatorProfile(app.services.db, { type: 'creator', id: subject.id }, subject.id);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Profile</h1>
          <p>What your media kits show: who you are, your audience with the day you read the figures, your rates and the brands you have worked with.</p>
        </div>
      </div>
      <ProfileEditorSection profile={profile} path="/settings/profile" />
    </>
  );
}
