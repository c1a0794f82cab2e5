import type { Metadata } from 'next';
import Link from 'next/link';
import { RETRY_SCHEDULE_DOC } from '@/server/routers/event-types/catalogue';
import { listWebhookDeliveries, listWebhookEndpoints, webhookDeliveryView, webhookEndpointView } from '@/server/services/webhook-endpoints';
import { EVENT_TYPES, firesFor, SUBSCRIBABLE_EVENT_TYPES } from '@/server/services/webhook-events';
import { TestEventForm } from './test-event-form';
import { requireSubject } from '@/server/web/session';
import { dateTimeLocalIn, formTimeZone, zoneLabel } from '@/server/web/viewer-time';
import { Timestamp } from '../../../_components/dates';
import { LiveRefresh } from '../../../_components/live-refresh';
import { DeliveryStatusBadge, deliveryPath, EventTypeName } from './delivery-parts';
import { AddEndpointDialog, EndpointAction, ReplayForm, RotateSecretButton } from './webhook-controls';

export const metadata: Metadata = { title: 'Webhooks' };

const RECENT_DELIVERIES = 10;
const DAY_MS = 24 * 3600_000;


export default async function WebhooksPage() {
  const { app, subject } = await requireSubject('/settings/webhooks', 'webhooks:read');
  const owner = { type: subject.type, id: subject.id };
  const db = app.services.db;
  const endpoints = await listWebhookEndpoints(db, owner, undefined, 50);
  const deliveries = await Promise.all(endpoints.map((e) => listWebhookDeliveries(db, owner, e.id, {}, undefined, RECENT_DELIVERIES)));
  // Only what can fire for this account type: decks are an agency's, link in bio a creator's.
  const eventOptions = SUBSCRIBABLE_EVENT_TYPES.filter((type) => firesFor(type, subject.type)).map((type) => ({ type, description: EVENT_TYPES[type].description }));
  const anyPending = deliveries.some((rows) => rows.some((row) => row.status === 'pending'));
  // The replay form's default start, 24 h ago, in the viewer's zone as the form shows and reads it.
  const zone = await formTimeZone();
  const replaySince = dateTimeLocalIn(zone, new Date(Date.now() - DAY_MS));
  const timeZone = { id: zone, label: zoneLabel(zone) };
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
      <LiveRefresh active={anyPending} label="Deliveries are pending: this page updates itself every few seconds." />

      {endpoints.length === 0 ? (
        <p className="empty">No endpoints yet. Add one to start receiving events.</p>
      ) : (
        endpoints.map((row, index) => {
          const endpoint = webhookEndpointView(row);
          const label = endpoint.description ?? endpoint.url;
          const recent = deliveries[index]!.map(webhookDeliveryView);
          const captionId = `deliveries-${endpoint.id}`;
          return (
            <section key={endpoint.id} className="card webhook-endpoint" aria-labelledby={`endpoint-${endpoint.id}`} data-endpoint-id={endpoint.id}>
              <div className="page-head">
                <div className="webhook-endpoint-head">
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
                    <TestEventForm endpointId={endpoint.id} label={label} eventTypes={eventOptions.map((option) => option.type)} />
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
                // Scrolls sideways only if it must (a long response on a mid-width screen); the region is focusable so a keyboard can scroll it.
                <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
                  <table className="data-table delivery-table">
                    <caption id={captionId}>Recent deliveries to {label}, newest first (times in your time zone).</caption>
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
                            <EventTypeName type={delivery.event_type} />
                          </td>
                          <td data-label="Status">
                            <DeliveryStatusBadge status={delivery.status} />
                          </td>
                          <td data-label="Response">
                            <span>
                              {delivery.last_response_code ?? '—'}
                              {delivery.last_duration_ms !== null && <small className="muted"> · {delivery.last_duration_ms} ms</small>}
                              {delivery.last_error && (
                                <>
                                  <br />
                                  <small className="muted delivery-error">{delivery.last_error.slice(0, 160)}</small>
                                </>
                              )}
                            </span>
                          </td>
                          <td data-label="Attempts">{delivery.attempts}</td>
                          <td data-label="Last attempt">
                            <Timestamp iso={delivery.last_attempt_at} empty="Not yet" utc={false} />
                          </td>
                          <td data-label="Next attempt">
                            <Timestamp iso={delivery.next_attempt_at} utc={false} />
                          </td>
                          <td data-label="Actions">
                            <div className="button-row delivery-actions">
                              <Link className="button button-small" href={deliveryPath(endpoint.id, delivery.id)} aria-label={`View ${delivery.event_type} delivery ${delivery.id}`}>
                                View
                              </Link>
                              {endpoint.status === 'enabled' && (
                                <EndpointAction
                                  action="retry"
                                  endpointId={endpoint.id}
                                  deliveryId={delivery.id}
                                  label="Retry"
                                  ariaLabel={`Retry ${delivery.event_type} delivery ${delivery.id}`}
                                />
                              )}
                            </div>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {endpoint.status === 'enabled' && <ReplayForm endpointId={endpoint.id} label={label} defaultSince={replaySince} timeZone={timeZone} />}
            </section>
          );
        })
      )}
    </>
  );
}
