'use client';

import { useEffect } from 'react';

/**
 * Repairs from outside what Scalar's reference renders inaccessibly (axe: serious or critical), as
 * it renders it: Scalar is a bundled Vue app with no options for these, so a MutationObserver
 * re-applies each fix after every render. Each fix only adds or corrects ARIA and focusability; none
 * changes what the reference does.
 */

/** An element's accessible text as a screen reader would find it (roughly: visible text, aria-label, labelledby, title). */
function hasName(el: Element): boolean {
  if (el.getAttribute('aria-label')?.trim() || el.getAttribute('title')?.trim()) return true;
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy && labelledBy.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())) return true;
  // Text not hidden from assistive technology: not under aria-hidden, and rendered (Scalar hides some
  // labels with display:none at phone widths, which leaves the button nameless there).
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent?.trim() || !parent || parent.closest('[aria-hidden="true"]')) continue;
    if (parent.checkVisibility({ visibilityProperty: true })) return true;
  }
  return [...el.querySelectorAll('img[alt], svg[aria-label]')].some((img) => (img.getAttribute('alt') ?? img.getAttribute('aria-label'))?.trim());
}

function nameForButton(button: HTMLElement): string {
  const className = button.getAttribute('class') ?? '';
  if (button.getAttribute('role') === 'search' || className.includes('search')) return 'Open search';
  if (className.includes('copy')) return 'Copy code';
  if (className.includes('client-libraries')) return 'More client languages';
  if (button.hasAttribute('aria-expanded')) return 'More options';
  return 'Action';
}

function fix(root: ParentNode) {
  // Sidebar entries are buttons that carry aria-selected (allowed on tabs and options only): the
  // selected one is the current page.
  for (const el of root.querySelectorAll('[aria-selected]')) {
    const role = el.getAttribute('role') ?? (el.tagName === 'BUTTON' ? 'button' : el.tagName === 'A' ? 'link' : '');
    if (!['button', 'link'].includes(role)) continue;
    if (el.getAttribute('aria-selected') === 'true') el.setAttribute('aria-current', 'page');
    else el.removeAttribute('aria-current');
    el.removeAttribute('aria-selected');
  }
  // A tab list holding a non-tab button (the "more languages" menu): that button is one more tab.
  for (const el of root.querySelectorAll('[role="tablist"] button:not([role])')) {
    el.setAttribute('role', 'tab');
    el.setAttribute('aria-selected', 'false');
  }
  // Buttons given role="none" but also a label: the label wins, so they stay buttons.
  for (const el of root.querySelectorAll('button[role="none"][aria-label], button[role="presentation"][aria-label]')) el.removeAttribute('role');
  // Icon-only buttons (copy, search, language menu) with no name. The search button's role=search
  // hides its screen-reader text from button naming, and the copy buttons' only text is "Copied".
  for (const el of root.querySelectorAll<HTMLElement>('button[role="search"]:not([aria-label]), button[class*="copy-button"]:not([aria-label])')) {
    el.setAttribute('aria-label', nameForButton(el));
  }
  for (const el of root.querySelectorAll<HTMLElement>('button, [role="button"]')) {
    if (!hasName(el)) el.setAttribute('aria-label', nameForButton(el));
  }
  // The request editor's fields (CodeMirror) and the parameter tables' tick boxes have no label.
  for (const el of root.querySelectorAll<HTMLElement>('[contenteditable="true"]:not([aria-label]):not([aria-labelledby])')) {
    const row = el.closest('tr');
    const key = row?.id || row?.querySelector('[contenteditable="true"]')?.textContent?.trim();
    el.setAttribute('aria-label', key ? `${key} value` : (el.closest('[aria-label]')?.getAttribute('aria-label') ?? 'Request value'));
  }
  for (const el of root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:not([aria-label]):not([aria-labelledby])')) {
    if (el.labels && el.labels.length > 0) continue;
    const row = el.closest('tr');
    const key = row?.id || row?.textContent?.trim().slice(0, 40);
    el.setAttribute('aria-label', key ? `Send ${key}` : 'Send this parameter');
  }
  // Regions that scroll (code samples, endpoint lists) must be reachable with the keyboard.
  for (const el of root.querySelectorAll<HTMLElement>('pre, code, .endpoints, [class*="overflow-auto"], [class*="overflow-x-auto"]')) {
    if (el.hasAttribute('tabindex')) continue;
    const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    const style = getComputedStyle(el);
    if (scrolls && /auto|scroll/.test(style.overflowX + style.overflowY) && !el.querySelector('a[href], button, input, select, textarea, [tabindex]')) {
      el.setAttribute('tabindex', '0');
    }
  }
}

export function ScalarA11y() {
  useEffect(() => {
    let queued = false;
    const run = () => {
      queued = false;
      fix(document.body);
    };
    const schedule = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(run);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'role', 'class'] });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, []);
  return null;
}
