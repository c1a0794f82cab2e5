import type { Metadata } from 'next';
import { getApp } from '@/server/app-singleton';
import { lookUpInvitation } from '@/server/services/members';
import { currentAccount } from '@/server/web/session';
import { LocalDate } from '../../_components/dates';
import { AcceptInvitationForm, InvitationSignUpForm } from './invitation-forms';

export const metadata: Metadata = { title: 'Join an agency', referrer: 'no-referrer' };

const ROLE_TEXT = { owner: 'the owner', admin: 'an admin', member: 'a member', viewer: 'a viewer' } as const;

/**
 * The invitation link's page: who invited you where, then — by state — accept (signed in with the
 * invited address), sign in first (an account exists), or choose a password (no account yet).
 */
export default async function InvitePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const app = await getApp();
  const invitation = typeof token === 'string' ? await lookUpInvitation(app.services.db, token) : ({ status: 'invalid' } as const);
  const account = await currentAccount();
  if (invitation.status !== 'valid' || typeof token !== 'string') {
    return (
      <div className="auth-card">
        <h1>Join an agency</h1>
        <div className="alert alert-error" role="alert">
          {invitation.status === 'expired'
            ? `This invitation to ${invitation.agencyName} has expired. Ask the agency to send it again.`
            : 'This invitation link is no longer valid: it was used, revoked or replaced by a newer one. Ask the agency for a new invitation.'}
        </div>
      </div>
    );
  }
  const next = `/invite?token=${encodeURIComponent(token)}`;
  return (
    <div className="auth-card">
      <h1>Join {invitation.agencyName}</h1>
      <p>
        {invitation.invitedBy ?? 'The operator'} invited <strong>{invitation.email}</strong> to work in {invitation.agencyName} as {ROLE_TEXT[invitation.role]}. The
        invitation works until <LocalDate iso={invitation.expiresAt.toISOString()} />.
      </p>
      {account ? (
        account.user.email === invitation.email ? (
          <AcceptInvitationForm token={token} agencyName={invitation.agencyName} />
        ) : (
          <div className="alert alert-error" role="alert">
            You are signed in as {account.user.email}, but this invitation is for {invitation.email}. Sign out, then open the link again and sign in with that address.
          </div>
        )
      ) : invitation.hasAccount ? (
        <p>
          <a className="button button-primary" href={`/sign-in?next=${encodeURIComponent(next)}`}>
            Sign in to accept
          </a>
        </p>
      ) : (
        <InvitationSignUpForm token={token} email={invitation.email} />
      )}
    </div>
  );
}
