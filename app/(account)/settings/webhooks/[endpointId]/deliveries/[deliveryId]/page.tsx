import type { Metadata } from 'next';
import Link from 'next/link';
import { ApiError } from '@/server/domain/errors';
import { getEvent } from '@/server/services/events';
import { getWebhookDelivery, getWebhookEndpoint, webhookDeliveryDetailView } from '@/server/services/webhook-endpoints';
import type { AttemptErrorClass } from '@/server/services/webhook-deliveries';
import { renderPayload } from '@/server/services/webhook-events';
import { requireSubject } from '@/server/web/session';
import { Timestamp } from '../../../../../../_components/dates';
import { LiveRefresh } from '../../../../../../_components/live-refresh';
import { ownedOr404 } from '../../../../../../_components/owned';
import { DeliveryStatusBadge, deliveryPath } from '../../../delivery-parts';
import { EndpointAction } from '../../../webhook-controls';

export const metadata: Metadata = { title: 'Webhook delivery' };

/** How much of a stored response body (at most 2 KB) the attempt log shows. */
const BODY_EXCERPT = 500;

const ERROR_CLASS_LABEL: Record<AttemptErrorClass, string> = {
  http_status: 'Non-2xx status',
  timeout: 'Timeout',
  network: 'Network error',
  refused_address: 'Address refused',
};

/**
 * One delivery, as an integrator debugging a receiver needs it: the body exactly as it was POSTed
 * (pretty-printed) and every attempt — when, what came back, how long it took, why it failed.
 * Read through the services, scoped to the session's account (another account's delivery is a 404).
 */
export default async function WebhookDeliveryPage({ params }: { params: Promise<{ endpointId: string; deliveryId: string }> }) {
  const { endpointId, deliveryId } = await params;
  const { app, subject } = await requireSubject(deliveryPath(endpointId, deliveryId), 'webhooks:read');
  const owner = { type: subject.type, id: subject.id };
  const db = app.services.db;
  const endpoint = await ownedOr404(() => getWebhookEndpoint(db, owner, endpointId));
  const delivery = webhookDeliveryDetailView(await ownedOr404(() => getWebhookDelivery(db, owner, endpointId, deliveryId)));
  // The event may have been swept (30 days) while its delivery row is still on screen.
  const event = await getEvent(db, owner, delivery.event_id).catch((error: unknown) => {
    if (error instanceof ApiError && error.slug === 'not-found') return null;
    throw error;
  });
  const body = event ? JSON.stringify(renderPayload(event.payload, app.services.config.publicBaseUrl), null, 2) : null;
  const label = endpoint.description ?? endpoint.url;
  return (
    <>
      <p>
        <Link href="/settings/webhooks">← All webhook endpoints</Link>
      </p>
      <div className="page-head">
        <div className="webhook-endpoint-head">
          <h1>
            Delivery of <code>{delivery.event_type}</code>
          </h1>
          <p>
            <DeliveryStatusBadge status={delivery.status} /> <small className="muted">to</small> <code>{endpoint.url}</code>
          </p>
        </div>
        {endpoint.status === 'enabled' && (
          <div className="button-row">
            <EndpointAction action="retry" endpointId={endpoint.id} deliveryId={delivery.id} label="Retry" ariaLabel={`Retry ${delivery.event_type} delivery ${delivery.id}`} />
          </div>
        )}
      </div>
      <LiveRefresh active={delivery.status === 'pending'} label="This delivery is pending: this page updates itself every few seconds." />

      <dl className="delivery-facts">
        <dt>Delivery</dt>
        <dd>
          <code>{delivery.id}</code>
        </dd>
        <dt>Event (webhook-id)</dt>
        <dd>
          <code>{delivery.event_id}</code>
        </dd>
        <dt>Created</dt>
        <dd>
          <Timestamp iso={delivery.created_at} />
        </dd>
        <dt>Attempts</dt>
        <dd>{delivery.attempts}</dd>
        <dt>Next attempt</dt>
        <dd>
          <Timestamp iso={delivery.next_attempt_at} empty="None scheduled" />
        </dd>
        <dt>Endpoint</dt>
        <dd>{label}</dd>
      </dl>

      <section className="card" aria-labelledby="payload-title">
        <h2 id="payload-title">Payload</h2>
        {body ? (
          <>
            <p className="muted">The request body as POSTed, pretty-printed; the signature covers the compact form.</p>
            {/* Scrolls when long: a focusable region, so a keyboard can scroll it too. */}
            <div className="json-view" role="region" aria-labelledby="payload-title" tabIndex={0}>
              <pre data-testid="delivery-payload">
                <code>{body}</code>
              </pre>
            </div>
          </>
        ) : (
          <p className="empty">The event is older than 30 days and was removed; its payload is no longer kept.</p>
        )}
      </section>

      <section className="card" aria-labelledby="attempts-title">
        <h2 id="attempts-title">Attempt log</h2>
        {delivery.attempt_log.length === 0 ? (
          <p className="empty">No attempt yet.</p>
        ) : (
          <table className="data-table attempt-table">
            <caption>Every request sent for this delivery, newest first (times in your time zone).</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Trigger</th>
                <th scope="col">Status</th>
                <th scope="col">Duration</th>
                <th scope="col">Error</th>
                <th scope="col">Response body</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempt_log.map((attempt) => (
                <tr key={attempt.id} data-attempt-id={attempt.id}>
                  <td data-label="Time">
                    <Timestamp iso={attempt.attempted_at} utc={false} />
                  </td>
                  <td data-label="Trigger">{attempt.trigger === 'manual' ? 'Manual' : 'Scheduled'}</td>
                  <td data-label="Status">{attempt.response_status ?? '—'}</td>
                  <td data-label="Duration">{attempt.duration_ms === null ? '—' : `${attempt.duration_ms} ms`}</td>
                  <td data-label="Error">
                    {attempt.error_class ? (
                      <span>
                        {ERROR_CLASS_LABEL[attempt.error_class] ?? attempt.error_class}
                        {attempt.error && (
                          <>
                            <br />
                            <small className="muted delivery-error">{attempt.error}</small>
                          </>
                        )}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label="Response body">
                    {attempt.response_body ? (
                      <pre className="response-excerpt">
                        {attempt.response_body.length > BODY_EXCERPT ? `${attempt.response_body.slice(0, BODY_EXCERPT)}…` : attempt.response_body}
                      </pre>
                    ) : (
                      <span className="muted">Empty</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
