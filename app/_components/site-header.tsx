import { signOutAction } from '../_actions/account';
import { currentAccount } from '@/server/web/session';

/** The site header of the account pages: public links, then the signed-in user's links or sign-in. */
export async function SiteHeader() {
  const account = await currentAccount();
  return (
    <header className="site-header">
      <a className="site-brand" href="/">
        creator-api
      </a>
      <nav aria-label="Site" className="site-nav">
        <ul>
          <li>
            <a href="/docs">API reference</a>
          </li>
          {account ? (
            <>
              <li>
                <a href="/settings">Settings</a>
              </li>
              <li>
                <a href="/settings/api-keys">API keys</a>
              </li>
            </>
          ) : (
            <>
              <li>
                <a href="/sign-in">Sign in</a>
              </li>
              <li>
                <a href="/sign-up">Create account</a>
              </li>
            </>
          )}
        </ul>
        {account && (
          <>
            <span className="site-user" title="Signed in">
              {account.user.email}
            </span>
            <form action={signOutAction}>
              <button type="submit" className="button button-small">
                Sign out
              </button>
            </form>
          </>
        )}
      </nav>
    </header>
  );
}
