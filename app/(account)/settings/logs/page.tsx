import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { isObjectId } from '@/server/lib/object-id';
import { listRequestLogs, parseStatusFilter, requestLogView } from '@/server/services/request-logs';
import { requireSubject } from '@/server/web/session';
import { Timestamp } from '../../../_components/dates';

export const metadata: Metadata = { title: 'Request logs' };

const PAGE_SIZE = 50;
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: '2xx', label: 'Succeeded (2xx)' },
  { value: '4xx', label: 'Client errors (4xx)' },
  { value: '5xx', label: 'Server errors (5xx)' },
] as const;
const STATUS_PATTERN = /^(?:[1-5][0-9][0-9]|[1-5]xx)$/i;

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function statusBadge(status: number): string {
  return status >= 500 ? 'revoked' : status >= 400 ? 'expired' : 'active';
}

export default async function RequestLogsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { app, subject } = await requireSubject('/settings/logs', 'logs:read');
  const params = await searchParams;
  const requestId = one(params.request_id);
  if (requestId) redirect(`/settings/logs/${encodeURIComponent(requestId)}`);
  const status = STATUS_PATTERN.test(one(params.status)) ? one(params.status) : '';
  const before = isObjectId(one(params.before)) ? one(params.before) : undefined;
  const owner = { type: subject.type, id: subject.id };
  const rows = await listRequestLogs(app.services.db, owner, { status: status ? parseStatusFilter(status) : undefined }, before, PAGE_SIZE + 1);
  const entries = rows.slice(0, PAGE_SIZE).map(requestLogView);
  const older = rows.length > PAGE_SIZE ? entries.at(-1)?.id : undefined;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Request logs</h1>
          <p>
            Every call made with <strong>{subject.name}</strong>’s API keys, over REST or MCP, newest first. Errors keep the request and response bodies,
            secrets redacted. Entries are kept 30 days; the API has them too (<code>GET /public/v1/request-logs</code>).
          </p>
        </div>
      </div>
      <form method="get" action="/settings/logs" className="button-row" role="search" aria-label="Request logs">
        <label className="field-label" htmlFor="logs-status">
          Status
        </label>
        <select id="logs-status" name="status" defaultValue={status}>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      <form method="get" action="/settings/logs" className="button-row" role="search" aria-label="Find a request">
        <label className="field-label" htmlFor="logs-request-id">
          Request id
        </label>
        <input id="logs-request-id" name="request_id" type="search" placeholder="req_…" spellCheck={false} autoComplete="off" />
        <button type="submit" className="button">
          Open
        </button>
      </form>

      {entries.length === 0 ? (
        <p className="empty">{status || before ? 'No requests match.' : 'No requests yet. Calls made with your API keys appear here within a few seconds.'}</p>
      ) : (
        <table className="data-table">
          <caption>API requests, newest first (times in your time zone).</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Request</th>
              <th scope="col">Status</th>
              <th scope="col">Duration</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-request-id={entry.request_id}>
                <td data-label="Time">
                  <Timestamp iso={entry.created_at} utc={false} />
                </td>
                <td data-label="Request">
                  <a href={`/settings/logs/${encodeURIComponent(entry.request_id)}`}>
                    <code>
                      {entry.method} {entry.path}
                    </code>
                  </a>
                  <br />
                  <small className="muted">{entry.request_id}</small>
                </td>
                <td data-label="Status">
                  <span className={`badge badge-${statusBadge(entry.status)}`}>{entry.status}</span>
                  {entry.problem_type && (
                    <>
                      {' '}
                      <small className="muted">{entry.problem_type}</small>
                    </>
                  )}
                </td>
                <td data-label="Duration">{entry.duration_ms} ms</td>
                <td data-label="Source">{entry.source === 'mcp' ? 'MCP' : 'REST'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {older && (
        <p>
          <a href={`/settings/logs?${new URLSearchParams({ ...(status ? { status } : {}), before: older }).toString()}`}>Older requests</a>
        </p>
      )}
    </>
  );
}
