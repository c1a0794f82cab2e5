'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * While `active` (something on the page is still in progress, e.g. a pending webhook delivery),
 * re-renders the page's server components every `everyMs` without a reload; stops once a render
 * comes back with nothing in progress. Form state and focus are kept (router.refresh()).
 */
export function LiveRefresh({ active, everyMs = 3_000, label }: { active: boolean; everyMs?: number; label: string }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [active, everyMs, router]);
  if (!active) return null;
  return (
    <p className="muted live-refresh" data-testid="live-refresh">
      <span className="live-dot" aria-hidden="true" /> {label}
    </p>
  );
}
