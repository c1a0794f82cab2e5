import type { ReactNode } from 'react';
import { SettingsNav } from './settings-nav';
import { TestModeSwitch } from '../../_components/test-mode';

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="settings">
      <div className="settings-aside">
        <TestModeSwitch />
        <SettingsNav />
      </div>
      <div>{children}</div>
    </div>
  );
}
