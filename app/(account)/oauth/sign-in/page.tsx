import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { OAUTH_AUTHORIZE_PATH, OAUTH_SIGN_IN_PAGE } from '@/server/auth/oauth-paths';
import { currentAccount, signInPath } from '@/server/web/session';

export const metadata: Metadata = { title: 'Sign in to connect an app' };

/** Parameters the authorization server adds when it sends the browser here (signature, expiry), not the client's. */
const SERVER_PARAMS = /^(sig|exp|ba_.*)$/;

/**
 * Where the authorization server sends a browser that is not signed in (its `loginPage`): sign in
 * with the site's own form, then back to the authorization request, which goes on to the consent screen.
 */
export default async function OAuthSignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, one);
  }
  if (!(await currentAccount())) redirect(signInPath(`${OAUTH_SIGN_IN_PAGE}?${query.toString()}`));
  for (const name of [...query.keys()]) if (SERVER_PARAMS.test(name)) query.delete(name);
  redirect(`${OAUTH_AUTHORIZE_PATH}?${query.toString()}`);
}
