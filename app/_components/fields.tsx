import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FormState } from '@/server/web/form-state';

/** The form-level message of an action's result: an alert for errors, a status line for success. */
export function FormMessage({ state }: { state: FormState }) {
  if (!state.message) return null;
  return state.status === 'error' ? (
    <div className="alert alert-error" role="alert">
      {state.message}
    </div>
  ) : (
    <div className="alert alert-success" role="status">
      {state.message}
    </div>
  );
}

/** A form's submit button, in its own row, saying what it is doing while the action runs. */
export function SubmitRow({ label, busyLabel, pending, primary = false }: { label: string; busyLabel: string; pending: boolean; primary?: boolean }) {
  return (
    <div className="button-row">
      <button type="submit" className={primary ? 'button button-primary' : 'button'} disabled={pending}>
        {pending ? busyLabel : label}
      </button>
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  hint?: ReactNode;
  state: FormState;
  /** Value shown when the action has not returned one (e.g. the stored value on an editor page). */
  initial?: string;
  idPrefix?: string;
}

/** A labelled input whose hint and error are announced with it (aria-describedby, aria-invalid). */
export function TextField({ name, label, hint, state, initial, idPrefix = 'f', type = 'text', ...input }: TextFieldProps) {
  const id = `${idPrefix}-${name}`;
  const error = state.fieldErrors?.[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const value = type === 'password' ? undefined : (state.values?.[name] ?? initial);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input id={id} name={name} type={type} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
