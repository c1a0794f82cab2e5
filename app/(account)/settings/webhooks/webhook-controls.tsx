'use client';

import { useRef, useState, type FormEvent } from 'react';
import {
  createEndpointAction,
  deleteEndpointAction,
  replayFailedAction,
  retryDeliveryAction,
  rotateSecretAction,
  sendTestEventAction,
  setEndpointStatusAction,
  type SecretState,
} from '../../../_actions/webhooks';
import { CodeSpans } from '../../../_components/code-spans';
import { FormMessage, TextField } from '../../../_components/fields';
import { SecretField } from '../../../_components/secret-field';
import { IDLE } from '@/server/web/form-state';
import { useActionForm } from '../../../_components/use-action-form';
import { DialogActions } from '../../../_components/dialog-actions';

interface EventOption {
  type: string;
  description: string;
}

/** "Add endpoint": a modal dialog; after creating, the same dialog shows the signing secret once. */
export function AddEndpointDialog({ eventOptions }: { eventOptions: EventOption[] }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Remounting the form drops the action state, so a shown secret never comes back.
  const [session, setSession] = useState(0);
  const close = () => dialogRef.current?.close();
  return (
    <>
      <button ref={triggerRef} type="button" className="button button-primary" onClick={() => dialogRef.current?.showModal()}>
        Add endpoint
      </button>
      <dialog
        ref={dialogRef}
        className="dialog"
        aria-labelledby="add-endpoint-title"
        onClose={() => {
          setSession((n) => n + 1);
          triggerRef.current?.focus();
        }}
      >
        <AddEndpointForm key={session} eventOptions={eventOptions} onClose={close} />
      </dialog>
    </>
  );
}

