'use client';

import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { FormState } from '@/server/web/form-state';
import { useActionForm } from './use-action-form';

/**
 * Unsaved input on editor pages. Each form compares what it holds with what was last saved; while
 * any form on the page differs, leaving asks first: the browser's own prompt (beforeunload) for
 * reloads, closed tabs and typed addresses, and a confirm for links on the page (which would
 * otherwise navigate without a word when the router handles them).
 */

const dirtyForms = new Set<symbol>();
/** Set once the person confirmed leaving through a link, so the browser does not ask a second time. */
let leaving = false;
let installed = false;

export const LEAVE_QUESTION = 'You have unsaved changes on this page. Leave without saving them?';

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (dirtyForms.size === 0 || leaving) return;
  event.preventDefault();
  // Older Chromium needs returnValue set to show the prompt.
  event.returnValue = '';
}

function onLinkClick(event: MouseEvent) {
  if (dirtyForms.size === 0 || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab or window: nothing is lost
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
  const to = new URL(link.href, location.href);
  // A jump within the page (#section) keeps the page and its input.
  if (to.origin === location.origin && to.pathname === location.pathname && to.search === location.search && to.hash) return;
  if (window.confirm(LEAVE_QUESTION)) {
    leaving = true;
    return;
  }
  event.preventDefault();
  event.stopPropagation();
}

function install() {
  if (installed) return;
  installed = true;
  window.addEventListener('beforeunload', onBeforeUnload);
  // Capture phase on the document: runs before the router's own click handling on the link.
  document.addEventListener('click', onLinkClick, true);
  // Back from the bfcache after leaving: the page is live again.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** The form's text entries (files left out) in order, to compare with the saved ones. */
function snapshot(form: HTMLFormElement): string {
  const entries: [string, string][] = [];
  for (const [name, value] of new FormData(form)) {
    // React's hidden inputs for server actions are not the person's input.
    if (typeof value === 'string' && !name.startsWith('$ACTION')) entries.push([name, value]);
  }
  return JSON.stringify(entries);
}

/**
 * Tracks one form: `dirty` while it holds input that was not saved. `markSubmitted` is called on
 * submit (what was sent becomes the saved state once the action answers `saved`); `state` is the
 * action's latest answer.
 */
export function useUnsavedChanges(formRef: RefObject<HTMLFormElement | null>, state: FormState) {
  const [id] = useState(() => Symbol('form'));
  const saved = useRef<string | null>(null);
  const sent = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);

  const check = useCallback(() => {
    const form = formRef.current;
    if (!form || saved.current === null) return;
    const isDirty = snapshot(form) !== saved.current;
    if (isDirty) dirtyForms.add(id);
    else dirtyForms.delete(id);
    setDirty(isDirty);
  }, [formRef, id]);

  useEffect(() => {
    install();
    const form = formRef.current;
    if (!form) return;
    saved.current = snapshot(form);
    // After the event: inputs React renders from state (the creator picker's hidden ones) update then.
    const later = () => setTimeout(check, 0);
    form.addEventListener('input', later);
    form.addEventListener('change', later);
    return () => {
      form.removeEventListener('input', later);
      form.removeEventListener('change', later);
      dirtyForms.delete(id);
    };
  }, [formRef, check, id]);

  // A saved answer makes what was sent the new saved state; input typed meanwhile stays unsaved.
  useEffect(() => {
    if (state.status === 'saved' && sent.current !== null) {
      saved.current = sent.current;
      sent.current = null;
    }
    check();
  }, [state, check]);

  const markSubmitted = useCallback(() => {
    if (formRef.current) sent.current = snapshot(formRef.current);
  }, [formRef]);

  return { dirty, markSubmitted };
}

/** The section's save state in words, announced politely: unsaved, saving (at once, before the answer), saved. */
export function SaveState({ dirty, pending }: { dirty: boolean; pending: boolean }) {
  const text = pending ? 'Saving…' : dirty ? 'Unsaved changes' : '';
  return (
    <p className={dirty && !pending ? 'save-state save-state-dirty' : 'save-state'} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/**
 * An editor section's form: the action without React's form reset (useActionForm), plus its unsaved
 * input tracked. Spread `ref` and `onSubmit` onto the <form>.
 */
export function useEditorForm(action: (state: FormState, formData: FormData) => Promise<FormState>, initial: FormState) {
  const form = useActionForm(action, initial);
  const ref = useRef<HTMLFormElement>(null);
  const { dirty, markSubmitted } = useUnsavedChanges(ref, form.state);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    markSubmitted();
    form.onSubmit(event);
  };
  return { ...form, ref, dirty, onSubmit };
}
