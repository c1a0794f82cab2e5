/**
 * Editor pages: form values ↔ the API's update inputs. Only the fields the user changed are sent, to
 * the same update operation as the API's PATCH through the gateway, so the editor and the API accept
 * exactly the same values (a template change, for instance, then still brings its own theme and
 * colours, as through the API).
 */
import { revalidatePath } from 'next/cache';
import type { EditorField, EditorValues } from './editor-fields';
import { formText, type FormState } from './form-state';
import type { OperationOutcome } from './operation-call';
import { instantFromDateTimeLocal, submittedTimeZone } from './viewer-time';

/** One input's text → the API's value; a `datetime` is wall-clock time in `zone`, the form's. */
function convert(field: EditorField, raw: string, zone: string): unknown {
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
      return instantFromDateTimeLocal(zone, raw);
    default:
      return raw;
  }
}

/**
 * The changed fields as an API patch (nested names become objects), plus what was typed. `current`
 * must be drawn in the zone the form names (its hidden time_zone field), as the page drew it.
 */
export function patchFromForm(fields: readonly EditorField[], formData: FormData, current: EditorValues) {
  const zone = submittedTimeZone(formData);
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
    const value = convert(field, raw, zone);
    const [parent, child] = field.name.split('.', 2) as [string, string | undefined];
    if (child) patch[parent] = { ...(patch[parent] as object | undefined), [child]: value };
    else patch[parent] = value;
  }
  return { patch, values };
}

/**
 * Sends the changed fields to `save` (an update operation through the gateway, which validates them
 * with the API's own schema and applies its policy) and refreshes `path`. Refusals (409 slug taken,
 * 400 date order, 403 suspended…) come back as the form's messages, with what was typed kept.
 */
export async function saveEditorForm(options: {
  fields: readonly EditorField[];
  formData: FormData;
  current: EditorValues;
  save: (patch: Record<string, unknown>, values: EditorValues) => Promise<OperationOutcome<unknown>>;
  path: string;
}): Promise<FormState> {
  const { patch, values } = patchFromForm(options.fields, options.formData, options.current);
  if (Object.keys(patch).length === 0) return { status: 'saved', message: 'No changes to save.' };
  const outcome = await options.save(patch, values);
  if (!outcome.ok) return outcome.state;
  revalidatePath(options.path);
  return { status: 'saved', message: 'Changes saved.' };
}
