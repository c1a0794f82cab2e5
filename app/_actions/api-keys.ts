'use server';
/**
 * Settings → API keys. The same service functions as the operator CLI (createApiKey, listApiKeys,
 * revokeApiKey, resolveScopes); these actions only add the signed-in owner and form handling.
 */
import { revalidatePath } from 'next/cache';
import { ApiError } from '@/server/domain/errors';
import { createApiKey, isRollGracePeriod, KEY_NAME_MAX, renameApiKey, revokeApiKey, rollApiKey } from '@/server/services/api-keys';
import { formText, type FormState } from '@/server/web/form-state';
import { KEY_EXPIRY_CHOICES, type CreatedKey } from '@/server/web/key-form';
import { currentAccount } from '@/server/web/session';

export interface CreateKeyState extends FormState {
  /** Present once, in the response to the request that created the key; never stored or shown again. */
  created?: CreatedKey;
}

const SIGNED_OUT: FormState = { status: 'error', message: 'Your session has ended. Sign in again, then retry.' };

export async function createKeyAction(_previous: CreateKeyState, formData: FormData): Promise<CreateKeyState> {
  const account = await currentAccount();
  if (!account?.subject) return SIGNED_OUT;
  const name = formText(formData, 'name');
  const scopes = formData.getAll('scopes').filter((s): s is string => typeof s === 'string');
  const expiry = formText(formData, 'expires_in_days') || 'never';
  const values = { name, expires_in_days: expiry, scopes: scopes.join(',') };

  const fieldErrors: Record<string, string> = {};
  if (name.trim().length === 0) fieldErrors.name = 'Give the key a name, e.g. the app or server that will use it.';
  else if (name.trim().length > 100) fieldErrors.name = 'Keep the name to 100 characters or fewer.';
  if (scopes.length === 0) fieldErrors.scopes = 'Choose at least one scope.';
  const days = KEY_EXPIRY_CHOICES.find((choice) => choice.value === expiry);
  if (!days) fieldErrors.expires_in_days = 'Choose an expiry from the list.';
  if (Object.keys(fieldErrors).length > 0 || !days) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors, values };

  try {
    const { key, secret } = await createApiKey(account.app.services.db, {
      subject: { type: account.subject.type, id: account.subject.id },
      userId: account.user.id,
      name,
      scopes,
      expiresAt: days.days === null ? null : new Date(Date.now() + days.days * 86_400_000),
    });
    revalidatePath('/settings/api-keys');
    return { status: 'saved', created: { id: key.id, name: key.name, start: key.start, scopes: key.scopes, expires_at: key.expires_at, secret } };
  } catch (error) {
    // resolveScopes refuses scopes the subject type may not hold, exactly as for the CLI.
    if (error instanceof ApiError) return { status: 'error', message: error.detail, values };
    throw error;
  }
}

export async function revokeKeyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const account = await currentAccount();
  if (!account?.subject) return SIGNED_OUT;
  const keyId = formText(formData, 'key_id');
  try {
    // Scoped to the signed-in subject: another account's key id is "not found".
    const key = await revokeApiKey(account.app.services.db, keyId, { subject: { type: account.subject.type, id: account.subject.id } });
    revalidatePath('/settings/api-keys');
    return { status: 'saved', message: `Revoked “${key.name}”. Requests with it now get 401.` };
  } catch (error) {
    if (error instanceof ApiError) return { status: 'error', message: 'That key was not found. Reload the page and try again.' };
    throw error;
  }
}

export async function renameKeyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const account = await currentAccount();
  if (!account?.subject) return SIGNED_OUT;
  const keyId = formText(formData, 'key_id');
  const name = formText(formData, 'name');
  const values = { name };
  if (name.trim().length === 0) return { status: 'error', message: 'Check the highlighted field.', fieldErrors: { name: 'Give the key a name.' }, values };
  if (name.trim().length > KEY_NAME_MAX) return { status: 'error', message: 'Check the highlighted field.', fieldErrors: { name: `Keep the name to ${KEY_NAME_MAX} characters or fewer.` }, values };
  try {
    const key = await renameApiKey(account.app.services.db, keyId, name, { subject: { type: account.subject.type, id: account.subject.id } });
    revalidatePath('/settings/api-keys');
    return { status: 'saved', message: `Renamed to “${key.name}”.` };
  } catch (error) {
    if (error instanceof ApiError) return { status: 'error', message: error.slug === 'not-found' ? 'That key was not found. Reload the page and try again.' : error.detail, values };
    throw error;
  }
}

export interface RollKeyState extends FormState {
  /** The new secret: in this one response only. */
  rolled?: CreatedKey & { oldKeyUntil: string | null };
}

/** A new secret with the same scopes; the old one keeps working for the chosen grace period. */
export async function rollKeyAction(_previous: RollKeyState, formData: FormData): Promise<RollKeyState> {
  const account = await currentAccount();
  if (!account?.subject) return SIGNED_OUT;
  const keyId = formText(formData, 'key_id');
  const grace = formText(formData, 'grace');
  if (!isRollGracePeriod(grace)) return { status: 'error', message: 'Choose how long the old key keeps working.', fieldErrors: { grace: 'Choose a grace period.' } };
  try {
    const { key, secret, old } = await rollApiKey(account.app.services.db, keyId, grace, { subject: { type: account.subject.type, id: account.subject.id } });
    revalidatePath('/settings/api-keys');
    return {
      status: 'saved',
      rolled: { id: key.id, name: key.name, start: key.start, scopes: key.scopes, expires_at: key.expires_at, secret, oldKeyUntil: old.status === 'active' ? old.expires_at : null },
    };
  } catch (error) {
    if (error instanceof ApiError) return { status: 'error', message: error.slug === 'not-found' ? 'That key was not found. Reload the page and try again.' : error.detail };
    throw error;
  }
}
