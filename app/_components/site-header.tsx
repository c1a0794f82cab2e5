import { signOutAction } from '../_actions/account';
import { switchAccountAction } from '../_actions/members';
import { subjectKey } from '@/server/services/accounts';
import { currentAccount } from '@/server/web/session';
import { MenuToggle } from './menu-toggle';

const PUBLIC_LINKS = [
  { href: '/docs', label: 'API reference' },
  { href: '/docs/errors', label: 'Errors' },
  { href: '/docs/ai-assistants', label: 'AI assistants' },
] as const;

/**
 * The one header of every site page (home, docs, sign-in, settings, editors, error pages): public
 * links, then the signed-in user's links or sign-in. On phones the links fold into a "Menu" button.
 * `current` marks the page's own link.
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
  const accountLinks = account
    ? [
        link('/settings', 'Settings'),
        ...(account.subject?.type === 'agency' ? [link('/editor/roster', 'Roster')] : []),
        ...(account.subject?.type === 'creator' ? [link('/editor/link-in-bio', 'Link in bio')] : []),
        link('/settings/api-keys', 'API keys'),
      ]
    : [link('/sign-in', 'Sign in'), link('/sign-up', 'Create account')];
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <a className="site-brand" href="/">
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 32 32" className="site-logo">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M9 16a7 7 0 0 1 12-4.9M23 16a7 7 0 0 1-12 4.9" stroke="var(--site-bg)" strokeWidth="3" fill="none" strokeLinecap="round" />
          </svg>
          creator-api
        </a>
        <MenuToggle controls="site-nav" />
        <nav aria-label="Site" className="site-nav" id="site-nav">
          <ul>
            {PUBLIC_LINKS.map((l) => link(l.href, l.label))}
            {accountLinks}
          </ul>
          {account && account.subject && account.subjects.length > 1 && (
            // One menu for every account the person acts for: their agencies and creator account (issue 32).
            <form action={switchAccountAction} className="site-account-switcher">
              <label htmlFor="acting-for" className="visually-hidden">
                Acting for
              </label>
              <select id="acting-for" name="acting_for" defaultValue={subjectKey(account.subject)}>
                {account.subjects.map((subject) => (
                  <option key={subjectKey(subject)} value={subjectKey(subject)}>
                    {subject.name} ({subject.type === 'creator' ? 'creator account' : subject.role})
                  </option>
                ))}
              </select>
              <button type="submit" className="button button-small">
                Switch
              </button>
            </form>
          )}
          {account && (
            <div className="site-account">
              <span className="site-user" title="Signed in">
                {account.user.email}
              </span>
              <form action={signOutAction}>
                <button type="submit" className="button button-small">
                  Sign out
                </button>
              </form>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
