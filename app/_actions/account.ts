'use server';
/**
 * Sign-up, sign-in and sign-out. Server actions: Next only runs them for same-origin POSTs (it
 * compares Origin with Host), and better-auth writes the http-only session cookie onto the response.
 */
import { isAPIError } from 'better-auth/api';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getApp } from '@/server/app-singleton';
import { createAgency, createCreatorAccount } from '@/server/services/accounts';
import { authFor } from '@/server/web/auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/server/web/password-rules';
import { fieldErrorsFrom, formText, type FormState } from '@/server/web/form-state';
import { clientAddress } from '@/server/lib/client-address';
import { currentAccount, safeReturnPath } from '@/server/web/session';
import { retryMessage, signInRetryAfter } from '@/server/web/sign-in-limit';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter an email address like name@example.com.').max(254, 'Use an email address of at most 254 characters.'));
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);
const name = (what: string) =>
  z.string().trim().min(1, `Enter ${what}.`).max(100, `Keep ${what} to 100 characters or fewer.`);

const signUpInput = z.discriminatedUnion('account_type', [
  z.object({ account_type: z.literal('agency'), name: name('your name'), agency_name: name('the agency name'), email, password }),
  z.object({ account_type: z.literal('creator'), name: name('your name'), email, password }),
]);

export async function signUpAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const accountType = formText(formData, 'account_type');
  const values = {
    account_type: accountType,
    name: formText(formData, 'name'),
    agency_name: formText(formData, 'agency_name'),
    email: formText(formData, 'email'),
  };
  const parsed = signUpInput.safeParse({
    ...values,
    ...(accountType === 'creator' ? { agency_name: undefined } : {}),
    password: formText(formData, 'password'),
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error.issues);
    if (!['agency', 'creator'].includes(accountType)) fieldErrors.account_type = 'Choose agency or creator.';
    return { status: 'error', message: 'Check the highlighted fields.', fieldErrors, values };
  }
  const input = parsed.data;
  const requestHeaders = await headers();
  const app = await getApp();
  const wait = await signInRetryAfter(app.services.rateLimiter, { clientAddress: clientAddress(requestHeaders) });
  if (wait !== null) return { status: 'error', message: retryMessage(wait), values };

  const auth = await authFor(app);
  let userId: string;
  try {
    const result = await auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers: requestHeaders });
    userId = result.user.id;
  } catch (error) {
    if (isAPIError(error) && error.body?.code?.startsWith('USER_ALREADY_EXISTS')) {
      return { status: 'error', fieldErrors: { email: 'An account with this email already exists. Sign in instead.' }, message: 'Check the highlighted fields.', values };
    }
    throw error;
  }

  // The agency or creator the account acts for, through the same services as the operator CLI.
  const db = app.services.db;
  try {
    if (input.account_type === 'agency') await createAgency(db, { name: input.agency_name, ownerEmail: input.email });
    else await createCreatorAccount(db, { displayName: input.name, email: input.email });
  } catch (error) {
    // Undo the half-made account (its sessions and password go with it) so the email can sign up again.
    await db.user.delete({ where: { id: userId } }).catch(() => undefined);
    app.services.logger.error('sign-up could not create the account subject', { error: String(error) });
    return { status: 'error', message: 'Your account could not be created. Please try again.', values };
  }
  redirect('/settings?welcome=1');
}

const signInInput = z.object({ email, password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH) });

export async function signInAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = { email: formText(formData, 'email'), next: formText(formData, 'next') };
  const parsed = signInInput.safeParse({ email: values.email, password: formText(formData, 'password') });
  if (!parsed.success) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: fieldErrorsFrom(parsed.error.issues), values };

  const requestHeaders = await headers();
  const app = await getApp();
  const wait = await signInRetryAfter(app.services.rateLimiter, { email: parsed.data.email, clientAddress: clientAddress(requestHeaders) });
  if (wait !== null) return { status: 'error', message: retryMessage(wait), values };

  const auth = await authFor(app);
  try {
    await auth.api.signInEmail({ body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true }, headers: requestHeaders });
  } catch (error) {
    // One message for an unknown email and a wrong password: the form does not reveal who has an account.
    if (isAPIError(error) && (error.status === 'UNAUTHORIZED' || error.status === 'BAD_REQUEST')) {
      return { status: 'error', message: 'That email and password do not match an account.', values };
    }
    throw error;
  }
  redirect(safeReturnPath(values.next));
}

export async function signOutAction(): Promise<void> {
  const account = await currentAccount();
  if (account) await account.auth.api.signOut({ headers: await headers() });
  redirect('/sign-in?signed_out=1');
}

const setupInput = z.discriminatedUnion('account_type', [
  z.object({ account_type: z.literal('agency'), agency_name: name('the agency name') }),
  z.object({ account_type: z.literal('creator'), name: name('your display name') }),
]);

/** For a signed-in user without an agency or creator (sign-up could not create it): create one now. */
export async function completeSetupAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const account = await currentAccount();
  if (!account) redirect('/sign-in?next=/settings');
  if (account.subject) redirect('/settings');
  const accountType = formText(formData, 'account_type');
  const values = { account_type: accountType, name: formText(formData, 'name'), agency_name: formText(formData, 'agency_name') };
  const parsed = setupInput.safeParse(values);
  if (!parsed.success) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: fieldErrorsFrom(parsed.error.issues), values };
  const db = account.app.services.db;
  if (parsed.data.account_type === 'agency') await createAgency(db, { name: parsed.data.agency_name, ownerEmail: account.user.email });
  else await createCreatorAccount(db, { displayName: parsed.data.name, email: account.user.email });
  redirect('/settings?welcome=1');
}
