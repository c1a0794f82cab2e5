'use client';

import { useEffect, useRef, useState } from 'react';
import { renameKeyAction, rollKeyAction, type RollKeyState } from '../../../_actions/api-keys';
import { Timestamp } from '../../../_components/dates';
import { FormMessage, TextField } from '../../../_components/fields';
import { SecretField } from '../../../_components/secret-field';
import { useActionForm } from '../../../_components/use-action-form';
import { IDLE } from '@/server/web/form-state';
import { DialogActions } from '../../../_components/dialog-actions';

const GRACE_CHOICES = [
  { value: 'none', label: 'Expire it now', hint: 'Requests with the old key fail at once.' },
  { value: '1h', label: '1 hour', hint: '' },
  { value: '24h', label: '24 hours', hint: '' },
  { value: '7d', label: '7 days', hint: '' },
] as const;


export function RenameKeyButton({ keyId, keyName }: { keyId: string; keyName: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const dialog = { ref, open: () => ref.current?.showModal(), close: () => ref.current?.close() };
  const { state, formAction, pending, onSubmit } = useActionForm(renameKeyAction, IDLE);
  useEffect(() => {
    if (state.status === 'saved') ref.current?.close();
  }, [state]);
  const titleId = `rename-${keyId}-title`;
  return (
    <>
      <button type="button" className="button button-small button-quiet" onClick={dialog.open} aria-label={`Rename ${keyName}`}>
        Rename
      </button>
      <dialog ref={dialog.ref} className="dialog" aria-labelledby={titleId}>
        <form action={formAction} onSubmit={onSubmit} className="dialog-body" noValidate>
          <h2 id={titleId}>Rename “{keyName}”</h2>
          <FormMessage state={state.status === 'error' ? state : IDLE} />
          <input type="hidden" name="key_id" value={keyId} />
          <TextField idPrefix={`rename-${keyId}`} name="name" label="Name" state={state} initial={keyName} maxLength={100} required />
          <DialogActions onCancel={dialog.close} pending={pending} label="Save name" pendingLabel="Saving…" />
        </form>
      </dialog>
    </>
  );
}

function NewSecret({ rolled, onDone }: { rolled: NonNullable<RollKeyState['rolled']>; onDone: () => void }) {
  return (
    <div className="dialog-body">
      <h2 id={`roll-${rolled.id}-done`}>Copy the new secret of “{rolled.name}”</h2>
      <div className="alert alert-warning" id={`roll-${rolled.id}-warning`}>
        <p>
          <strong>This is the only time the new key is shown.</strong> Put it in your server’s secret store now.{' '}
          {rolled.oldKeyUntil ? (
            <>
              The old key keeps working until <Timestamp iso={rolled.oldKeyUntil} />, then expires.
            </>
          ) : (
            'The old key no longer works.'
          )}
        </p>
      </div>
      <SecretField id={`roll-${rolled.id}-value`} label="New secret key" value={rolled.secret} describedBy={`roll-${rolled.id}-warning`} />
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onDone}>
          Done, I stored it
        </button>
      </div>
    </div>
  );
}

/** "Roll": a new secret with the same scopes, shown once; the old one works for a chosen grace period. */
export function RollKeyButton({ keyId, keyName, keyDisplay, canRoll }: { keyId: string; keyName: string; keyDisplay: string; canRoll: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const dialog = { ref, open: () => ref.current?.showModal(), close: () => ref.current?.close() };
  const { state, formAction, pending, onSubmit } = useActionForm(rollKeyAction, IDLE as RollKeyState);
  const [shown, setShown] = useState<RollKeyState['rolled'] | null>(null);
  useEffect(() => {
    if (state.rolled) setShown(state.rolled);
  }, [state]);
  const titleId = `roll-${keyId}-title`;
  const done = () => {
    setShown(null);
    dialog.close();
  };
  // Rendered for every key, so the dialog showing a new secret survives its row turning "revoked".
  return (
    <>
      {canRoll && (
        <button type="button" className="button button-small" onClick={dialog.open} aria-label={`Roll ${keyName}`}>
          Roll
        </button>
      )}
      <dialog ref={dialog.ref} className="dialog" aria-labelledby={shown ? `roll-${shown.id}-done` : titleId} onClose={() => setShown(null)}>
        {shown ? (
          <NewSecret rolled={shown} onDone={done} />
        ) : (
          <form action={formAction} onSubmit={onSubmit} className="dialog-body">
            <h2 id={titleId}>Roll “{keyName}”?</h2>
            <FormMessage state={state.status === 'error' ? state : IDLE} />
            <p>
              A new secret replaces <code>{keyDisplay}</code>, with the same name and scopes. Use it to rotate a key that may have leaked, or on
              a schedule.
            </p>
            <input type="hidden" name="key_id" value={keyId} />
            <fieldset className="field">
              <legend>Keep the old key working for</legend>
              <ul className="choice-list">
                {GRACE_CHOICES.map((choice) => (
                  <li key={choice.value}>
                    <label className="choice">
                      <input type="radio" name="grace" value={choice.value} defaultChecked={choice.value === '24h'} />
                      <span className="choice-text">
                        {choice.label}
                        {choice.hint && <span className="muted"> — {choice.hint}</span>}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <DialogActions onCancel={dialog.close} pending={pending} label="Roll key" pendingLabel="Rolling…" focusCancel />
          </form>
        )}
      </dialog>
    </>
  );
}
