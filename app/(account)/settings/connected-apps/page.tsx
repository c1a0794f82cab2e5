import type { Metadata } from 'next';
import { listConnectedApps } from '@/server/services/oauth-apps';
import { requireAccount } from '@/server/web/session';
import { Timestamp } from '../../../_components/dates';
import { RevokeAppButton } from './revoke-app-button';

export const metadata: Metadata = { title: 'Connected apps' };

/** AI assistants (and other OAuth clients) you allowed to act for your agency or creator, through /mcp. */
export default async function ConnectedAppsPage() {
  const { app, user } = await requireAccount('/settings/connected-apps');
  const apps = await listConnectedApps(app.services.db, user.id);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Connected apps</h1>
          <p>
            Assistants you connected with OAuth (for example a custom connector in Claude or ChatGPT) act through the MCP server with the scopes you allowed.
            Removing one ends its access at once. See <a href="/docs/ai-assistants">AI assistants</a> to connect one.
          </p>
        </div>
      </div>
      {apps.length === 0 ? (
        <p className="empty">No connected apps. When you allow an assistant to connect, it appears here.</p>
      ) : (
        <table className="data-table">
          <caption>
            {apps.length} connected {apps.length === 1 ? 'app' : 'apps'}, most recently authorized first; times in your time zone.
          </caption>
          <thead>
            <tr>
              <th scope="col">App</th>
              <th scope="col">Acts for</th>
              <th scope="col">Scopes</th>
              <th scope="col">Authorized</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {apps.map((connected) => (
              <tr key={connected.id} data-app-id={connected.id}>
                <td data-label="App">
                  <strong>{connected.name}</strong>
                  <br />
                  <small className="muted">Returns to {connected.redirectHosts.join(', ')}</small>
                </td>
                <td data-label="Acts for">
                  {connected.subject.name} <small className="muted">({connected.subject.type})</small>
                </td>
                <td data-label="Scopes">
                  <ul className="plain-list">
                    {connected.scopes.map((scope) => (
                      <li key={scope}>
                        <code>{scope}</code>
                      </li>
                    ))}
                  </ul>
                </td>
                <td data-label="Authorized">
                  <Timestamp iso={connected.authorizedAt.toISOString()} utc={false} />
                </td>
                <td data-label="Last used">
                  <Timestamp iso={connected.lastUsedAt?.toISOString() ?? null} empty="Never" utc={false} />
                </td>
                <td data-label="Actions">
                  <RevokeAppButton appId={connected.id} appName={connected.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
