import { signOutAction } from '../_actions/account';
import { switchAccountAction } from '../_actions/members';
import { subjectKey } from '@/server/services/accounts';
import { currentAccount } from '@/server/web/session';
import { DevelopersMenu } from './developers-menu';
import { MenuToggle } from './menu-toggle';
import { NavCurrent } from './nav-current';
import './navigation.css';

const PUBLIC_LINKS = [
  { href: '/docs', label: 'API reference' },
  { href: '/docs/errors', label: 'Errors' },
  { href: '/docs/ai-assistants', label: 'AI assistants' },
] as const;

/** The signed-in person's developer tools, listed before the public docs in the "Developers" group. */
const DEVELOPER_ACCOUNT_LINKS = [
  { href: '/settings/api-keys', label: 'API keys' },
  { href: '/settings/webhooks', label: 'Webhooks' },
  { href: '/settings/logs', label: 'Logs' },
] as const;

/**
 * The one header of every site page (home, docs, sign-in, settings, editors, error pages): the
 * signed-in user's places (Dashboard, Roster or Link in bio, Settings) or sign-in, and the
 * "Developers" group (API keys, webhooks, logs for the signed-in; API reference, errors, AI
 * assistants for everyone) folded behind one button. On phones the links fold into a "Menu" button.
 * `current` marks the page's own link.
 */
export async function SiteHeader({ current }: { current?: string } = {}) {
  const account = await currentAccount();
  const link = (href: string, label: string) => (
    <li key={href}>
      <a href={href} aria-current={current === href ? 'page' : undefined} data-server-current={current === href ? '' : undefined}>
        {label}
      </a>
    </li>
  );
  const accountLinks = account
    ? [
        ...(account.subject ? [link('/dashboard', 'Dashboard')] : []),
        ...(account.subject?.type === 'agency' ? [link('/editor/roster', 'Roster')] : []),
        ...(account.subject?.type === 'creator' ? [link('/editor/link-in-bio', 'Link in bio')] : []),
        link('/settings', 'Settings'),
      ]
    : [link('/sign-in', 'Sign in'), link('/sign-up', 'Create account')];
  const developerLinks = [...(account?.subject ? DEVELOPER_ACCOUNT_LINKS : []), ...PUBLIC_LINKS];
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
        {current === undefined && <NavCurrent nav="site-nav" />}
        <nav aria-label="Site" className="site-nav" id="site-nav">
          <ul>
            {accountLinks}
            <DevelopersMenu current={developerLinks.some((l) => l.href === current)}>
              <ul aria-label="Developers">{developerLinks.map((l) => link(l.href, l.label))}</ul>
            </DevelopersMenu>
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
