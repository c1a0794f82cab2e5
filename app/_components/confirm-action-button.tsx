'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { IDLE, type FormState } from '@/server/web/form-state';
import { FormMessage } from './fields';
import { useActionForm } from './use-action-form';
import { DialogActions } from './dialog-actions';

interface Props {
  /** The server action confirming runs; the dialog closes once it answers `saved`. */
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  /** The button's word ("Revoke"); its accessible name and the dialog's title add the thing's name. */
  verb: string;
  name: string;
  /** Unique on the page: the dialog's title element. */
  titleId: string;
  /** The hidden field that tells the action what to act on. */
  field: { name: string; value: string };
  confirmLabel: string;
  pendingLabel: string;
  /** What confirming does, said before the buttons. */
  children: ReactNode;
}

/**
 * A destructive settings action (revoke a key, remove a connected app) behind a confirmation dialog;
 * Cancel has the focus, so Enter alone never confirms.
 */
export function ConfirmActionButton({ action, verb, name, titleId, field, confirmLabel, pendingLabel, children }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  useEffect(() => {
    if (state.status === 'saved') dialogRef.current?.close();
  }, [state]);
  return (
    <>
      <button type="button" className="button button-small" onClick={() => dialogRef.current?.showModal()} aria-label={`${verb} ${name}`}>
        {verb}
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId}>
        <form action={formAction} onSubmit={onSubmit} className="dialog-body">
          <h2 id={titleId}>
            {`${verb} “`}
            {name}”?
          </h2>
          <FormMessage state={state.status === 'error' ? state : IDLE} />
          <p>{children}</p>
          <input type="hidden" name={field.name} value={field.value} />
          <DialogActions onCancel={() => dialogRef.current?.close()} pending={pending} label={confirmLabel} pendingLabel={pendingLabel} focusCancel danger />
        </form>
      </dialog>
    </>
  );
}
