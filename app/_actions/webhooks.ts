'use server';
/**
 * Settings → Webhooks: each form → the public webhookEndpoints.* operation through the gateway, as
 * the signed-in person (the same scopes, entitlement and limits as an API key). Secrets travel back
 * once, in the action's answer.
 */
import { revalidatePath } from 'next/cache';
import { ALL_EVENTS, SUBSCRIBABLE_EVENT_TYPES } from '@/server/services/webhook-events';
import { formText, type FormState } from '@/server/web/form-state';
import { callOperation, type OperationOutcome } from '@/server/web/operation-call';
import { instantFromDateTimeLocal, submittedTimeZone } from '@/server/web/viewer-time';

export interface SecretState extends FormState {
  /** Present once, in the answer to the request that made it; never stored in the page. */
  secret?: string;
}

const PAGE = '/settings/webhooks';

function done(outcome: OperationOutcome<unknown>, message: string): FormState {
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', message };
}

export async function createEndpointAction(_previous: SecretState, formData: FormData): Promise<SecretState> {
  const url = formText(formData, 'url').trim();
  const description = formText(formData, 'description').trim();
  const all = formData.get('all_events') === 'on';
  const events = all ? [ALL_EVENTS] : formData.getAll('events').filter((e): e is string => typeof e === 'string' && (SUBSCRIBABLE_EVENT_TYPES as string[]).includes(e));
  const values = { url, description, events: all ? ALL_EVENTS : events.join(',') };
  const fieldErrors: Record<string, string> = {};
  if (!url) fieldErrors.url = 'Enter the https URL that should receive events.';
  if (events.length === 0) fieldErrors.events = 'Choose at least one event, or all events.';
  if (Object.keys(fieldErrors).length > 0) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors, values };
  const outcome = await callOperation<{ secret: string }>('webhookEndpoints.create', { url, events, ...(description ? { description } : {}) }, values);
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', message: 'Endpoint added.', secret: outcome.data.secret };
}

export async function rotateSecretAction(_previous: SecretState, formData: FormData): Promise<SecretState> {
  const outcome = await callOperation<{ secret: string }>('webhookEndpoints.rotateSecret', { endpoint_id: formText(formData, 'endpoint_id') });
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', message: 'New secret created. The previous one keeps signing for 24 hours.', secret: outcome.data.secret };
}

export async function setEndpointStatusAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const status = formText(formData, 'status') === 'enabled' ? 'enabled' : 'disabled';
  const outcome = await callOperation('webhookEndpoints.update', { endpoint_id: formText(formData, 'endpoint_id'), status });
  return done(outcome, status === 'enabled' ? 'Endpoint enabled.' : 'Endpoint disabled: it receives no events until you enable it.');
}

export async function sendTestEventAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const endpointId = formText(formData, 'endpoint_id');
  // A chosen event type (issue 31) is a synthetic event of that type; none, or webhook.test, the ping.
  const type = formText(formData, 'type');
  const outcome =
    type && type !== 'webhook.test'
      ? await callOperation('webhookEndpoints.testEvents', { endpoint_id: endpointId, type })
      : await callOperation('webhookEndpoints.test', { endpoint_id: endpointId });
  return done(outcome, 'Test event queued: its delivery appears below.');
}

export async function retryDeliveryAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const outcome = await callOperation('webhookEndpoints.retryDelivery', { endpoint_id: formText(formData, 'endpoint_id'), delivery_id: formText(formData, 'delivery_id') });
  return done(outcome, 'Retry queued.');
}

export async function deleteEndpointAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const outcome = await callOperation('webhookEndpoints.delete', { endpoint_id: formText(formData, 'endpoint_id') });
  return done(outcome, 'Endpoint deleted.');
}

/** "Replay failed deliveries": every failed delivery of the endpoint since the chosen time (in the form's zone), sent once more. */
export async function replayFailedAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const raw = formText(formData, 'since').trim();
  const values = { since: raw };
  // A datetime-local value is wall-clock time without a zone: the one the form was shown in.
  const since = instantFromDateTimeLocal(submittedTimeZone(formData), raw);
  if (!raw) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { since: 'Enter the date and time to replay from.' }, values };
  const outcome = await callOperation<{ queued: number; has_more: boolean }>('webhookEndpoints.replay', { endpoint_id: formText(formData, 'endpoint_id'), since }, values);
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  const { queued, has_more: more } = outcome.data;
  const message =
    queued === 0
      ? 'No failed deliveries since then: nothing to replay.'
      : `${queued} failed ${queued === 1 ? 'delivery' : 'deliveries'} queued to be sent again.${more ? ' More are left: replay again.' : ''}`;
  return { status: 'saved', message, values };
}
