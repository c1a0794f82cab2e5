'use server';
/**
 * Settings → Members (issue 32): each form's fields → one internal members.* operation through the
 * gateway (src/server/web/operation-call.ts), which checks the session, the role's `members:write`
 * (or `ownership:write`) permission and the membership itself on every call. The header's account
 * switcher is here too: it stores a choice the gateway re-checks against memberships each request.
 */
import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { ACTING_FOR_COOKIE, parseActingFor } from '@/server/lib/acting-for';
import { subjectKey } from '@/server/services/accounts';
import type { InvitationView, MemberView } from '@/server/services/members';
import { sessionCookiesSecure } from '@/server/web/auth';
import { formText, type FormState } from '@/server/web/form-state';
import { callOperation } from '@/server/web/operation-call';
import { currentAccount, safeReturnPath } from '@/server/web/session';

const PAGE = '/settings/members';

export async function inviteMemberAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = { email: formText(formData, 'email'), role: formText(formData, 'role') };
  const outcome = await callOperation<InvitationView>('members.invite', values, values);
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', message: `Invitation sent to ${outcome.data.email} as ${outcome.data.role}. The link works for 7 days.` };
}

export async function resendInvitationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const outcome = await callOperation<InvitationView>('members.resendInvitation', { invitation_id: formText(formData, 'invitation_id') });
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', message: `Sent a new link to ${outcome.data.email}; the previous one no longer works.` };
}

export async function revokeInvitationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const outcome = await callOperation<InvitationView>('members.revokeInvitation', { invitation_id: formText(formData, 'invitation_id') });
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', message: `Revoked the invitation for ${outcome.data.email}.` };
}

export async function setMemberRoleAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const outcome = await callOperation<MemberView>('members.setRole', { user_id: formText(formData, 'user_id'), role: formText(formData, 'role') });
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', message: `${outcome.data.email} is now ${outcome.data.role === 'admin' ? 'an admin' : `a ${outcome.data.role}`}.` };
}

export async function removeMemberAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const outcome = await callOperation<{ email: string }>('members.remove', { user_id: formText(formData, 'user_id') });
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', message: `Removed ${outcome.data.email}. Their next request for this agency is refused; the agency's API keys keep working.` };
}

export async function transferOwnershipAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const outcome = await callOperation('members.transferOwnership', { user_id: formText(formData, 'user_id') });
  if (!outcome.ok) return outcome.state;
  revalidatePath(PAGE);
  return { status: 'saved', message: 'Ownership transferred. You stay on as an admin.' };
}

/** The header's account switcher: remembers the choice (only one the person may act for) and reloads settings. */
export async function switchAccountAction(formData: FormData): Promise<void> {
  const account = await currentAccount();
  if (!account) redirect('/sign-in');
  const choice = parseActingFor(formText(formData, 'acting_for'));
  if (choice && account.subjects.some((subject) => subjectKey(subject) === choice)) {
    const store = await cookies();
    store.set(ACTING_FOR_COOKIE, choice, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: sessionCookiesSecure(account.app.services.config.publicBaseUrl),
      maxAge: 365 * 24 * 3600,
    });
  }
  redirect(safeReturnPath(formText(formData, 'return_to'), '/settings'));
}
