import { TestModeSwitchForm } from './test-mode-switch-form';
import { currentAccount } from '@/server/web/session';

/**
 * Test mode in the settings UI (issue 31). The switch sits above the settings menu; the banner shows on
 * every account page while test mode is on, so nobody mistakes test data for live data.
 */
export async function TestModeSwitch() {
  const account = await currentAccount();
  if (!account?.subject) return null;
  return <TestModeSwitchForm on={account.mode === 'test'} />;
}

export async function TestModeBanner() {
  const account = await currentAccount();
  if (account?.mode !== 'test') return null;
  return (
    <div className="test-mode-banner" role="status">
      <strong>Test mode</strong> — you are viewing and changing test data. Keys made now start with <code>crk_test_</code>; nothing here touches your live data.
    </div>
  );
}
