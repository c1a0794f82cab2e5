import type { Metadata } from 'next';
import { RETRY_SCHEDULE_DOC } from '@/server/routers/event-types/catalogue';
import { listWebhookDeliveries, listWebhookEndpoints, webhookDeliveryView, webhookEndpointView } from '@/server/services/webhook-endpoints';
import { EVENT_TYPES, SUBSCRIBABLE_EVENT_TYPES } from '@/server/services/webhook-events';
import { requireSubject } from '@/server/web/session';
import { Timestamp } from '../../../_components/dates';
import { AddEndpointDialog, EndpointAction, RotateSecretButton } from './webhook-controls';

export const metadata: Metadata = { title: 'Webhooks' };

const DELIVERY_LABEL = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;
const RECENT_DELIVERIES = 10;

export default async function WebhooksPage() {
  const { app, subject } = await requireSubject('/settings/webhooks');
  const owner = { type: subject.type, id: subject.id };
  const db = app.services.db;
  const endpoints = await listWebhookEndpoints(db, owner, undefined, 50);
  const deliveries = await Promise.all(endpoints.map((e) => listWebhookDeliveries(db, owner, e.id, {}, undefined, RECENT_DELIVERIES)));
  const eventOptions = SUBSCRIBABLE_EVENT_TYPES.map((type) => ({ type, description: EVENT_TYPES[type].description }));
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Webhooks</h1>
          <p>
            We POST signed events to your endpoints when something changes for <strong>{subject.name}</strong>, so your systems need not poll. Verify each
            delivery with your endpoint’s secret and any Standard Webhooks library; see <a href="/docs#tag/webhooks">the API reference</a>.
          </p>
        </div>
        <AddEndpointDialog eventOptions={eventOptions} />
      </div>
      <p className="muted">{RETRY_SCHEDULE_DOC}</p>

      {endpoints.length === 0 ? (
        <p className="empty">No endpoints yet. Add one to start receiving events.</p>
      ) : (
        endpoints.map((row, index) => {
          const endpoint = webhookEndpointView(row);
          const label = endpoint.description ?? endpoint.url;
          const recent = deliveries[index]!.map(webhookDeliveryView);
          return (
            <section key={endpoint.id} className="card webhook-endpoint" aria-labelledby={`endpoint-${endpoint.id}`} data-endpoint-id={endpoint.id}>
              <div className="page-head">
                <div>
                  <h2 id={`endpoint-${endpoint.id}`}>
                    <code>{endpoint.url}</code>
                  </h2>
                  {endpoint.description && <p>{endpoint.description}</p>}
                  <p>
                    <span className={`badge badge-${endpoint.status === 'enabled' ? 'active' : 'revoked'}`}>
                      {endpoint.status === 'enabled' ? 'Enabled' : endpoint.disabled_reason === 'failing' ? 'Disabled: failing for 5 days' : 'Disabled'}
                    </span>{' '}
                    <small className="muted">
                      Events: {endpoint.events.includes('*') ? 'all events' : endpoint.events.join(', ')}
                      {endpoint.previous_secret_expires_at && (
                        <>
                          {' '}
                          · previous secret signs until <Timestamp iso={endpoint.previous_secret_expires_at} utc={false} />
                        </>
                      )}
                    </small>
                  </p>
                </div>
                <div className="button-row">
                  {endpoint.status === 'enabled' && (
                    <EndpointAction action="test" endpointId={endpoint.id} label="Send test event" ariaLabel={`Send a test event to ${label}`} />
                  )}
                  <RotateSecretButton endpointId={endpoint.id} label={label} />
                  {endpoint.status === 'enabled' ? (
                    <EndpointAction action="disable" endpointId={endpoint.id} label="Disable" ariaLabel={`Disable ${label}`} />
                  ) : (
                    <EndpointAction action="enable" endpointId={endpoint.id} label="Enable" ariaLabel={`Enable ${label}`} />
                  )}
                  <EndpointAction action="delete" endpointId={endpoint.id} label="Delete" ariaLabel={`Delete ${label}`} />
                </div>
              </div>
              {recent.length === 0 ? (
                <p className="empty">No deliveries yet. Send a test event to try the endpoint.</p>
              ) : (
                <table className="data-table">
                  <caption>Recent deliveries to {label}, newest first.</caption>
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Status</th>
                      <th scope="col">Response</th>
                      <th scope="col">Attempts</th>
                      <th scope="col">Last attempt</th>
                      <th scope="col">Next attempt</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {recent.map((delivery) => (
                      <tr key={delivery.id} data-delivery-id={delivery.id}>
                        <td data-label="Event">
                          <code>{delivery.event_type}</code>
                          <br />
                          <small className="muted">{delivery.event_id}</small>
                        </td>
                        <td data-label="Status">
                          <span className={`badge badge-${delivery.status === 'succeeded' ? 'active' : delivery.status === 'failed' ? 'revoked' : 'expired'}`}>
                            {DELIVERY_LABEL[delivery.status]}
                          </span>
                        </td>
                        <td data-label="Response">
                          {delivery.last_response_code ?? '—'}
                          {delivery.last_error && (
                            <>
                              <br />
                              <small className="muted">{delivery.last_error.slice(0, 160)}</small>
                            </>
                          )}
                        </td>
                        <td data-label="Attempts">{delivery.attempts}</td>
                        <td data-label="Last attempt">
                          <Timestamp iso={delivery.last_attempt_at} empty="Not yet" utc={false} />
                        </td>
                        <td data-label="Next attempt">
                          <Timestamp iso={delivery.next_attempt_at} utc={false} />
                        </td>
                        <td data-label="Actions">
                          {endpoint.status === 'enabled' && (
                            <EndpointAction
                              action="retry"
                              endpointId={endpoint.id}
                              deliveryId={delivery.id}
                              label="Retry"
                              ariaLabel={`Retry ${delivery.event_type} delivery ${delivery.id}`}
                            />
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          );
        })
      )}
    </>
  );
}
