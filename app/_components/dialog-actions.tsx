'use client';

interface Props {
  onCancel: () => void;
  pending: boolean;
  /** The submit button's words, and its words while the action runs ("Create key", "Creating…"). */
  label: string;
  pendingLabel: string;
  /** A confirmation: Cancel takes the focus, so Enter alone never confirms. */
  focusCancel?: boolean;
  /** The submit button destroys something (red). */
  danger?: boolean;
}

/** A settings dialog's two buttons: Cancel, then the form's submit. */
export function DialogActions({ onCancel, pending, label, pendingLabel, focusCancel = false, danger = false }: Props) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button" autoFocus={focusCancel} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={danger ? 'button button-danger' : 'button button-primary'} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
