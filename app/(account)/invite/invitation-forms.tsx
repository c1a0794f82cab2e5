'use client';

import { acceptInvitationAction, signUpThroughInvitationAction } from '../../_actions/invitations';
import { FormMessage, TextField } from '../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/server/web/password-rules';
import { useActionForm } from '../../_components/use-action-form';

export function AcceptInvitationForm({ token, agencyName }: { token: string; agencyName: string }) {
  const { state, formAction: action, pending, onSubmit } = useActionForm(acceptInvitationAction, IDLE);
  return (
    <form action={action} onSubmit={onSubmit} className="form">
      <FormMessage state={state} />
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Joining…' : `Join ${agencyName}`}
      </button>
    </form>
  );
}

/** No account for the invited address yet: a name and a password, and the invitee is in. */
export function InvitationSignUpForm({ token, email }: { token: string; email: string }) {
  const { state, formAction: action, pending, onSubmit } = useActionForm(signUpThroughInvitationAction, IDLE);
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      <p className="muted">Create your account for {email}: the link in your mail already confirmed the address.</p>
      <input type="hidden" name="token" value={token} />
      <TextField name="name" label="Your name" autoComplete="name" required maxLength={100} state={state} idPrefix="invite" />
      <TextField
        name="password"
        label="Choose a password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters (up to ${PASSWORD_MAX_LENGTH}).`}
        state={state}
        idPrefix="invite"
      />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Creating your account…' : 'Create account and join'}
      </button>
    </form>
  );
}
