'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The header's "Developers" group (API keys, webhooks, logs, API reference, errors, AI assistants):
 * a disclosure button that shows the group's links below it. Escape closes it and returns focus to
 * the button; so does a click anywhere outside it. `current`: the page is one of the group's.
 */
export function DevelopersMenu({ children, current = false }: { children: ReactNode; current?: boolean }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      document.getElementById('developers-menu-toggle')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <li className="developers-menu" ref={root} data-current={current ? '' : undefined}>
      <button
        type="button"
        id="developers-menu-toggle"
        className="developers-menu-toggle"
        aria-expanded={open}
        aria-controls="developers-menu"
        onClick={() => setOpen((value) => !value)}
      >
        Developers
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
          <path d={open ? 'M2 8l4-4 4 4' : 'M2 4l4 4 4-4'} stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      <div id="developers-menu" className="developers-menu-panel" hidden={!open}>
        {children}
      </div>
    </li>
  );
}
