/**
 * Editor pages: form values ↔ the API's update inputs. The form is validated with the API's own zod
 * field shapes and applied by the same service functions as PATCH, so the editor and the API accept
 * exactly the same values. Only fields the user changed are sent (a template change, for instance,
 * then still brings its own theme and colours, as through the API).
 */
import { revalidatePath } from 'next/cache';
import type { z } from 'zod';
import { ApiError } from '../domain/errors';
import type { EditorField, EditorValues } from './editor-fields';
import { formText, type FormState } from './form-state';
import { unstorableTextProblem } from '../lib/storable-text';

/** `2026-01-31T09:30:00.000Z` → the `datetime-local` value `2026-01-31T09:30` (UTC). */
export function toDateTimeLocal(iso: string | null): string {
  return iso ? iso.slice(0, 16) : '';
}

function convert(field: EditorField, raw: string): unknown {
  if (raw.trim() === '' && field.nullable) return null;
  switch (field.kind) {
    case 'number':
      return raw.trim() === '' || Number.isNaN(Number(raw)) ? raw : Number(raw);
    case 'checklist':
      return raw.split(',').filter(Boolean);
    case 'tags':
      return raw
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
    case 'datetime':
      // datetime-local inputs carry no zone; the editor labels them UTC.
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(raw) ? `${raw}:00Z` : raw;
    default:
      return raw;
  }
}

/** The changed fields as an API patch (nested names become objects), plus what was typed. */
export function patchFromForm(fields: readonly EditorField[], formData: FormData, current: EditorValues) {
  const patch: Record<string, unknown> = {};
  const values: EditorValues = {};
  for (const field of fields) {
    // A checklist sends one entry per ticked box, in the order shown.
    const raw =
      field.kind === 'checklist'
        ? formData
            .getAll(field.name)
            .filter((v): v is string => typeof v === 'string')
            .join(',')
        : formText(formData, field.name);
    values[field.name] = raw;
    if (raw === (current[field.name] ?? '')) continue;
    const value = convert(field, raw);
    const [parent, child] = field.name.split('.', 2) as [string, string | undefined];
    if (child) patch[parent] = { ...(patch[parent] as object | undefined), [child]: value };
    else patch[parent] = value;
  }
  return { patch, values };
}

function issueField(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * Validates the changed fields with `schema` (the API's update shape), applies them with `apply`,
 * and refreshes `path`. Service refusals (409 slug taken, 400 date order…) come back as messages.
 */
export async function saveEditorForm<T>(options: {
  fields: readonly EditorField[];
  formData: FormData;
  current: EditorValues;
  schema: z.ZodType<T>;
  apply: (input: T) => Promise<unknown>;
  path: string;
}): Promise<FormState> {
  const { patch, values } = patchFromForm(options.fields, options.formData, options.current);
  if (Object.keys(patch).length === 0) return { status: 'saved', message: 'No changes to save.' };
  // The same storable-text rule as the API (NUL, lone surrogates): refused per field, never stripped.
  const unstorable: Record<string, string> = {};
  for (const [name, raw] of Object.entries(values)) {
    const problem = unstorableTextProblem(raw);
    if (problem) unstorable[name] = problem.message;
  }
  if (Object.keys(unstorable).length > 0) return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: unstorable, values };
  const parsed = options.schema.safeParse(patch);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issueField(issue.path)] ??= issue.message;
    return { status: 'error', message: 'Check the highlighted fields.', fieldErrors, values };
  }
  try {
    await options.apply(parsed.data);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const e of error.options.errors ?? []) fieldErrors[e.path.replace(/^body\./, '')] ??= e.message;
    return { status: 'error', message: error.detail, fieldErrors, values };
  }
  revalidatePath(options.path);
  return { status: 'saved', message: 'Changes saved.' };
}
