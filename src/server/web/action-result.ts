/**
 * Turning a service's answer into what a form shows: zod issues and ApiError field errors become
 * per-field messages (keyed by input name, without the API's `body.` prefix).
 */
import { ApiError } from '../domain/errors';
import type { FormState } from './form-state';

export function issuesToFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return fieldErrors;
}

export function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[], values?: Record<string, string>): FormState {
  return { status: 'error', message: 'Check the highlighted fields.', fieldErrors: issuesToFieldErrors(issues), values };
}

/** Runs a service call; an ApiError (400, 404, 409, 403 plan limit…) becomes the form's error state. */
export async function serviceResult<T>(run: () => Promise<T>, values?: Record<string, string>): Promise<{ ok: true; value: T } | { ok: false; state: FormState }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const e of error.options.errors ?? []) {
      const name = e.path.replace(/^body\./, '').replace(/\[(\d+)\]/g, '.$1');
      fieldErrors[name] ??= e.message;
    }
    return { ok: false, state: { status: 'error', message: error.detail, fieldErrors, values } };
  }
}
