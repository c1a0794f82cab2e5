'use client';

import { changeEmailAction, changePasswordAction } from '../../../_actions/account-email';
import { FormMessage, SubmitRow, TextField } from '../../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/server/web/password-rules';
import { useActionForm } from '../../../_components/use-action-form';

export function ChangeEmailForm() {
  const { state, formAction: action, pending, onSubmit } = useActionForm(changeEmailAction, IDLE);
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate aria-label="Change sign-in email">
      <FormMessage state={state} />
      <TextField name="new_email" label="New email" type="email" autoComplete="email" required idPrefix="email" state={state} />
      <TextField name="password" label="Current password" type="password" autoComplete="current-password" required idPrefix="email" state={state} />
      <SubmitRow label="Change email" busyLabel="Sending links…" pending={pending} />
    </form>
  );
}

export function ChangePasswordForm() {
  const { state, formAction: action, pending, onSubmit } = useActionForm(changePasswordAction, IDLE);
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate aria-label="Change password">
      <FormMessage state={state} />
      <TextField name="current_password" label="Current password" type="password" autoComplete="current-password" required idPrefix="pw" state={state} />
      <TextField
        name="new_password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters (up to ${PASSWORD_MAX_LENGTH}).`}
        idPrefix="pw"
        state={state}
      />
      <SubmitRow label="Change password" busyLabel="Saving…" pending={pending} />
    </form>
  );
}
