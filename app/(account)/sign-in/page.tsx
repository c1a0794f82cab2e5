import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { currentAccount, safeReturnPath } from '@/server/web/session';
import { pageNameOf } from '../../_components/page-names';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const next = safeReturnPath(params.next);
  if (await currentAccount()) redirect(next);
  return (
    <div className="auth-card">
      <h1>Sign in</h1>
      {params.signed_out !== undefined && (
        <div className="alert alert-success" role="status">
          You are signed out.
        </div>
      )}
      {typeof params.next === 'string' && params.signed_out === undefined && (
        <p className="muted">Sign in to continue to {pageNameOf(next)}.</p>
      )}
      <SignInForm next={next} />
      <p className="auth-switch">
        <a href="/forgot-password">Forgot your password?</a>
      </p>
      <p className="auth-switch">
        No account yet? <a href="/sign-up">Create one</a>
      </p>
    </div>
  );
}
