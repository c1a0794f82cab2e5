'use client';

import { useState } from 'react';
import { oauthConsentAction } from '../../../_actions/oauth-consent';
import { FormMessage } from '../../../_components/fields';
import { IDLE } from '@/server/web/form-state';
import { useActionForm } from '../../../_components/use-action-form';

export interface ConsentScope {
  scope: string;
  description: string;
  preselected: boolean;
  /** The kinds of account this scope exists for. */
  subjectTypes: ('agency' | 'creator')[];
}

export function ConsentForm({ oauthQuery, subjects, scopes }: { oauthQuery: string; subjects: { value: string; label: string; type: 'agency' | 'creator' }[]; scopes: ConsentScope[] }) {
  const { state, formAction: action, pending, onSubmit } = useActionForm(oauthConsentAction, IDLE);
  const [subject, setSubject] = useState(subjects[0]!.value);
  const subjectType = subjects.find((s) => s.value === subject)?.type ?? subjects[0]!.type;
  const visible = scopes.filter((scope) => scope.subjectTypes.includes(subjectType));
  return (
    <form action={action} onSubmit={onSubmit} className="form">
      <FormMessage state={state} />
      <input type="hidden" name="oauth_query" value={oauthQuery} />
      <fieldset className="field">
        <legend>Act for</legend>
        <ul className="choice-list">
          {subjects.map((option) => (
            <li key={option.value}>
              <label className="choice">
                <input type="radio" name="subject" value={option.value} checked={subject === option.value} onChange={() => setSubject(option.value)} />
                <span className="choice-text">
                  {option.label}
                  <small>{option.type === 'agency' ? 'Agency' : 'Creator'}</small>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="field">
        <legend>Allow it to</legend>
        <p className="field-hint">Read-only access is preselected; allow changes only if you want the assistant to make them.</p>
        {visible.length === 0 ? (
          <p className="muted">The app asked for nothing this account can grant.</p>
        ) : (
          <ul className="choice-list scope-choices">
            {visible.map((scope) => (
              <li key={`${subject}-${scope.scope}`}>
                <label className="choice">
                  <input type="checkbox" name="scopes" value={scope.scope} defaultChecked={scope.preselected} aria-describedby={`consent-${scope.scope.replace(':', '-')}-desc`} />
                  <span className="choice-text">
                    <code>{scope.scope}</code>
                    <small id={`consent-${scope.scope.replace(':', '-')}-desc`}>{scope.description}</small>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="dialog-actions">
        <button type="submit" name="decision" value="deny" className="button" disabled={pending}>
          Deny
        </button>
        <button type="submit" name="decision" value="allow" className="button button-primary" disabled={pending || visible.length === 0}>
          {pending ? 'Connecting…' : 'Allow'}
        </button>
      </div>
    </form>
  );
}
