'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Marks the header link of the page being shown (aria-current="page") on pages whose layout cannot
 * name it (the account pages share one layout): the server renders the header once for all of them.
 */
export function NavCurrent({ nav }: { nav: string }) {
  const pathname = usePathname();
  useEffect(() => {
    const links = document.querySelectorAll<HTMLAnchorElement>(`#${nav} a[href^="/"]`);
    if ([...links].some((link) => link.dataset.serverCurrent !== undefined)) return;
    for (const link of links) {
      if (link.getAttribute('href') === pathname) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  }, [nav, pathname]);
  return null;
}
