/** What a server action hands back to its form (plain data: client components import this file). */
export interface FormState {
  status: 'idle' | 'error' | 'saved';
  /** Shown above the form (role=alert for errors, role=status for success). */
  message?: string;
  /** Per-field messages, keyed by the input's name. */
  fieldErrors?: Record<string, string>;
  /** What the user typed (never passwords): React resets a form after its action runs. */
  values?: Record<string, string>;
}

export const IDLE: FormState = { status: 'idle' };

export function formText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

/** zod issues → one message per top-level field. */
export function fieldErrorsFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
