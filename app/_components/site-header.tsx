import { signOutAction } from '../_actions/account';
import { currentAccount } from '@/server/web/session';

const PUBLIC_LINKS = [
  { href: '/docs', label: 'API reference' },
  { href: '/docs/errors', label: 'Errors' },
  { href: '/docs/ai-assistants', label: 'AI assistants' },
] as const;

/**
 * The header of every page but the API reference (Scalar's own): public links, then the signed-in
 * user's links or sign-in. `current` marks the page's own link.
 */
export async function SiteHeader({ current }: { current?: string } = {}) {
  const account = await currentAccount();
  const link = (href: string, label: string) => (
    <li key={href}>
      <a href={href} aria-current={current === href ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
  return (
    <header className="site-header">
      <a className="site-brand" href="/">
        creator-api
      </a>
      <nav aria-label="Site" className="site-nav">
        <ul>
          {PUBLIC_LINKS.map((l) => link(l.href, l.label))}
          {account ? [link('/settings', 'Settings'), link('/settings/api-keys', 'API keys')] : [link('/sign-in', 'Sign in'), link('/sign-up', 'Create account')]}
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
