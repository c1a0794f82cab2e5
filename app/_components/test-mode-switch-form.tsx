'use client';

import { usePathname } from 'next/navigation';
import { setTestModeAction } from '../_actions/test-mode';

/** The switch itself: a form (works without JavaScript) that comes back to the page it was used on. */
export function TestModeSwitchForm({ on }: { on: boolean }) {
  const pathname = usePathname();
  return (
    <form action={setTestModeAction} className="test-mode-switch">
      <input type="hidden" name="mode" value={on ? 'live' : 'test'} />
      <input type="hidden" name="return_to" value={pathname} />
      <button type="submit" role="switch" aria-checked={on} className={on ? 'test-mode-toggle is-on' : 'test-mode-toggle'}>
        <span className="test-mode-track" aria-hidden="true">
          <span className="test-mode-thumb" />
        </span>
        Test mode
      </button>
    </form>
  );
}
