import type { DeliveryStatus } from '@/server/services/webhook-endpoints';

const DELIVERY_LABEL = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`badge badge-${status === 'succeeded' ? 'active' : status === 'failed' ? 'revoked' : 'expired'}`}>{DELIVERY_LABEL[status]}</span>;
}

/** The delivery viewer's address. */
export const deliveryPath = (endpointId: string, deliveryId: string) => `/settings/webhooks/${endpointId}/deliveries/${deliveryId}`;
