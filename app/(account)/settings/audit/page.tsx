import type { Metadata } from 'next';
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, auditEventView, listAuditEvents, type AuditAction } from '@/server/services/audit-events';
import { isObjectId } from '@/server/lib/object-id';
import type { ActorType } from '@/server/domain/actor';
import { requireSubject } from '@/server/web/session';
import { Timestamp } from '../../../_components/dates';

export const metadata: Metadata = { title: 'Audit log' };

const PAGE_SIZE = 50;
const ACTOR_LABEL: Record<ActorType, string> = { user: 'Person', api_key: 'API key', operator: 'Operator' };

function one(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : undefined;
}

/** `["a","b"]` → `a, b`; null → `—`: a before or after value as the table shows it. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The account's audit log: who changed keys, webhook endpoints and the plan, newest first, filtered
 * by action and actor. A service read scoped to the session's subject, like the other settings pages.
 */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { app, subject } = await requireSubject('/settings/audit', 'audit:read');
  const params = await searchParams;
  const action = one(params.action);
  const actorType = one(params.actor_type);
  const actorId = one(params.actor_id);
  const before = one(params.before);
  const filter = {
    action: action && (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : undefined,
    actorType: actorType && (AUDIT_ACTOR_TYPES as readonly string[]).includes(actorType) ? (actorType as ActorType) : undefined,
    actorId: actorId && actorId.length <= 64 ? actorId : undefined,
  };
  const rows = await listAuditEvents(app.services.db, { type: subject.type, id: subject.id }, filter, before && isObjectId(before) ? before : undefined, PAGE_SIZE + 1);
  const events = rows.slice(0, PAGE_SIZE).map(auditEventView);
  const older = rows.length > PAGE_SIZE ? events.at(-1)?.id : undefined;
  const query = (extra: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries({ action: filter.action, actor_type: filter.actorType, actor_id: filter.actorId, ...extra })) if (value) search.set(name, value);
    const text = search.toString();
    return text ? `/settings/audit?${text}` : '/settings/audit';
  };
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Audit log</h1>
          <p>
            Who changed API keys, webhook endpoints, sharing and the plan of <strong>{subject.name}</strong>, when and from where. Secrets are never recorded. Events
            are kept for {app.services.config.auditRetentionDays} days; keys with the <code>audit:read</code> scope read them at{' '}
            <code>GET /public/v1/audit-events</code>.
          </p>
        </div>
      </div>

      <form method="get" action="/settings/audit" className="button-row" aria-label="Filter the audit log">
        <label>
          Action{' '}
          <select name="action" defaultValue={filter.action ?? ''}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Actor{' '}
          <select name="actor_type" defaultValue={filter.actorType ?? ''}>
            <option value="">Anyone</option>
            {AUDIT_ACTOR_TYPES.map((type) => (
              <option key={type} value={type}>
                {ACTOR_LABEL[type]}
              </option>
            ))}
          </select>
        </label>
        {filter.actorId && <input type="hidden" name="actor_id" value={filter.actorId} />}
        <button type="submit" className="button">
          Filter
        </button>
        {(filter.action || filter.actorType || filter.actorId) && <a href="/settings/audit">Clear filters</a>}
      </form>

      {events.length === 0 ? (
        <p className="empty">{filter.action || filter.actorType || filter.actorId ? 'No events match these filters.' : 'Nothing recorded yet.'}</p>
      ) : (
        <table className="data-table">
          <caption>Changes, newest first.</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">Actor</th>
              <th scope="col">Target</th>
              <th scope="col">Changes</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} data-audit-event-id={event.id}>
                <td data-label="When">
                  <Timestamp iso={event.created_at} utc={false} />
                </td>
                <td data-label="Action">
                  <code>{event.action}</code>
                </td>
                <td data-label="Actor">
                  <a href={query({ actor_id: event.actor.id, actor_type: undefined })} title={`Only events by ${event.actor.label}`}>
                    {event.actor.label}
                  </a>
                  <br />
                  <small className="muted">{ACTOR_LABEL[event.actor.type]}</small>
                </td>
                <td data-label="Target">
                  {event.target.type.replace(/_/g, ' ')}
                  <br />
                  <small className="muted">{event.target.id}</small>
                </td>
                <td data-label="Changes">
                  {Object.keys(event.changes).length === 0 ? (
                    '—'
                  ) : (
                    <ul className="plain-list">
                      {Object.entries(event.changes).map(([field, [was, now]]) => (
                        <li key={field}>
                          <code>{field}</code>: {shown(was)} → {shown(now)}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td data-label="From">
                  {event.client_address ?? '—'}
                  {event.user_agent && (
                    <>
                      <br />
                      <small className="muted">{event.user_agent.slice(0, 80)}</small>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {older && (
        <p>
          <a href={query({ before: older })}>Older events</a>
        </p>
      )}
    </>
  );
}
