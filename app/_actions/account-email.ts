'use server';
/**
 * The account flows that go through a mailbox, on better-auth's own flows (called with auth.api,
 * its HTTP endpoints are not mounted): confirming a sign-up, resetting a forgotten password and
 * changing the sign-in email; plus changing the password while signed in. Every flow that takes a
 * password passes the sign-in limits first; every flow that sends mail passes the mail limits.
 */
import { isAPIError } from 'better-auth/api';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getApp } from '@/server/app-singleton';
import { beginSignIn, mailRetryAfter, recordSignIn } from '@/server/services/sign-in-attempts';
import { authFor, readEmailLink, RESET_LINK_MINUTES } from '@/server/web/auth';
import { fieldErrorsFrom, formText, type FormState } from '@/server/web/form-state';
import { typedEmailAddress } from '@/server/lib/email';
import { newPassword } from '@/server/web/password-field';
import { PASSWORD_MAX_LENGTH } from '@/server/web/password-rules';
import { HOME_PATH, requireAccount } from '@/server/web/session';
import { requestClient, retryMessage, SIGN_IN_NOTICE_COOKIE } from '@/server/web/sign-in-limit';

const currentPassword = z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH, 'That password does not match this account.');

const CHECK = 'Check the highlighted fields.';

/** Forgot password: the same answer whether or not the address has an account. */
export async function requestPasswordResetAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = { email: formText(formData, 'email') };
  const parsed = typedEmailAddress.safeParse(values.email);
  if (!parsed.success) return { status: 'error', message: CHECK, fieldErrors: { email: parsed.error.issues[0]!.message }, values };
  const requestHeaders = await headers();
  const app = await getApp();
  const wait = await mailRetryAfter(app.services, { to: parsed.data, address: requestClient(requestHeaders).address });
  if (wait !== null) return { status: 'error', message: retryMessage(wait), values };
  const auth = await authFor(app);
  await auth.api.requestPasswordReset({ body: { email: parsed.data }, headers: requestHeaders });
  return {
    status: 'saved',
    message: `If an account uses ${parsed.data}, we sent it a link to choose a new password. The link works for ${RESET_LINK_MINUTES} minutes.`,
    values: { email: parsed.data },
  };
}

/** The reset link's form: a new password, then signed in (the link proved the mailbox). */
export async function resetPasswordAction(token: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const parsed = newPassword.safeParse(formText(formData, 'password'));
  if (!parsed.success) return { status: 'error', message: CHECK, fieldErrors: { password: parsed.error.issues[0]!.message } };
  const requestHeaders = await headers();
  const app = await getApp();
  const auth = await authFor(app);
  // Which account the link is for, read before the reset uses it up (the token is stored hashed).
  const context = await auth.$context;
  const userId = (await context.internalAdapter.findVerificationValue(`reset-password:${token}`))?.value;
  try {
    await auth.api.resetPassword({ body: { newPassword: parsed.data, token }, headers: requestHeaders });
  } catch (error) {
    if (isAPIError(error) && error.status === 'BAD_REQUEST' && (error.body?.code === 'INVALID_TOKEN' || error.body?.code === 'USER_NOT_FOUND')) {
      return { status: 'error', message: 'This link has expired or was already used. Ask for a new one below.' };
    }
    throw error;
  }
  const user = userId ? await app.services.db.user.findUnique({ where: { id: userId }, select: { id: true, email: true } }) : null;
  if (!user) redirect('/sign-in?password_reset=1');
  // Every other session was revoked with the reset; this browser gets a fresh one.
  await auth.api.signInEmail({ body: { email: user.email, password: parsed.data, rememberMe: true }, headers: requestHeaders });
  await recordSignIn(app.services.db, user.id, requestClient(requestHeaders));
  redirect('/settings?password_reset=1');
}

/**
 * A sign-up's confirmation link: the password chosen at sign-up confirms it. The link alone is not
 * enough, or whoever typed someone else's address into the form would get a confirmed account the
 * moment its owner clicked a link they never asked for.
 */
export async function confirmSignUpAction(token: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const requestHeaders = await headers();
  const app = await getApp();
  const link = await readEmailLink(app, token);
  if (link.kind !== 'sign-up') return { status: 'error', message: 'This link is not valid any more. Sign in to get a new one.' };
  const password = currentPassword.safeParse(formText(formData, 'password'));
  if (!password.success) return { status: 'error', message: CHECK, fieldErrors: { password: password.error.issues[0]!.message } };

  const client = requestClient(requestHeaders);
  const gate = await beginSignIn(app.services, { email: link.email, ...client });
  if (!gate.allowed) return { status: 'error', message: retryMessage(gate.retryAfterSeconds) };
  const auth = await authFor(app);
  let alreadyConfirmed = false;
  try {
    await auth.api.signInEmail({ body: { email: link.email, password: password.data, rememberMe: true }, headers: requestHeaders });
    alreadyConfirmed = true;
  } catch (error) {
    if (isAPIError(error) && error.status === 'UNAUTHORIZED') {
      await gate.failed();
      return { status: 'error', message: CHECK, fieldErrors: { password: 'That password does not match the one chosen at sign-up.' } };
    }
    if (!(isAPIError(error) && error.body?.code === 'EMAIL_NOT_VERIFIED')) throw error;
  }
  if (alreadyConfirmed) {
    // The link was used before: this was a plain sign-in.
    await gate.signedIn();
    redirect(HOME_PATH);
  }
  // The right password for an unconfirmed address: now better-auth confirms it (which creates the
  // agency or creator, services/sign-ups.ts) and signs this browser in.
  try {
    await auth.api.verifyEmail({ query: { token }, headers: requestHeaders });
  } catch (error) {
    if (isAPIError(error)) return { status: 'error', message: 'This link belongs to an earlier sign-up for this address. Use the newest link we sent, or sign in to get a new one.' };
    throw error;
  }
  await gate.signedIn();
  redirect(`${HOME_PATH}?welcome=1`);
}

