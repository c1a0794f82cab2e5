'use client';

import { usePathname } from 'next/navigation';

const LINKS = [
  { href: '/settings', label: 'Overview' },
  { href: '/settings/account', label: 'Account' },
  { href: '/settings/members', label: 'Members' },
  { href: '/settings/profile', label: 'Profile' },
  { href: '/settings/api-keys', label: 'API keys' },
  { href: '/settings/connected-apps', label: 'Connected apps' },
  { href: '/settings/webhooks', label: 'Webhooks' },
  { href: '/settings/logs', label: 'Logs' },
  { href: '/settings/audit', label: 'Audit log' },
  { href: '/docs', label: 'API reference' },
] as const;

/** Shown under their own "Developers" heading, after the account's own settings. */
const DEVELOPER_HREFS: ReadonlySet<string> = new Set(['/settings/api-keys', '/settings/webhooks', '/settings/logs', '/docs']);

export function SettingsNav() {
  const pathname = usePathname();
  const item = (link: (typeof LINKS)[number]) => (
    <li key={link.href}>
      <a href={link.href} aria-current={pathname === link.href ? 'page' : undefined}>
        {link.label}
      </a>
    </li>
  );
  return (
    <nav aria-label="Settings" className="settings-nav">
      <ul>{LINKS.filter((link) => !DEVELOPER_HREFS.has(link.href)).map(item)}</ul>
      <p className="settings-nav-group" id="settings-nav-developers">
        Developers
      </p>
      <ul aria-labelledby="settings-nav-developers">{LINKS.filter((link) => DEVELOPER_HREFS.has(link.href)).map(item)}</ul>
    </nav>
  );
}
