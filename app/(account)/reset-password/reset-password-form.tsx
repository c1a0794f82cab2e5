'use client';

import { resetPasswordAction } from '../../_actions/account-email';
import { FormMessage, TextField } from '../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/server/web/password-rules';
import { useActionForm } from '../../_components/use-action-form';

export function ResetPasswordForm({ token }: { token: string }) {
  const { state, formAction: action, pending, onSubmit } = useActionForm(resetPasswordAction.bind(null, token), IDLE);
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      <TextField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters (up to ${PASSWORD_MAX_LENGTH}).`}
        state={state}
        autoFocus
      />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Saving…' : 'Save new password'}
      </button>
    </form>
  );
}
