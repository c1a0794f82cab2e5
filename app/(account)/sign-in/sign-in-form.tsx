'use client';

import { signInAction } from '../../_actions/account';
import { FormMessage, TextField } from '../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { useActionForm } from '../../_components/use-action-form';

export function SignInForm({ next }: { next: string }) {
  const { state, formAction: action, pending, onSubmit } = useActionForm(signInAction, IDLE);
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      <input type="hidden" name="next" value={next} />
      <TextField name="email" label="Email" type="email" autoComplete="email" required state={state} autoFocus />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" required state={state} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
