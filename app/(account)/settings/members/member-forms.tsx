'use client';

import type { ReactNode } from 'react';
import { inviteMemberAction } from '../../../_actions/members';
import { FormMessage, TextField } from '../../../_components/fields';
import { IDLE, type FormState } from '@/server/web/form-state';
import { useActionForm } from '../../../_components/use-action-form';

const ROLE_OPTIONS = [
  { value: 'admin', label: 'Admin — members, API keys, webhooks and everything else' },
  { value: 'member', label: 'Member — roster, media kits, decks, campaigns, analytics' },
  { value: 'viewer', label: 'Viewer — read-only' },
] as const;

export function InviteMemberForm() {
  const { state, formAction: action, pending, onSubmit } = useActionForm(inviteMemberAction, IDLE);
  const roleError = state.fieldErrors?.role;
  return (
    <form action={action} onSubmit={onSubmit} className="form" noValidate aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <FormMessage state={state} />
      <TextField name="email" label="Email address" type="email" autoComplete="off" required maxLength={254} state={state} idPrefix="invite" />
      <div className="field">
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" name="role" defaultValue={state.values?.role ?? 'member'} aria-invalid={roleError ? true : undefined} aria-describedby={roleError ? 'invite-role-error' : undefined}>
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {roleError && (
          <p className="field-error" id="invite-role-error">
            {roleError}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}

/** One row action (change role, remove, resend, revoke, make owner): hidden ids, a button, and the answer. */
export function RowActionForm({
  action,
  fields,
  label,
  busyLabel,
  ariaLabel,
  danger = false,
  children,
}: {
  action: (state: FormState, formData: FormData) => Promise<FormState>;
  fields: Record<string, string>;
  label: string;
  busyLabel: string;
  ariaLabel: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  return (
    <form action={formAction} onSubmit={onSubmit} className="row-action">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={danger ? 'button button-small button-danger' : 'button button-small'} disabled={pending} aria-label={ariaLabel}>
        {pending ? busyLabel : label}
      </button>
      <FormMessage state={state} />
    </form>
  );
}

export function RoleSelect({ id, current, label }: { id: string; current: string; label: string }) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} name="role" defaultValue={current}>
        <option value="admin">Admin</option>
        <option value="member">Member</option>
        <option value="viewer">Viewer</option>
      </select>
    </>
  );
}
