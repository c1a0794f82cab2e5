'use client';

import { useState } from 'react';
import { completeSetupAction } from '../../_actions/account';
import { FormMessage, TextField } from '../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { useActionForm } from '../../_components/use-action-form';

export function SetupForm() {
  const { state, formAction: action, pending, onSubmit } = useActionForm(completeSetupAction, IDLE);
  const [accountType, setAccountType] = useState(state.values?.account_type ?? 'agency');
  return (
    <form action={action} onSubmit={onSubmit} className="form panel" noValidate>
      <FormMessage state={state} />
      <fieldset className="field">
        <legend>Account type</legend>
        <ul className="choice-list choice-cards">
          {(['agency', 'creator'] as const).map((type) => (
            <li key={type}>
              <label className="choice">
                <input type="radio" name="account_type" value={type} checked={accountType === type} onChange={() => setAccountType(type)} />
                <span className="choice-text">{type === 'agency' ? 'Agency' : 'Creator'}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {accountType === 'agency' ? (
        <TextField name="agency_name" label="Agency name" required maxLength={100} state={state} />
      ) : (
        <TextField name="name" label="Display name" required maxLength={100} state={state} />
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={pending}>
          Continue
        </button>
      </div>
    </form>
  );
}
