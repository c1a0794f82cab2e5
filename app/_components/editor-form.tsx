'use client';

import type { EditorField, EditorValues } from '@/server/web/editor-fields';
import { IDLE, type FormState } from '@/server/web/form-state';
import { FormMessage, SubmitRow } from './fields';
import { SaveState, useEditorForm } from './unsaved-changes';

interface Props {
  fields: readonly EditorField[];
  initial: EditorValues;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  /** "Save changes" on editors, "Create …" on the new-item pages. */
  submitLabel?: string;
  /** The id of the heading that names the form (the editor page's section heading). */
  labelledBy?: string;
  /**
   * The zone date-time fields are shown in (viewer-time.ts `formTimeZone`), and its name for labels
   * ("Tokyo time"); the form sends the zone back so its action reads the times the same way.
   */
  timeZone?: { id: string; label: string };
}

/**
 * The editor pages' form: one labelled control per field, errors next to their field. Unsaved input
 * is tracked (leaving asks first) and kept when another section of the page saves.
 */
export function EditorForm({ fields, initial, action, submitLabel = 'Save changes', labelledBy, timeZone = { id: 'UTC', label: 'UTC' } }: Props) {
  const { state, formAction, pending, onSubmit, ref, dirty } = useEditorForm(action, IDLE);
  const hasTimes = fields.some((field) => field.kind === 'datetime');
  return (
    <form ref={ref} action={formAction} onSubmit={onSubmit} className="form" noValidate aria-labelledby={labelledBy}>
      {hasTimes && <input type="hidden" name="time_zone" value={timeZone.id} />}
      <SaveState dirty={dirty} pending={pending} />
      <FormMessage state={state} />
      <div className="editor-grid">
        {fields.map((field) => (
          <FieldControl
            key={field.name}
            field={field.kind === 'datetime' ? { ...field, label: `${field.label} (${timeZone.label})` } : field}
            state={state}
            initial={initial[field.name] ?? ''}
          />
        ))}
      </div>
      <SubmitRow label={submitLabel} busyLabel="Saving…" pending={pending} primary />
    </form>
  );
}

function FieldControl({ field, state, initial }: { field: EditorField; state: FormState; initial: string }) {
  const id = `edit-${field.name.replace('.', '-')}`;
  const error = state.fieldErrors?.[field.name];
  const value = state.status === 'error' ? (state.values?.[field.name] ?? initial) : initial;
  const describedBy = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    defaultValue: value,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  let control;
  if (field.kind === 'checklist') {
    // Ticked options first, in their saved order; then the others.
    const ticked = value.split(',').filter(Boolean);
    const options = [...(field.options ?? [])].sort((a, b) => {
      const ia = ticked.indexOf(a.value);
      const ib = ticked.indexOf(b.value);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
    });
    return (
      <fieldset className={field.wide ? 'field field-wide' : 'field'} aria-describedby={describedBy}>
        <legend>{field.label}</legend>
        {field.hint && (
          <p className="field-hint" id={`${id}-hint`}>
            {field.hint}
          </p>
        )}
        <ul className="choice-list choice-grid">
          {options.map((option) => (
            <li key={option.value}>
              <label className="choice">
                <input type="checkbox" name={field.name} value={option.value} defaultChecked={ticked.includes(option.value)} />
                <span className="choice-text">{option.label}</span>
              </label>
            </li>
          ))}
        </ul>
        {error && (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  if (field.kind === 'select') {
    control = (
      <select {...common}>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea') {
    control = <textarea {...common} maxLength={field.maxLength} rows={4} />;
  } else {
    const type = { email: 'email', url: 'url', number: 'number', datetime: 'datetime-local' }[field.kind as string] ?? 'text';
    control = (
      <input
        {...common}
        type={type}
        maxLength={field.maxLength}
        step={field.kind === 'number' ? 'any' : undefined}
        min={field.kind === 'number' ? 0 : undefined}
        placeholder={field.kind === 'color' ? '#RRGGBB' : undefined}
        spellCheck={field.kind === 'color' || field.kind === 'url' ? false : undefined}
      />
    );
  }
  return (
    <div className={field.wide ? 'field field-wide' : 'field'}>
      <label htmlFor={id}>{field.label}</label>
      {control}
      {field.hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {field.hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
