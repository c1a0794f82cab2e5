'use client';

import { confirmEmailChangeAction, confirmSignUpAction } from '../../_actions/account-email';
import { FormMessage, TextField } from '../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { useActionForm } from '../../_components/use-action-form';

export function ConfirmSignUpForm({ token, email }: { token: string; email: string }) {
  const { state, formAction: action, pending, onSubmit } = useActionForm(confirmSignUpAction.bind(null, token), IDLE);
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      {/* For password managers: which account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" required state={state} autoFocus />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Confirming…' : 'Confirm and sign in'}
      </button>
    </form>
  );
}

export function ConfirmEmailChangeForm({ token, label }: { token: string; label: string }) {
  const { state, formAction: action, pending, onSubmit } = useActionForm(confirmEmailChangeAction.bind(null, token), IDLE);
  if (state.status === 'saved') {
    return (
      <div className="alert alert-success" role="status">
        {state.message} <a href="/settings/account">Account settings</a>
      </div>
    );
  }
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Confirming…' : label}
      </button>
    </form>
  );
}
