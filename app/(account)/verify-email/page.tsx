import type { Metadata } from 'next';
import { getApp } from '@/server/app-singleton';
import { readEmailLink } from '@/server/web/auth';
import { ConfirmEmailChangeForm, ConfirmSignUpForm } from './confirm-forms';

export const metadata: Metadata = { title: 'Confirm your email address', referrer: 'no-referrer' };

/**
 * Where every confirmation link lands. Opening it changes nothing (mail scanners open links too);
 * the form on it does: a sign-up is confirmed with the password chosen at sign-up, a change of
 * address with one click from the mailbox that got the link.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const link = typeof token === 'string' ? await readEmailLink(await getApp(), token) : ({ kind: 'invalid' } as const);
  if (link.kind === 'sign-up' && typeof token === 'string') {
    return (
      <div className="auth-card">
        <h1>Confirm your email address</h1>
        <p className="muted">
          Enter the password you chose when signing up to confirm <strong>{link.email}</strong> and sign in.
        </p>
        <ConfirmSignUpForm token={token} email={link.email} />
        <p className="auth-switch">
          Forgot the password? <a href="/forgot-password">Choose a new one</a> — that confirms the address too.
        </p>
      </div>
    );
  }
  if ((link.kind === 'change-email-confirmation' || link.kind === 'change-email-verification') && typeof token === 'string') {
    const approving = link.kind === 'change-email-confirmation';
    return (
      <div className="auth-card">
        <h1>{approving ? 'Approve the new sign-in email' : 'Confirm your new sign-in email'}</h1>
        <p className="muted">
          {approving ? (
            <>
              Change the sign-in email of your account from <strong>{link.email}</strong> to <strong>{link.newEmail}</strong>? We then send a link to{' '}
              {link.newEmail} to confirm it.
            </>
          ) : (
            <>
              Make <strong>{link.newEmail}</strong> the sign-in email of your account (instead of {link.email})?
            </>
          )}
        </p>
        <ConfirmEmailChangeForm token={token} label={approving ? 'Approve the change' : 'Confirm new email address'} />
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>This link does not work</h1>
      <div className="alert alert-error" role="alert">
        {link.kind === 'expired' ? 'This link has expired.' : 'This link is incomplete or not valid.'} To get a new confirmation link, sign in with your email and
        password; to change your address, start again from your account settings.
      </div>
      <p className="auth-switch">
        <a href="/sign-in">Sign in</a>
      </p>
    </div>
  );
}
