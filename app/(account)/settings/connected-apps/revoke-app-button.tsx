'use client';

import { useEffect, useRef } from 'react';
import { revokeConnectedAppAction } from '../../../_actions/connected-apps';
import { FormMessage } from '../../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { useActionForm } from '../../../_components/use-action-form';

/** "Remove" with a confirmation dialog; Cancel has the focus, so Enter alone never removes. */
export function RevokeAppButton({ appId, appName }: { appId: string; appName: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { state, formAction: action, pending, onSubmit } = useActionForm(revokeConnectedAppAction, IDLE);
  useEffect(() => {
    if (state.status === 'saved') dialogRef.current?.close();
  }, [state]);
  const titleId = `revoke-app-${appId}-title`;
  return (
    <>
      <button type="button" className="button button-small" onClick={() => dialogRef.current?.showModal()} aria-label={`Remove ${appName}`}>
        Remove
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId}>
        <form action={action} onSubmit={onSubmit} className="dialog-body">
          <h2 id={titleId}>Remove “{appName}”?</h2>
          <FormMessage state={state.status === 'error' ? state : IDLE} />
          <p>
            Its tokens stop working at once: its next request gets <code>401</code>. To use it again, connect it again.
          </p>
          <input type="hidden" name="app_id" value={appId} />
          <div className="dialog-actions">
            <button type="button" className="button" autoFocus onClick={() => dialogRef.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="button button-danger" disabled={pending}>
              {pending ? 'Removing…' : 'Remove app'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
