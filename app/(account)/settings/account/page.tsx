import type { Metadata } from 'next';
import { recentSignInActivity } from '@/server/services/sign-in-attempts';
import { requireAccount } from '@/server/web/session';
import { Timestamp } from '../../../_components/dates';
import { ChangeEmailForm, ChangePasswordForm } from './account-forms';

export const metadata: Metadata = { title: 'Account' };


/** Sign-in email, password, and the account's recent sign-in attempts (right and wrong). */
export default async function AccountSettingsPage() {
  const { app, user } = await requireAccount('/settings/account');
  const activity = await recentSignInActivity(app.services.db, user.id);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Account</h1>
          <p>
            Signed in as <strong>{user.email}</strong>
          </p>
        </div>
      </div>

      <section className="panel" aria-labelledby="email-heading">
        <h2 id="email-heading">Sign-in email</h2>
        <p>We send a link to your current address to approve the change, then one to the new address to confirm it. Until then nothing changes.</p>
        <ChangeEmailForm />
      </section>

      <section className="panel" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <p>Changing it signs you out everywhere else.</p>
        <ChangePasswordForm />
      </section>

      <section className="panel" id="activity" aria-labelledby="activity-heading">
        <h2 id="activity-heading">Sign-in activity</h2>
        <p>The latest sign-ins and wrong-password attempts on this account (kept 90 days; times in your time zone). Someone else’s wrong guesses only slow them down, never lock you out.</p>
        {activity.length === 0 ? (
          <p className="muted">No sign-ins recorded yet.</p>
        ) : (
          <table className="data-table">
            <caption className="visually-hidden">Recent sign-in attempts</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Result</th>
                <th scope="col">From</th>
                <th scope="col">Browser</th>
              </tr>
            </thead>
            <tbody>
              {activity.map((entry, index) => (
                <tr key={`${entry.at.toISOString()}-${index}`}>
                  <td>
                    <Timestamp iso={entry.at.toISOString()} />
                  </td>
                  <td>{entry.succeeded ? 'Signed in' : 'Wrong password'}</td>
                  <td>
                    <code>{entry.address}</code>
                  </td>
                  <td className="muted">{entry.userAgent ? browserName(entry.userAgent) : 'Unknown'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

/** A short label for a user agent string; the full string is not worth the width. */
function browserName(userAgent: string): string {
  const browsers: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/HeadlessChrome\//, 'Headless Chrome'],
    [/Chrome\//, 'Chrome'],
    [/Safari\//, 'Safari'],
    [/curl\//, 'curl'],
  ];
  const systems: [RegExp, string][] = [
    [/Windows/, 'Windows'],
    [/Android/, 'Android'],
    [/iPhone|iPad/, 'iOS'],
    [/Mac OS X/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other browser';
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
