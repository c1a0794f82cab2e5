'use client';

import { IDLE, type FormState } from '@/server/web/form-state';
import { FormMessage, TextField } from './fields';
import { SaveState, useEditorForm } from './unsaved-changes';

interface Props {
  hasPassword: boolean;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}

/** A deck's viewer password: set or replace it, or remove it. The stored one is never shown. */
export function DeckPasswordForm({ hasPassword, action }: Props) {
  const { state, formAction, pending, onSubmit, ref, dirty } = useEditorForm(action, IDLE);
  return (
    <section className="panel" aria-labelledby="deck-password-heading">
      <h2 id="deck-password-heading">Viewer password</h2>
      <form ref={ref} action={formAction} onSubmit={onSubmit} className="form" noValidate aria-labelledby="deck-password-heading">
        <SaveState dirty={dirty} pending={pending} />
        <FormMessage state={state} />
        <TextField
          name="password"
          label={hasPassword ? 'New password' : 'Password'}
          type="password"
          autoComplete="new-password"
          minLength={8}
          maxLength={128}
          idPrefix="deck"
          state={state}
          hint={
            hasPassword
              ? 'Viewers of the share link must enter the current password. Type a new one to replace it.'
              : 'Optional: 8 to 128 characters that viewers of the share link must enter.'
          }
        />
        <div className="button-row">
          <button type="submit" name="intent" value="set" className="button" disabled={pending}>
            {hasPassword ? 'Replace password' : 'Set password'}
          </button>
          {hasPassword && (
            <button type="submit" name="intent" value="remove" className="button" disabled={pending}>
              Remove password
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
