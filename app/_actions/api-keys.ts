'use server';
/**
 * Settings → API keys: the form's fields → the internal apiKeys.* operations, through the gateway
 * (src/server/web/operation-call.ts), which checks the session, the role's `api_keys:write`
 * permission, the entitlement and the rate limit like any other operation.
 */
import { revalidatePath } from 'next/cache';
import type { ApiKeySummary } from '@/server/services/api-keys';
import { formText, type FormState } from '@/server/web/form-state';
import { KEY_EXPIRY_CHOICES, type CreatedKey } from '@/server/web/key-form';
import { callOperation, type OperationOutcome } from '@/server/web/operation-call';

export interface CreateKeyState extends FormState {
  /** Present once, in the response to the request that created the key; never stored or shown again. */
  created?: CreatedKey;
}

const PAGE = '/settings/api-keys';
const NOT_FOUND = 'That key was not found. Reload the page and try again.';

/** The refusal as the form shows it; "not found" says what to do about it. */
function refused(outcome: Extract<OperationOutcome<unknown>, { ok: false }>): FormState {
  return outcome.problem?.slug === 'not-found' ? { ...outcome.state, message: NOT_FOUND } : outcome.state;
}

function createdKey(key: ApiKeySummary, secret: string): CreatedKey {
  return { id: key.id, name: key.name, start: key.start, scopes: key.scopes, expires_at: key.expires_at, secret };
}

export async function createKeyAction(_previous: CreateKeyState, formData: FormData): Promise<CreateKeyState> {
  const name = formText(formData, 'name');
  const scopes = formData.getAll('scopes').filter((s): s is string => typeof s === 'string');
  const expiry = formText(formData, 'expires_in_days') || 'never';
  const values = { name, expires_in_days: expiry, scopes: scopes.join(',') };
  const choice = KEY_EXPIRY_CHOICES.find((c) => c.value === expiry);
  if (!choice) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: { expires_in_days: 'Choose an expiry from the list.' }, values };
  const outcome = await callOperation<{ key: ApiKeySummary; secret: string }>('apiKeys.create', { name, scopes, expires_in_days: choice.days }, values);
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', created: createdKey(outcome.data.key, outcome.data.secret) };
}

export async function revokeKeyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const outcome = await callOperation<ApiKeySummary>('apiKeys.revoke', { key_id: formText(formData, 'key_id') });
  if (!outcome.ok) return refused(outcome);
  revalidatePath(PAGE);
  return { status: 'saved', message: `Revoked “${outcome.data.name}”. Requests with it now get 401.` };
}

export async function renameKeyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const name = formText(formData, 'name');
  const outcome = await callOperation<ApiKeySummary>('apiKeys.rename', { key_id: formText(formData, 'key_id'), name }, { name });
  if (!outcome.ok) return refused(outcome);
  revalidatePath(PAGE);
  return { status: 'saved', message: `Renamed to “${outcome.data.name}”.` };
}

export interface RollKeyState extends FormState {
  /** The new secret: in this one response only. */
  rolled?: CreatedKey & { oldKeyUntil: string | null };
}

/** A new secret with the same scopes; the old one keeps working for the chosen grace period. */
export async function rollKeyAction(_previous: RollKeyState, formData: FormData): Promise<RollKeyState> {
  const outcome = await callOperation<{ key: ApiKeySummary; secret: string; old: ApiKeySummary }>('apiKeys.roll', {
    key_id: formText(formData, 'key_id'),
    grace: formText(formData, 'grace'),
  });
  if (!outcome.ok) {
    if (outcome.state.fieldErrors?.grace) return { status: 'error', message: 'Choose how long the old key keeps working.', fieldErrors: { grace: 'Choose a grace period.' } };
    return refused(outcome);
  }
  const { key, secret, old } = outcome.data;
  revalidatePath(PAGE);
  return { status: 'saved', rolled: { ...createdKey(key, secret), oldKeyUntil: old.status === 'active' ? old.expires_at : null } };
}
