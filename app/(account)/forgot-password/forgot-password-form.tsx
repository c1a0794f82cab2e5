'use client';

import { requestPasswordResetAction } from '../../_actions/account-email';
import { FormMessage, TextField } from '../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { useActionForm } from '../../_components/use-action-form';

export function ForgotPasswordForm() {
  const { state, formAction: action, pending, onSubmit } = useActionForm(requestPasswordResetAction, IDLE);
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      <TextField name="email" label="Email" type="email" autoComplete="email" required state={state} autoFocus />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Sending…' : 'Send me a link'}
      </button>
    </form>
  );
}
