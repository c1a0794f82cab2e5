'use client';

import { useActionState } from 'react';
import type { UnlockState } from './actions';
import styles from '../../share.module.css';

export function UnlockForm({ action }: { action: (state: UnlockState, form: FormData) => Promise<UnlockState> }) {
  const [state, submit, pending] = useActionState(action, { error: null });
  return (
    <form className={styles.form} action={submit}>
      <label htmlFor="deck-password">Password</label>
      <input
        id="deck-password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={128}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? 'deck-password-error' : undefined}
      />
      {state.error ? (
        <p id="deck-password-error" className={styles.error} role="alert">
          {state.error}
        </p>
      ) : null}
      <button className={styles.button} type="submit" disabled={pending}>
        {pending ? 'Checking…' : 'View deck'}
      </button>
    </form>
  );
}
