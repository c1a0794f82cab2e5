'use client';

import { useState } from 'react';
import { signUpAction } from '../../_actions/account';
import { FormMessage, TextField } from '../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/server/web/password-rules';
import { useActionForm } from '../../_components/use-action-form';

const ACCOUNT_TYPES = [
  { value: 'agency', label: 'Agency', hint: 'You manage a roster of creators, pitch decks and campaigns.' },
  { value: 'creator', label: 'Creator', hint: 'You manage your own profile, media kits and link-in-bio page.' },
] as const;

export function SignUpForm() {
  const { state, formAction: action, pending, onSubmit } = useActionForm(signUpAction, IDLE);
  const [accountType, setAccountType] = useState<string>(state.values?.account_type ?? 'agency');
  const typeError = state.fieldErrors?.account_type;
  if (state.status === 'saved') {
    // The same answer for every address, taken or not: the next step is in the inbox.
    return (
      <div className="alert alert-success" role="status">
        <p>
          <strong>Check your inbox.</strong>
        </p>
        <p>{state.message}</p>
      </div>
    );
  }
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      <fieldset className="field" aria-describedby={typeError ? 'f-account_type-error' : undefined}>
        <legend>I am signing up as</legend>
        <ul className="choice-list choice-cards">
          {ACCOUNT_TYPES.map((type) => (
            <li key={type.value}>
              <label className="choice">
                <input
                  type="radio"
                  name="account_type"
                  value={type.value}
                  checked={accountType === type.value}
                  onChange={() => setAccountType(type.value)}
                  aria-describedby={`account-type-${type.value}-hint`}
                />
                <span className="choice-text">
                  <span>{type.label}</span>
                  <small id={`account-type-${type.value}-hint`}>{type.hint}</small>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {typeError && (
          <p className="field-error" id="f-account_type-error">
            {typeError}
          </p>
        )}
      </fieldset>
      <TextField
        name="name"
        label="Your name"
        hint={accountType === 'creator' ? 'Shown as your creator display name.' : undefined}
        autoComplete="name"
        required
        maxLength={100}
        state={state}
      />
      {accountType === 'agency' && <TextField name="agency_name" label="Agency name" autoComplete="organization" required maxLength={100} state={state} />}
      <TextField name="email" label="Email" type="email" autoComplete="email" required state={state} />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters (up to ${PASSWORD_MAX_LENGTH}). A passphrase of a few words works well.`}
        state={state}
      />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Creating account…' : 'Create account'}
      </button>
    </form>
  );
}
