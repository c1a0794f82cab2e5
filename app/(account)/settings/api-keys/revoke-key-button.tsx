'use client';

import { revokeKeyAction } from '../../../_actions/api-keys';
import { ConfirmActionButton } from '../../../_components/confirm-action-button';

/** "Revoke" with a confirmation dialog. */
export function RevokeKeyButton({ keyId, keyName, keyStart }: { keyId: string; keyName: string; keyStart: string }) {
  return (
    <ConfirmActionButton
      action={revokeKeyAction}
      verb="Revoke"
      name={keyName}
      titleId={`revoke-${keyId}-title`}
      field={{ name: 'key_id', value: keyId }}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
    >
      Requests with <code>{keyStart}</code> will be refused with <code>401</code> from the next request on. This cannot be undone.
    </ConfirmActionButton>
  );
}
