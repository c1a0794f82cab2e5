import type { Metadata } from 'next';
import { ForgotPasswordForm } from './forgot-password-form';

export const metadata: Metadata = { title: 'Forgot your password?' };

export default function ForgotPasswordPage() {
  return (
    <div className="auth-card">
      <h1>Forgot your password?</h1>
      <p className="muted">Enter the email you sign in with. We send it a link to choose a new password.</p>
      <ForgotPasswordForm />
      <p className="auth-switch">
        Remembered it? <a href="/sign-in">Sign in</a>
      </p>
    </div>
  );
}
