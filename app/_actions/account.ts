'use server';
/**
 * Sign-up, sign-in and sign-out. Server actions: Next only runs them for same-origin POSTs (it
 * compares Origin with Host), and better-auth writes the http-only session cookie onto the response.
 * The mail-link flows (confirm, reset, change of address) are in account-email.ts.
 */
import { isAPIError } from 'better-auth/api';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getApp } from '@/server/app-singleton';
import { createAgency, createCreatorAccount } from '@/server/services/accounts';
import { beginSignIn, mailRetryAfter } from '@/server/services/sign-in-attempts';
import { recordSignUpChoice, replaceUnconfirmedSignUp, sweepUnconfirmedSignUps } from '@/server/services/sign-ups';
import { authFor, sessionCookiesSecure } from '@/server/web/auth';
import { typedEmailAddress } from '@/server/lib/email';
import { newPassword } from '@/server/web/password-field';
import { PASSWORD_MAX_LENGTH } from '@/server/web/password-rules';
import { fieldErrorsFrom, formText, type FormState } from '@/server/web/form-state';
import { currentAccount, HOME_PATH, safeReturnPath } from '@/server/web/session';
import { requestClient, retryMessage, setFailedSignInNotice } from '@/server/web/sign-in-limit';

const name = (what: string) =>
  z.string().trim().min(1, `Enter ${what}.`).max(100, `Keep ${what} to 100 characters or fewer.`);

const signUpInput = z.discriminatedUnion('account_type', [
  z.object({ account_type: z.literal('agency'), name: name('your name'), agency_name: name('the agency name'), email: typedEmailAddress, password: newPassword }),
  z.object({ account_type: z.literal('creator'), name: name('your name'), email: typedEmailAddress, password: newPassword }),
]);

/** What sign-up answers for every address, taken or not: the next step is in the inbox either way. */
function checkInboxMessage(address: string): string {
  return `Check your inbox: we sent a link to ${address}. Open it to confirm your address and finish creating your account. It may take a minute; look in your spam folder too.`;
}

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
  const { address } = requestClient(requestHeaders);
  // Sign-up sends mail, to whatever address is typed: limited per recipient and per client.
  const wait = await mailRetryAfter(app.services, { to: input.email, address });
  if (wait !== null) return { status: 'error', message: retryMessage(wait), values };

  const db = app.services.db;
  // A sign-up nobody confirmed owns nothing and is replaced by this one (its links stop working).
  await replaceUnconfirmedSignUp(db, input.email);
  const auth = await authFor(app);
  // For a taken address better-auth answers with a stand-in user and mails the owner instead.
  const result = await auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers: requestHeaders });
  await recordSignUpChoice(db, result.user, input.account_type === 'agency' ? { accountType: 'agency', agencyName: input.agency_name } : { accountType: 'creator' });
  await sweepUnconfirmedSignUps(db).catch((error: unknown) => app.services.logger.warn('could not sweep unconfirmed sign-ups', { error: String(error) }));
  return { status: 'saved', message: checkInboxMessage(input.email), values: { ...values, email: input.email } };
}

const signInInput = z.object({ email: typedEmailAddress, password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH) });

export async function signInAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = { email: formText(formData, 'email'), next: formText(formData, 'next') };
  const parsed = signInInput.safeParse({ email: values.email, password: formText(formData, 'password') });
  if (!parsed.success) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: fieldErrorsFrom(parsed.error.issues), values };

  const requestHeaders = await headers();
  const app = await getApp();
  const client = requestClient(requestHeaders);
  // The limits come first: no password is checked (no argon2 work) for an attempt they hold back.
  const gate = await beginSignIn(app.services, { email: parsed.data.email, ...client });
  if (!gate.allowed) return { status: 'error', message: retryMessage(gate.retryAfterSeconds), values };

  const auth = await authFor(app);
  try {
    await auth.api.signInEmail({ body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true }, headers: requestHeaders });
  } catch (error) {
    // One message for an unknown email and a wrong password: the form does not reveal who has an account.
    if (isAPIError(error) && error.status === 'UNAUTHORIZED') {
      await gate.failed();
      return { status: 'error', message: 'That email and password do not match an account.', values };
    }
    // The right password for an address not confirmed yet (only its owner gets this far): a new link.
    if (isAPIError(error) && error.body?.code === 'EMAIL_NOT_VERIFIED') {
      await gate.passwordAccepted();
      const wait = await mailRetryAfter(app.services, { to: parsed.data.email, address: client.address });
      if (wait === null) await auth.api.sendVerificationEmail({ body: { email: parsed.data.email }, headers: requestHeaders });
      return {
        status: 'error',
        message:
          wait === null
            ? `Confirm your email address first: we sent a new link to ${parsed.data.email}.`
            : `Confirm your email address first with the link we sent to ${parsed.data.email}. ${retryMessage(wait).replace('Too many attempts. ', 'For a new link, ')}`,
        values,
      };
    }
    throw error;
  }
  const { failedSinceLastSignIn } = await gate.signedIn();
  await setFailedSignInNotice(failedSinceLastSignIn, sessionCookiesSecure(app.services.config.publicBaseUrl));
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
  if (account.subject) redirect(HOME_PATH);
  const accountType = formText(formData, 'account_type');
  const values = { account_type: accountType, name: formText(formData, 'name'), agency_name: formText(formData, 'agency_name') };
  const parsed = setupInput.safeParse(values);
  if (!parsed.success) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: fieldErrorsFrom(parsed.error.issues), values };
  const db = account.app.services.db;
  if (parsed.data.account_type === 'agency') await createAgency(db, { name: parsed.data.agency_name, ownerEmail: account.user.email });
  else await createCreatorAccount(db, { displayName: parsed.data.name, email: account.user.email });
  redirect(`${HOME_PATH}?welcome=1`);
}
