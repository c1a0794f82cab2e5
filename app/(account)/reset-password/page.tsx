import type { Metadata } from 'next';
import { ResetPasswordForm } from './reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password', referrer: 'no-referrer' };

/** The reset link's page. The token stays in the page (a hidden bound argument), never in another request's Referer. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  return (
    <div className="auth-card">
      <h1>Choose a new password</h1>
      {typeof token === 'string' && token.length > 0 && token.length <= 256 ? (
        <>
          <p className="muted">Choosing a new password signs you in here and signs you out everywhere else.</p>
          <ResetPasswordForm token={token} />
        </>
      ) : (
        <div className="alert alert-error" role="alert">
          This link is incomplete. Open the link from the mail again, or <a href="/forgot-password">ask for a new one</a>.
        </div>
      )}
      <p className="auth-switch">
        <a href="/forgot-password">Ask for a new link</a>
      </p>
    </div>
  );
}
