import type { Metadata } from 'next';
import { isScope, permissionDescription, SESSION_SCOPES, type Permission } from '@/server/auth/scopes';
import { requireSubject } from '@/server/web/session';

export const metadata: Metadata = { title: 'Not allowed for your role' };

/** Where a page the role may not open sends the person: which permission it needs, in the gateway's words. */
export default async function ForbiddenPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { subject } = await requireSubject('/settings');
  const { permission } = await searchParams;
  const known = typeof permission === 'string' && (isScope(permission) || Object.hasOwn(SESSION_SCOPES, permission)) ? (permission as Permission) : null;
  return (
    <>
      <h1>Not allowed for your role</h1>
      <div className="alert alert-error" role="alert">
        {known ? `Your role does not allow this: it requires the ${known} permission (${permissionDescription(known)})` : 'Your role does not allow this.'}
      </div>
      <p>
        You are {subject.role === 'admin' ? 'an admin' : `${subject.role === 'owner' ? 'the' : 'a'} ${subject.role}`} of <strong>{subject.name}</strong>. Ask an owner or admin
        (see <a href="/settings/members">Members</a>) if you need more.
      </p>
    </>
  );
}
