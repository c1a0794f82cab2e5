'use client';

import { useEffect, useRef } from 'react';
import { revokeKeyAction } from '../../../_actions/api-keys';
import { FormMessage } from '../../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { useActionForm } from '../../../_components/use-action-form';

/** "Revoke" with a confirmation dialog; Cancel has the focus, so Enter alone never revokes. */
export function RevokeKeyButton({ keyId, keyName, keyStart }: { keyId: string; keyName: string; keyStart: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { state, formAction: action, pending, onSubmit } = useActionForm(revokeKeyAction, IDLE);
  useEffect(() => {
    if (state.status === 'saved') dialogRef.current?.close();
  }, [state]);
  const titleId = `revoke-${keyId}-title`;
  return (
    <>
      <button type="button" className="button button-small" onClick={() => dialogRef.current?.showModal()} aria-label={`Revoke ${keyName}`}>
        Revoke
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId}>
        <form action={action} onSubmit={onSubmit} className="dialog-body">
          <h2 id={titleId}>Revoke “{keyName}”?</h2>
          <FormMessage state={state.status === 'error' ? state : IDLE} />
          <p>
            Requests with <code>{keyStart}</code> will be refused with <code>401</code> from the next request on. This cannot be undone.
          </p>
          <input type="hidden" name="key_id" value={keyId} />
          <div className="dialog-actions">
            <button type="button" className="button" autoFocus onClick={() => dialogRef.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="button button-danger" disabled={pending}>
              {pending ? 'Revoking…' : 'Revoke key'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
