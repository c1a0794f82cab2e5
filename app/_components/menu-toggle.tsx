'use client';

import { useEffect, useState } from 'react';

/**
 * The phone-width "Menu" button: shows or hides the header's links (CSS shows them inline on wider
 * screens and hides this button). Escape closes the menu and returns focus to the button.
 */
export function MenuToggle({ controls }: { controls: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const nav = document.getElementById(controls);
    nav?.toggleAttribute('data-open', open);
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(`${controls}-toggle`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, controls]);
  return (
    <button
      type="button"
      id={`${controls}-toggle`}
      className="site-menu-toggle"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen((value) => !value)}
    >
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
        {open ? (
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        ) : (
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        )}
      </svg>
      Menu
    </button>
  );
}
