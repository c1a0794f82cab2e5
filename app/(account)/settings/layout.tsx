import type { ReactNode } from 'react';
import { SettingsNav } from './settings-nav';

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="settings">
      <SettingsNav />
      <div>{children}</div>
    </div>
  );
}
