'use server';
/**
 * The invitation link's page (/invite?token=…, issue 32): a signed-in invitee accepts; an invitee
 * without an account chooses a name and password and is signed in as a member. Joining is not an
 * operation of the agency (the person is not a member yet): the token is the credential, checked
 * by services/members.ts (hash lookup, expiry, the invited address).
 */
import { isAPIError } from 'better-auth/api';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getApp } from '@/server/app-singleton';
import { ApiError } from '@/server/domain/errors';
import { ACTING_FOR_COOKIE } from '@/server/lib/acting-for';
import { acceptInvitation } from '@/server/services/members';
import { authFor, sessionCookiesSecure } from '@/server/web/auth';
import { fieldErrorsFrom, formText, type FormState } from '@/server/web/form-state';
import { signUpThroughInvitation } from '@/server/web/invitation-sign-up';
import { newPassword } from '@/server/web/password-field';
import { currentAccount, HOME_PATH } from '@/server/web/session';
import { requestClient } from '@/server/web/sign-in-limit';

/** Acting for the agency just joined: the header's switcher starts there. */
async function actForAgency(agencyId: string, publicBaseUrl: string): Promise<void> {
  const store = await cookies();
  store.set(ACTING_FOR_COOKIE, `agency:${agencyId}`, { httpOnly: true, sameSite: 'lax', path: '/', secure: sessionCookiesSecure(publicBaseUrl), maxAge: 365 * 24 * 3600 });
}

export async function acceptInvitationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const token = formText(formData, 'token');
  const account = await currentAccount();
  if (!account) redirect(`/sign-in?next=${encodeURIComponent(`/invite?token=${token}`)}`);
  const client = requestClient(await headers());
  let agencyId: string;
  try {
    ({ agencyId } = await acceptInvitation(account.app.services.db, token, account.user, client));
  } catch (error) {
    if (error instanceof ApiError) return { status: 'error', message: error.detail };
    throw error;
  }
  await actForAgency(agencyId, account.app.services.config.publicBaseUrl);
  redirect(`${HOME_PATH}?joined=1`);
}

const signUpInput = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(100, 'Keep your name to 100 characters or fewer.'),
  password: newPassword,
});

export async function signUpThroughInvitationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const token = formText(formData, 'token');
  const values = { name: formText(formData, 'name') };
  const parsed = signUpInput.safeParse({ name: values.name, password: formText(formData, 'password') });
  if (!parsed.success) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: fieldErrorsFrom(parsed.error.issues), values };
  const requestHeaders = await headers();
  const app = await getApp();
  let joined: { email: string; agencyId: string };
  try {
    joined = await signUpThroughInvitation(app, token, parsed.data, requestClient(requestHeaders));
  } catch (error) {
    if (error instanceof ApiError) return { status: 'error', message: error.detail, values };
    throw error;
  }
  const auth = await authFor(app);
  try {
    await auth.api.signInEmail({ body: { email: joined.email, password: parsed.data.password, rememberMe: true }, headers: requestHeaders });
  } catch (error) {
    if (isAPIError(error)) redirect('/sign-in');
    throw error;
  }
  await actForAgency(joined.agencyId, app.services.config.publicBaseUrl);
  redirect(`${HOME_PATH}?joined=1`);
}