function AddEndpointForm({ eventOptions, onClose }: { eventOptions: EventOption[]; onClose: () => void }) {
  const { state, formAction, pending, onSubmit } = useActionForm<SecretState>(createEndpointAction, IDLE);
  const [all, setAll] = useState(state.values?.events === '*');
  if (state.secret) return <SecretOnce titleId="add-endpoint-title" title="Copy your endpoint’s signing secret" secret={state.secret} onDone={onClose} />;
  const eventsError = state.fieldErrors?.events;
  const chosen = new Set(state.values?.events?.split(',') ?? []);
  return (
    <form action={formAction} onSubmit={onSubmit} className="dialog-body form" noValidate>
      <h2 id="add-endpoint-title">Add a webhook endpoint</h2>
      <FormMessage state={state} />
      <TextField idPrefix="endpoint" name="url" label="Endpoint URL" hint="An https URL on the public internet; redirects are not followed." required type="url" autoComplete="off" autoFocus state={state} />
      <TextField idPrefix="endpoint" name="description" label="Description" hint="Optional, for you: what receives these events." maxLength={500} autoComplete="off" state={state} />
      <fieldset className="field" aria-describedby={eventsError ? 'endpoint-events-error' : undefined}>
        <legend>Events</legend>
        <label className="choice">
          <input type="checkbox" name="all_events" checked={all} onChange={(event) => setAll(event.target.checked)} />
          <span className="choice-text">
            <strong>All events</strong>
            <small>Every event type, including ones added later.</small>
          </span>
        </label>
        <ul className="choice-list scope-choices">
          {eventOptions.map((option) => (
            <li key={option.type}>
              <label className="choice">
                <input type="checkbox" name="events" value={option.type} disabled={all} defaultChecked={chosen.has(option.type)} />
                <span className="choice-text">
                  <code>{option.type}</code>
                  <small>
                    <CodeSpans text={option.description} />
                  </small>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {eventsError && (
          <p className="field-error" id="endpoint-events-error">
            {eventsError}
          </p>
        )}
      </fieldset>
      <DialogActions onCancel={onClose} pending={pending} label="Add endpoint" pendingLabel="Adding…" />
    </form>
  );
}

function SecretOnce({ titleId, title, secret, onDone }: { titleId: string; title: string; secret: string; onDone: () => void }) {
  return (
    <div className="dialog-body" data-testid="webhook-secret">
      <h2 id={titleId}>{title}</h2>
      <div className="alert alert-warning" id="webhook-secret-warning">
        <p>
          <strong>This is the only time the secret is shown.</strong> Store it with the code that receives the events; it verifies that deliveries come
          from us. If you lose it, rotate it.
        </p>
      </div>
      <SecretField id="webhook-secret-value" label="Signing secret" value={secret} describedBy="webhook-secret-warning" />
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onDone}>
          Done, I stored it
        </button>
      </div>
    </div>
  );
}

/** "Rotate secret" with a confirmation; the new secret is then shown once in the same dialog. */
export function RotateSecretButton({ endpointId, label }: { endpointId: string; label: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [session, setSession] = useState(0);
  const titleId = `rotate-${endpointId}-title`;
  return (
    <>
      <button type="button" className="button button-small" onClick={() => dialogRef.current?.showModal()} aria-label={`Rotate secret of ${label}`}>
        Rotate secret
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} onClose={() => setSession((n) => n + 1)}>
        <RotateForm key={session} endpointId={endpointId} titleId={titleId} onClose={() => dialogRef.current?.close()} />
      </dialog>
    </>
  );
}

function RotateForm({ endpointId, titleId, onClose }: { endpointId: string; titleId: string; onClose: () => void }) {
  const { state, formAction, pending, onSubmit } = useActionForm<SecretState>(rotateSecretAction, IDLE);
  if (state.secret) return <SecretOnce titleId={titleId} title="Copy the new signing secret" secret={state.secret} onDone={onClose} />;
  return (
    <form action={formAction} onSubmit={onSubmit} className="dialog-body">
      <h2 id={titleId}>Rotate the signing secret?</h2>
      <FormMessage state={state} />
      <p>A new secret is created and shown once. For 24 hours deliveries carry signatures with both secrets, so you can switch without missing one.</p>
      <input type="hidden" name="endpoint_id" value={endpointId} />
      <DialogActions onCancel={onClose} pending={pending} label="Rotate secret" pendingLabel="Rotating…" focusCancel />
    </form>
  );
}

const ACTIONS = {
  test: sendTestEventAction,
  retry: retryDeliveryAction,
  enable: setEndpointStatusAction,
  disable: setEndpointStatusAction,
  delete: deleteEndpointAction,
} as const;

/** One-click actions (test event, retry, enable/disable, delete); the outcome is announced next to the button. */
export function EndpointAction({
  action,
  endpointId,
  deliveryId,
  label,
  ariaLabel,
}: {
  action: keyof typeof ACTIONS;
  endpointId: string;
  deliveryId?: string;
  label: string;
  ariaLabel: string;
}) {
  const { state, formAction, pending, onSubmit } = useActionForm(ACTIONS[action], IDLE);
  // Deleting drops the delivery log too: ask first (Cancel is the default in the browser's dialog).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (action === 'delete' && !window.confirm('Delete this endpoint and its delivery log? Events stop being sent to it.')) {
      event.preventDefault();
      return;
    }
    onSubmit(event);
  };
  return (
    <form action={formAction} onSubmit={submit} className="inline-form">
      <input type="hidden" name="endpoint_id" value={endpointId} />
      {deliveryId && <input type="hidden" name="delivery_id" value={deliveryId} />}
      {(action === 'enable' || action === 'disable') && <input type="hidden" name="status" value={action === 'enable' ? 'enabled' : 'disabled'} />}
      <button type="submit" className={`button button-small${action === 'delete' ? ' button-danger' : ''}`} disabled={pending} aria-label={ariaLabel}>
        {pending ? '…' : label}
      </button>
      {state.status !== 'idle' && (
        <small role={state.status === 'error' ? 'alert' : 'status'} className={state.status === 'error' ? 'field-error' : 'muted'}>
          {state.message}
        </small>
      )}
    </form>
  );
}

/**
 * "Replay failed deliveries" of one endpoint since a time (default 24 h ago) in the viewer's zone,
 * which the form sends back: how many were queued is announced.
 */
export function ReplayForm({ endpointId, label, defaultSince, timeZone }: { endpointId: string; label: string; defaultSince: string; timeZone: { id: string; label: string } }) {
  const { state, formAction, pending, onSubmit } = useActionForm(replayFailedAction, IDLE);
  return (
    <form action={formAction} onSubmit={onSubmit} className="replay-form" aria-label={`Replay failed deliveries to ${label}`} noValidate>
      <input type="hidden" name="endpoint_id" value={endpointId} />
      <input type="hidden" name="time_zone" value={timeZone.id} />
      <TextField
        idPrefix={`replay-${endpointId}`}
        name="since"
        label={`Replay failed deliveries since (${timeZone.label})`}
        hint="Each failed delivery created since then is sent once more, with its original webhook-id."
        type="datetime-local"
        step={60}
        required
        initial={defaultSince}
        state={state}
      />
      <button type="submit" className="button button-small" disabled={pending} aria-label={`Replay failed deliveries to ${label}`}>
        {pending ? 'Replaying…' : 'Replay failed deliveries'}
      </button>
      {state.status !== 'idle' && (
        <p role={state.status === 'error' ? 'alert' : 'status'} className={state.status === 'error' ? 'field-error' : 'muted'}>
          {state.message}
        </p>
      )}
    </form>
  );
}
