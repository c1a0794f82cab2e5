'use client';

import { useRef, useState } from 'react';
import { createKeyAction, type CreateKeyState } from '../../../_actions/api-keys';
import { FormMessage, TextField } from '../../../_components/fields';
import { SecretField } from '../../../_components/secret-field';
import { IDLE } from '@/server/web/form-state';
import { KEY_EXPIRY_CHOICES, type CreatedKey, type ScopeOption } from '@/server/web/key-form';
import { useActionForm } from '../../../_components/use-action-form';
import { mcpClientSnippets } from '@/server/mcp/client-config';
import { DialogActions } from '../../../_components/dialog-actions';

interface Props {
  scopeOptions: ScopeOption[];
  subjectType: 'agency' | 'creator';
}

/**
 * "Create API key": a modal <dialog> (focus stays inside, Escape closes, focus returns to the button).
 * After creating, the same dialog shows the secret once; closing it drops the secret from memory.
 */
export function CreateKeyDialog({ scopeOptions, subjectType }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // A new key remounts the form: a fresh action state, so a shown secret never comes back.
  const [session, setSession] = useState(0);
  const close = () => dialogRef.current?.close();
  return (
    <>
      <button ref={triggerRef} type="button" className="button button-primary" onClick={() => dialogRef.current?.showModal()}>
        Create API key
      </button>
      <dialog
        ref={dialogRef}
        className="dialog"
        aria-labelledby="create-key-title"
        onClose={() => {
          setSession((n) => n + 1);
          triggerRef.current?.focus();
        }}
      >
        <CreateKeyForm key={session} scopeOptions={scopeOptions} subjectType={subjectType} onClose={close} />
      </dialog>
    </>
  );
}

function CreateKeyForm({ scopeOptions, subjectType, onClose }: Props & { onClose: () => void }) {
  const { state, formAction: action, pending, onSubmit } = useActionForm<CreateKeyState>(createKeyAction, IDLE);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(state.values?.scopes?.split(',').filter(Boolean) ?? []));
  if (state.created) return <ShowSecretOnce created={state.created} onDone={onClose} />;

  const toggle = (scope: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });
  const scopesError = state.fieldErrors?.scopes;
  const expiryError = state.fieldErrors?.expires_in_days;
  return (
    <form action={action} onSubmit={onSubmit} className="dialog-body form" noValidate>
      <h2 id="create-key-title">Create an API key</h2>
      <FormMessage state={state} />
      <TextField
        idPrefix="key"
        name="name"
        label="Name"
        hint="What uses this key, e.g. “CRM sync” or “Zapier”."
        required
        maxLength={100}
        autoComplete="off"
        autoFocus
        state={state}
      />
      <fieldset className="field" aria-describedby={['key-scopes-hint', scopesError ? 'key-scopes-error' : ''].filter(Boolean).join(' ')}>
        <legend>Scopes</legend>
        <p className="field-hint" id="key-scopes-hint">
          What the key may do. {subjectType === 'agency' ? 'Agency' : 'Creator'} keys can hold these scopes; grant only what the integration needs.
        </p>
        <div className="button-row">
          <button type="button" className="button button-quiet button-small" onClick={() => setSelected(new Set(scopeOptions.map((o) => o.scope)))}>
            Select all
          </button>
          <button type="button" className="button button-quiet button-small" onClick={() => setSelected(new Set())}>
            Clear
          </button>
        </div>
        <ul className="choice-list scope-choices">
          {scopeOptions.map((option) => (
            <li key={option.scope}>
              <label className="choice">
                <input
                  type="checkbox"
                  name="scopes"
                  value={option.scope}
                  checked={selected.has(option.scope)}
                  onChange={(event) => toggle(option.scope, event.target.checked)}
                  aria-describedby={`scope-${option.scope.replace(':', '-')}-desc`}
                />
                <span className="choice-text">
                  <code>{option.scope}</code>
                  <small id={`scope-${option.scope.replace(':', '-')}-desc`}>{option.description}</small>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {scopesError && (
          <p className="field-error" id="key-scopes-error">
            {scopesError}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor="key-expires">Expires</label>
        <select
          id="key-expires"
          name="expires_in_days"
          defaultValue={state.values?.expires_in_days ?? 'never'}
          aria-invalid={expiryError ? true : undefined}
          aria-describedby={expiryError ? 'key-expires-error' : 'key-expires-hint'}
        >
          {KEY_EXPIRY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <p className="field-hint" id="key-expires-hint">
          After this the key is refused with 401. You can revoke it at any time.
        </p>
        {expiryError && (
          <p className="field-error" id="key-expires-error">
            {expiryError}
          </p>
        )}
      </div>
      <DialogActions onCancel={onClose} pending={pending} label="Create key" pendingLabel="Creating…" />
    </form>
  );
}

function ShowSecretOnce({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  return (
    <div className="dialog-body" data-testid="new-key-secret">
      <h2 id="create-key-title">Copy your new key “{created.name}”</h2>
      <div className="alert alert-warning" id="secret-warning">
        <p>
          <strong>This is the only time the full key is shown.</strong> Store it in your server’s secret store now. If you lose it,
          revoke it and create a new one.
        </p>
      </div>
      <SecretField id="new-key-value" label="Secret key" value={created.secret} describedBy="secret-warning" />
      <p className="muted">
        Scopes: {created.scopes.join(', ')}. {created.expires_at ? `Expires ${created.expires_at.slice(0, 10)}.` : 'Does not expire.'}
      </p>
      <details className="mcp-snippets">
        <summary>Use this key with an AI assistant (MCP)</summary>
        <p className="muted">
          Every API operation is a tool at <code>/mcp</code>; the key’s scopes decide which. More at <a href="/docs/ai-assistants">AI assistants</a>.
        </p>
        {/* Shown after a submission in the browser; the relative fallback only covers a render without JS. */}
        {mcpClientSnippets(typeof window === 'undefined' ? '/mcp' : `${window.location.origin}/mcp`, created.secret).map((s) => (
          <div key={s.id}>
            <p className="field-label">{s.client}</p>
            <pre>
              <code>{s.snippet}</code>
            </pre>
          </div>
        ))}
      </details>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onDone}>
          Done, I stored it
        </button>
      </div>
    </div>
  );
}
