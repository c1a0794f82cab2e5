import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { currentAccount, HOME_PATH } from '@/server/web/session';
import { SignUpForm } from './sign-up-form';

export const metadata: Metadata = { title: 'Create account' };

export default async function SignUpPage() {
  if (await currentAccount()) redirect(HOME_PATH);
  return (
    <div className="auth-card">
      <h1>Create your account</h1>
      <p className="muted">Then issue API keys for your servers from the settings.</p>
      <SignUpForm />
      <p className="auth-switch">
        Already have an account? <a href="/sign-in">Sign in</a>
      </p>
    </div>
  );
}
