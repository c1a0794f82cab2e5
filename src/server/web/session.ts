/**
 * The signed-in user of a page or server action, and the agency or creator they act for. Pages call
 * `requireAccount(path)`: signed out → redirect to /sign-in (coming back to `path` afterwards).
 */
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import type { App } from '../app';
import { roleAllows, type Permission } from '../auth/scopes';
import { getApp } from '../app-singleton';
import { actingForFromHeaders } from '../lib/acting-for';
import { subjectKey, subjectsForUser, type UserSubject } from '../services/accounts';
import type { PrincipalMode } from '../domain/principal';
import { modeFromCookieHeader, subjectInMode } from '../services/test-mode';
import { authFor, type Auth } from './auth';

export interface SignedIn {
  app: App;
  auth: Auth;
  user: { id: string; email: string; name: string | null };
  /** Null only for a user whose agency or creator could not be created at sign-up. */
  subject: UserSubject | null;
  /** Every account the user may act for (the header's switcher lists them). */
  subjects: UserSubject[];
  /** `test` while the settings UI's "Test mode" switch is on: `subject` is then the sandbox twin. */
  mode: PrincipalMode;
}

/** Once per request (React cache): the layout, the page and the header share one lookup. */
export const currentAccount = cache(async (): Promise<SignedIn | null> => {
  // Headers first: while next build prerenders a page (the 404), this is where it learns the page is
  // per-request, before anything opens the database — so building needs no database.
  const requestHeaders = await headers();
  const app = await getApp();
  const auth = await authFor(app);
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const subjects = await subjectsForUser(app.services.db, session.user.id);
  // The header's switcher choice, checked against the memberships just read (as the gateway does).
  const choice = actingForFromHeaders(new Headers(requestHeaders));
  const liveSubject = subjects.find((s) => subjectKey(s) === choice) ?? subjects[0] ?? null;
  // The "Test mode" switch: the same account's sandbox twin.
  const mode = liveSubject ? modeFromCookieHeader(requestHeaders.get('cookie')) : 'live';
  const subject = liveSubject && mode === 'test' ? { ...liveSubject, id: (await subjectInMode(app.services.db, liveSubject, 'test')).id } : liveSubject;
  return { app, auth, user: { id: session.user.id, email: session.user.email, name: session.user.name ?? null }, subject, subjects, mode };
});

/** Where a person lands after signing in or finishing sign-up when no `?next=` names a page: their dashboard. */
export const HOME_PATH = '/dashboard';

/** Stands in for our own origin while parsing: `.invalid` can never be a real host. */
const RETURN_PATH_BASE = 'https://return-path.invalid';

/**
 * Only same-origin paths, so `?next=` cannot send anyone elsewhere after signing in. The value is
 * resolved with the URL parser (as the browser will), not pattern-matched: tabs and newlines are
 * dropped, `\` counts as `/`, so `/\t/evil.example` and `/\\evil.example` are `//evil.example`, another
 * origin. Anything that does not resolve to our origin falls back (to the dashboard unless the caller
 * names another page); what is returned is the normalized path, query and fragment, never the raw input.
 */
export function safeReturnPath(value: unknown, fallback = HOME_PATH): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2048) return fallback;
  let url: URL;
  try {
    url = new URL(value, RETURN_PATH_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== RETURN_PATH_BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that itself starts with `//` would be read as another host when used as a Location.
  return path.startsWith('//') ? fallback : path;
}

export function signInPath(returnTo: string): string {
  return `/sign-in?next=${encodeURIComponent(safeReturnPath(returnTo))}`;
}

export async function requireAccount(returnTo: string): Promise<SignedIn> {
  const account = await currentAccount();
  if (!account) redirect(signInPath(returnTo));
  return account;
}

/**
 * For pages that need the agency or creator; a user without one is sent to the overview, which
 * explains. With `permission`, a role without it is sent to /settings/forbidden, which says which
 * permission the page needs (the same words as the gateway's refusal of the operations behind it).
 */
export async function requireSubject(returnTo: string, permission?: Permission): Promise<SignedIn & { subject: UserSubject }> {
  const account = await requireAccount(returnTo);
  if (!account.subject) redirect('/settings');
  if (permission && !roleAllows(account.subject.type, account.subject.role, permission)) redirect(`/settings/forbidden?permission=${encodeURIComponent(permission)}`);
  return account as SignedIn & { subject: UserSubject };
}
