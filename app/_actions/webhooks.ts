'use server';
/**
 * Settings → Webhooks. The same service functions as the public API (webhook-endpoints.ts); these
 * actions add the signed-in owner and form handling. Secrets travel back once, in the action's answer.
 */
import { revalidatePath } from 'next/cache';
import { ApiError } from '@/server/domain/errors';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  retryWebhookDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
} from '@/server/services/webhook-endpoints';
import { ALL_EVENTS, SUBSCRIBABLE_EVENT_TYPES } from '@/server/services/webhook-events';
import { formText, type FormState } from '@/server/web/form-state';
import { currentAccount } from '@/server/web/session';

export interface SecretState extends FormState {
  /** Present once, in the answer to the request that made it; never stored in the page. */
  secret?: string;
}

const SIGNED_OUT: FormState = { status: 'error', message: 'Your session has ended. Sign in again, then retry.' };
const PAGE = '/settings/webhooks';

async function owner() {
  const account = await currentAccount();
  if (!account?.subject) return null;
  return { app: account.app.services, owner: { type: account.subject.type, id: account.subject.id } };
}

/** A refusal the user can act on (not found, disabled endpoint…); anything else is a real error. */
function problemMessage(error: unknown): string {
  if (!(error instanceof ApiError)) throw error;
  return error.detail;
}

export async function createEndpointAction(_previous: SecretState, formData: FormData): Promise<SecretState> {
  const signedIn = await owner();
  if (!signedIn) return SIGNED_OUT;
  const url = formText(formData, 'url').trim();
  const description = formText(formData, 'description').trim();
  const all = formData.get('all_events') === 'on';
  const events = all ? [ALL_EVENTS] : formData.getAll('events').filter((e): e is string => typeof e === 'string' && (SUBSCRIBABLE_EVENT_TYPES as string[]).includes(e));
  const values = { url, description, events: all ? ALL_EVENTS : events.join(',') };
  const fieldErrors: Record<string, string> = {};
  if (!url) fieldErrors.url = 'Enter the https URL that should receive events.';
  if (events.length === 0) fieldErrors.events = 'Choose at least one event, or all events.';
  if (description.length > 500) fieldErrors.description = 'Keep the description to 500 characters or fewer.';
  if (Object.keys(fieldErrors).length > 0) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors, values };
  try {
    const { secret } = await createWebhookEndpoint(signedIn.app, signedIn.owner, { url, events, description: description || null });
    revalidatePath(PAGE);
    return { status: 'saved', message: 'Endpoint added.', secret };
  } catch (error) {
    if (error instanceof ApiError && error.options.errors?.[0]?.path === 'body.url') {
      return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { url: error.detail }, values };
    }
    return { status: 'error', message: problemMessage(error), values };
  }
}

export async function rotateSecretAction(_previous: SecretState, formData: FormData): Promise<SecretState> {
  const signedIn = await owner();
  if (!signedIn) return SIGNED_OUT;
  try {
    const { secret } = await rotateWebhookSecret(signedIn.app, signedIn.owner, formText(formData, 'endpoint_id'));
    revalidatePath(PAGE);
    return { status: 'saved', message: 'New secret created. The previous one keeps signing for 24 hours.', secret };
  } catch (error) {
    return { status: 'error', message: problemMessage(error) };
  }
}

export async function setEndpointStatusAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const signedIn = await owner();
  if (!signedIn) return SIGNED_OUT;
  const status = formText(formData, 'status') === 'enabled' ? 'enabled' : 'disabled';
  try {
    await updateWebhookEndpoint(signedIn.app, signedIn.owner, formText(formData, 'endpoint_id'), { status });
    revalidatePath(PAGE);
    return { status: 'saved', message: status === 'enabled' ? 'Endpoint enabled.' : 'Endpoint disabled: it receives no events until you enable it.' };
  } catch (error) {
    return { status: 'error', message: problemMessage(error) };
  }
}

export async function sendTestEventAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const signedIn = await owner();
  if (!signedIn) return SIGNED_OUT;
  try {
    await sendTestEvent(signedIn.app.db, signedIn.owner, formText(formData, 'endpoint_id'));
    revalidatePath(PAGE);
    return { status: 'saved', message: 'Test event queued. Reload to see its delivery.' };
  } catch (error) {
    return { status: 'error', message: problemMessage(error) };
  }
}

export async function retryDeliveryAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const signedIn = await owner();
  if (!signedIn) return SIGNED_OUT;
  try {
    await retryWebhookDelivery(signedIn.app, signedIn.owner, formText(formData, 'endpoint_id'), formText(formData, 'delivery_id'));
    revalidatePath(PAGE);
    return { status: 'saved', message: 'Retry queued.' };
  } catch (error) {
    return { status: 'error', message: problemMessage(error) };
  }
}

export async function deleteEndpointAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const signedIn = await owner();
  if (!signedIn) return SIGNED_OUT;
  try {
    await deleteWebhookEndpoint(signedIn.app.db, signedIn.owner, formText(formData, 'endpoint_id'));
    revalidatePath(PAGE);
    return { status: 'saved', message: 'Endpoint deleted.' };
  } catch (error) {
    return { status: 'error', message: problemMessage(error) };
  }
}
