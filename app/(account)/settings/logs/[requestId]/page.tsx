import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ApiError } from '@/server/domain/errors';
import { getRequestLog, requestLogView, type RequestLogView } from '@/server/services/request-logs';
import { requireSubject } from '@/server/web/session';
import { Timestamp } from '../../../../_components/dates';
import { CopyCurlButton } from '../copy-curl-button';
import { curlCommand } from '../curl';

export const metadata: Metadata = { title: 'Request log entry' };

/** Pretty-printed when the stored body is JSON (a truncated one stays as stored). */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

async function entryOf(app: Awaited<ReturnType<typeof requireSubject>>['app'], owner: { type: 'agency' | 'creator'; id: string }, requestId: string): Promise<RequestLogView | null> {
  try {
    return requestLogView(await getRequestLog(app.services.db, owner, requestId));
  } catch (error) {
    if (error instanceof ApiError && error.slug === 'not-found') return null;
    throw error;
  }
}

export default async function RequestLogEntryPage({ params }: { params: Promise<{ requestId: string }> }) {
  const { requestId: raw } = await params;
  const requestId = decodeURIComponent(raw);
  const { app, subject } = await requireSubject(`/settings/logs/${encodeURIComponent(requestId)}`, 'logs:read');
  const entry = await entryOf(app, { type: subject.type, id: subject.id }, requestId);
  if (!entry) {
    return (
      <>
        <h1>Request not found</h1>
        <p className="empty">
          No request <code>{requestId}</code> in {subject.name}’s logs. It may be another account’s, older than 30 days, or only seconds old: try again in a
          moment.
        </p>
        <p>
          <a href="/settings/logs">All requests</a>
        </p>
      </>
    );
  }
  const rows: [string, ReactNode][] = [
    ['Request id', <code key="id">{entry.request_id}</code>],
    ['Time', <Timestamp key="time" iso={entry.created_at} />],
    ['Status', entry.problem_type ? `${entry.status} (${entry.problem_type})` : String(entry.status)],
    ['Operation', entry.operation ? <code key="op">{entry.operation}</code> : '—'],
    ['Source', entry.source === 'mcp' ? 'MCP tool call' : 'REST'],
    ['Duration', `${entry.duration_ms} ms`],
    ['API key', <code key="key">{entry.key_id}</code>],
    ['Mode', entry.mode],
    ['Idempotent replay', entry.idempotent_replayed ? 'Yes' : 'No'],
    ['Client address', entry.client_address ?? '—'],
    ['User agent', entry.user_agent ?? '—'],
  ];
  return (
    <>
      <p>
        <a href="/settings/logs">← All requests</a>
      </p>
      <div className="page-head">
        <div>
          <h1>
            <code>
              {entry.method} {entry.path}
            </code>
          </h1>
        </div>
        <div>
          <CopyCurlButton command={curlCommand(entry, app.services.config.publicBaseUrl)} />
        </div>
      </div>
      <dl className="card">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>Request body</h2>
      {entry.request_body ? <pre className="card">{pretty(entry.request_body)}</pre> : <p className="muted">Kept for errors (4xx, 5xx) only.</p>}
      <h2>Response body</h2>
      {entry.response_body ? <pre className="card">{pretty(entry.response_body)}</pre> : <p className="muted">Kept for errors (4xx, 5xx) only.</p>}
      <h2>As curl</h2>
      <pre className="card">{curlCommand(entry, app.services.config.publicBaseUrl)}</pre>
    </>
  );
}
