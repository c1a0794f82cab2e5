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

export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="settings-nav">
      <ul>
        {LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={pathname === link.href ? 'page' : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
