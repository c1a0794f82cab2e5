'use client';

import { revokeConnectedAppAction } from '../../../_actions/connected-apps';
import { ConfirmActionButton } from '../../../_components/confirm-action-button';

/** "Remove" with a confirmation dialog. */
export function RevokeAppButton({ appId, appName }: { appId: string; appName: string }) {
  return (
    <ConfirmActionButton
      action={revokeConnectedAppAction}
      verb="Remove"
      name={appName}
      titleId={`revoke-app-${appId}-title`}
      field={{ name: 'app_id', value: appId }}
      confirmLabel="Remove app"
      pendingLabel="Removing…"
    >
      Its tokens stop working at once: its next request gets <code>401</code>. To use it again, connect it again.
    </ConfirmActionButton>
  );
}
