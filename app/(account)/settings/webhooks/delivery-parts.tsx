import { Fragment } from 'react';
import type { DeliveryStatus } from '@/server/services/webhook-endpoints';

const DELIVERY_LABEL = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`badge badge-${status === 'succeeded' ? 'active' : status === 'failed' ? 'revoked' : 'expired'}`}>{DELIVERY_LABEL[status]}</span>;
}

/** The delivery viewer's address. */
export const deliveryPath = (endpointId: string, deliveryId: string) => `/settings/webhooks/${endpointId}/deliveries/${deliveryId}`;

/** An event type that may wrap after its dots and underscores only (`link_in_bio_import.` / `completed`), never mid-word. */
export function EventTypeName({ type }: { type: string }) {
  const parts = type.split(/(?<=[._])/);
  return (
    <code className="event-type">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </code>
  );
}