/** The two links of a change of address: approval from the current address, then confirmation from the new one. */
export async function confirmEmailChangeAction(token: string, _previous: FormState): Promise<FormState> {
  const requestHeaders = await headers();
  const app = await getApp();
  const link = await readEmailLink(app, token);
  if (link.kind !== 'change-email-confirmation' && link.kind !== 'change-email-verification') {
    return { status: 'error', message: 'This link is not valid any more. Start the change again from your account settings.' };
  }
  const wait = link.kind === 'change-email-confirmation' ? await mailRetryAfter(app.services, { to: link.newEmail, address: requestClient(requestHeaders).address }) : null;
  if (wait !== null) return { status: 'error', message: retryMessage(wait) };
  const auth = await authFor(app);
  try {
    await auth.api.verifyEmail({ query: { token }, headers: requestHeaders });
  } catch (error) {
    if (isAPIError(error) && error.body?.code === 'INVALID_USER') return { status: 'error', message: 'This link is for another account than the one signed in here. Sign out, then open the link again.' };
    if (isAPIError(error)) return { status: 'error', message: 'This link is not valid any more: the address may have changed since. Start the change again from your account settings.' };
    // A unique violation: the new address got an account of its own in the meantime.
    app.services.logger.warn('change of email could not be completed', { error: String(error) });
    return { status: 'error', message: 'The change could not be made. Start it again from your account settings with another address.' };
  }
  return link.kind === 'change-email-confirmation'
    ? { status: 'saved', message: `Approved. We sent a link to ${link.newEmail}: open it to confirm the new address and finish the change.` }
    : { status: 'saved', message: `Done: your sign-in email is now ${link.newEmail}.` };
}

const changeEmailInput = z.object({ new_email: typedEmailAddress, password: currentPassword });

/** Settings → Account: start a change of sign-in email (the current address approves first). */
export async function changeEmailAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const account = await requireAccount('/settings/account');
  const values = { new_email: formText(formData, 'new_email') };
  const parsed = changeEmailInput.safeParse({ ...values, password: formText(formData, 'password') });
  if (!parsed.success) return { status: 'error', message: CHECK, fieldErrors: fieldErrorsFrom(parsed.error.issues), values };
  if (parsed.data.new_email === account.user.email) return { status: 'error', message: CHECK, fieldErrors: { new_email: 'That is already your sign-in email.' }, values };
  const requestHeaders = await headers();
  const { app, auth } = account;
  const client = requestClient(requestHeaders);
  const checked = await checkOwnPassword(account, parsed.data.password, client);
  if (checked) return { ...checked, values };
  const wait = await mailRetryAfter(app.services, { to: account.user.email, address: client.address });
  if (wait !== null) return { status: 'error', message: retryMessage(wait), values };
  // For an address that already has an account better-auth sends nothing and answers the same.
  await auth.api.changeEmail({ body: { newEmail: parsed.data.new_email }, headers: requestHeaders });
  return {
    status: 'saved',
    message: `To finish, approve the change with the link we sent to ${account.user.email}; then confirm ${parsed.data.new_email} with the link we send there.`,
  };
}

const changePasswordInput = z.object({ current_password: currentPassword, new_password: newPassword });

/** Settings → Account: a new password; every other session is signed out. */
export async function changePasswordAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const account = await requireAccount('/settings/account');
  const parsed = changePasswordInput.safeParse({ current_password: formText(formData, 'current_password'), new_password: formText(formData, 'new_password') });
  if (!parsed.success) return { status: 'error', message: CHECK, fieldErrors: fieldErrorsFrom(parsed.error.issues) };
  const requestHeaders = await headers();
  const checked = await checkOwnPassword(account, parsed.data.current_password, requestClient(requestHeaders), 'current_password');
  if (checked) return checked;
  await account.auth.api.changePassword({ body: { currentPassword: parsed.data.current_password, newPassword: parsed.data.new_password, revokeOtherSessions: true }, headers: requestHeaders });
  return { status: 'saved', message: 'Password changed. Every other session was signed out.' };
}

/** The signed-in user's password, checked under the sign-in limits; an error state, or null when right. */
async function checkOwnPassword(
  account: Awaited<ReturnType<typeof requireAccount>>,
  password: string,
  client: { address: string; userAgent: string | null },
  field = 'password',
): Promise<FormState | null> {
  const gate = await beginSignIn(account.app.services, { email: account.user.email, ...client });
  if (!gate.allowed) return { status: 'error', message: retryMessage(gate.retryAfterSeconds) };
  try {
    await account.auth.api.verifyPassword({ body: { password }, headers: await headers() });
  } catch (error) {
    if (isAPIError(error) && error.status === 'BAD_REQUEST') {
      await gate.failed();
      return { status: 'error', message: CHECK, fieldErrors: { [field]: 'That password does not match this account.' } };
    }
    throw error;
  }
  await gate.passwordAccepted();
  return null;
}

/** Hides the notice of failed sign-ins shown after signing in. */
export async function dismissSignInNoticeAction(): Promise<void> {
  (await cookies()).delete(SIGN_IN_NOTICE_COOKIE);
}
