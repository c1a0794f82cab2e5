import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ApiError } from '@/server/domain/errors';
import { getCreatorProfile } from '@/server/services/creator-profile';
import { requireSubject } from '@/server/web/session';
import { ProfileEditorSection } from '../../../../_components/profile-editor-page';

export const metadata: Metadata = { title: 'Creator profile' };

type Props = { params: Promise<{ id: string }> };

/** An agency edits a roster creator's profile: what the creator's media kits, decks and roster card show. */
export default async function RosterCreatorPage({ params }: Props) {
  const { id } = await params;
  const { app, subject } = await requireSubject(`/editor/roster/${id}`);
  if (subject.type !== 'agency' || !/^[0-9a-f]{24}$/.test(id)) notFound();
  const profile = await getCreatorProfile(app.services.db, { type: 'agency', id: subject.id }, id).catch((error: unknown) => {
    if (error instanceof ApiError && error.slug === 'not-found') notFound();
    throw error;
  });
  const kit = await app.services.db.mediaKit.findFirst({ where: { ownerType: 'agency', ownerId: subject.id, creatorId: id, defaultKey: { not: null } }, select: { id: true } });
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <a href="/settings">Settings</a>
          </li>
          <li>
            <a href="/editor/roster">Roster</a>
          </li>
          <li aria-current="page">{profile.creator.displayName}</li>
        </ol>
      </nav>
      <div className="page-head">
        <div>
          <h1>{profile.creator.displayName}</h1>
          <p>Their profile as your decks, roster page and their media kits show it.</p>
        </div>
        {kit ? (
          <a className="button" href={`/editor/media-kits/${kit.id}`}>
            Media kit
          </a>
        ) : null}
      </div>
      <ProfileEditorSection profile={profile} path={`/editor/roster/${id}`} />
    </>
  );
}
