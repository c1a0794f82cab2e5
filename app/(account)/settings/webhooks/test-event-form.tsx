'use client';

import { sendTestEventAction } from '../../../_actions/webhooks';
import { IDLE } from '@/server/web/form-state';
import { useActionForm } from '../../../_components/use-action-form';

/**
 * "Send test event" with a choice of type (issue 31): `webhook.test` (a ping) or a synthetic event of any
 * type the account receives, shaped like a real one and marked `"test": true`. Queued to this endpoint only.
 */
export function TestEventForm({ endpointId, label, eventTypes }: { endpointId: string; label: string; eventTypes: string[] }) {
  const { state, formAction, pending, onSubmit } = useActionForm(sendTestEventAction, IDLE);
  const selectId = `test-event-type-${endpointId}`;
  return (
    <form action={formAction} onSubmit={onSubmit} className="inline-form test-event-form">
      <input type="hidden" name="endpoint_id" value={endpointId} />
      <label htmlFor={selectId} className="visually-hidden">
        Test event type for {label}
      </label>
      <select id={selectId} name="type" defaultValue="webhook.test">
        <option value="webhook.test">webhook.test (ping)</option>
        {eventTypes.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-small" disabled={pending} aria-label={`Send test event to ${label}`}>
        {pending ? '…' : 'Send test event'}
      </button>
      {state.status !== 'idle' && (
        <small role={state.status === 'error' ? 'alert' : 'status'} className={state.status === 'error' ? 'field-error' : 'muted'}>
          {state.message}
        </small>
      )}
    </form>
  );
}
