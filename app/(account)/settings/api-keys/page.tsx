import type { Metadata } from 'next';
import { roleAllows, SCOPES, scopesFor } from '@/server/auth/scopes';
import { listApiKeys } from '@/server/services/api-keys';
import { requireSubject } from '@/server/web/session';
import { Timestamp } from '../../../_components/dates';
import { CreateKeyDialog } from './create-key-dialog';
import { RenameKeyButton, RollKeyButton } from './key-actions';
import { RevokeKeyButton } from './revoke-key-button';
import { ScopeSummary } from './scope-summary';

export const metadata: Metadata = { title: 'API keys' };

const STATUS_LABEL = { active: 'Active', revoked: 'Revoked', expired: 'Expired' } as const;

/** `crk_agency_AbCd…WxYz`: the prefix and the last four characters, as Stripe shows keys. */
function displayKey(key: { start: string; last_four: string | null }): string {
  return `${key.start}…${key.last_four ?? ''}`;
}

export default async function ApiKeysPage() {
  const { app, subject, mode } = await requireSubject('/settings/api-keys');
  const keys = await listApiKeys(app.services.db, { subject: { type: subject.type, id: subject.id } });
  // Keys belong to the account; each shows the person who created it (still shown once they leave).
  const creators = new Map(
    (await app.services.db.user.findMany({ where: { id: { in: [...new Set(keys.map((k) => k.user_id))] } }, select: { id: true, email: true, name: true } })).map((u) => [u.id, u.name ? `${u.name} (${u.email})` : u.email]),
  );
  const canWrite = roleAllows(subject.type, subject.role, 'api_keys:write');
  // Only the scopes this subject type may hold are offered; the service checks again on create.
  const scopeOptions = scopesFor(subject.type).map((scope) => ({ scope, description: SCOPES[scope].description }));
  return (
    <>
      <div className="page-head">
        <div>
          <h1>API keys</h1>
          <p>
            Keys let your servers call the API as {subject.type === 'agency' ? 'the agency' : 'the creator'} <strong>{subject.name}</strong>.
            Send one as <code>Authorization: Bearer …</code>.
          </p>
          {mode === 'test' && (
            <p data-testid="test-keys-note">
              <strong>Test keys</strong> (<code>crk_test_…</code>) act on your test data only: what they create is invisible to live keys, and live data is invisible to them.
            </p>
          )}
        </div>
        {canWrite ? (
          <CreateKeyDialog scopeOptions={scopeOptions} subjectType={subject.type} />
        ) : (
          <p className="muted" role="note">
            Your role ({subject.role}) cannot create or change keys: ask an owner or admin.
          </p>
        )}
      </div>

      {keys.length === 0 ? (
        <p className="empty">No API keys yet. Create one to make your first request.</p>
      ) : (
        <table className="data-table">
          <caption>
            {keys.length} {keys.length === 1 ? 'key' : 'keys'}, newest first; times in your time zone. Only the prefix and the last four characters of each key are kept, for telling them apart.
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Created by</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} className={key.status === 'active' ? undefined : 'is-inactive'} data-key-id={key.id}>
                <td data-label="Name">
                  <strong>{key.name}</strong>
                  {key.replaced_by_id && (
                    <>
                      <br />
                      <small className="muted">Rolled: replaced by a new key</small>
                    </>
                  )}
                </td>
                <td data-label="Key">
                  <code className="key-display">{displayKey(key)}</code>
                </td>
                <td data-label="Scopes">
                  <ScopeSummary scopes={key.scopes} allScopes={scopesFor(subject.type)} label={`Scopes of ${key.name}`} />
                </td>
                <td data-label="Created">
                  <Timestamp iso={key.created_at} utc={false} />
                </td>
                <td data-label="Created by">{creators.get(key.user_id) ?? 'Operator'}</td>
                <td data-label="Last used">
                  <Timestamp iso={key.last_used_at} empty="Never" utc={false} />
                </td>
                <td data-label="Expires">
                  <Timestamp iso={key.expires_at} empty="Never" utc={false} />
                </td>
                <td data-label="Status">
                  <span className={`badge badge-${key.status}`}>{STATUS_LABEL[key.status]}</span>
                  {key.revoked_at && (
                    <>
                      {' '}
                      <small className="muted">
                        <Timestamp iso={key.revoked_at} utc={false} />
                      </small>
                    </>
                  )}
                </td>
                <td data-label="Actions">
                  {canWrite && <div className="key-actions">
                    {key.status === 'active' && <RenameKeyButton keyId={key.id} keyName={key.name} />}
                    <RollKeyButton keyId={key.id} keyName={key.name} keyDisplay={displayKey(key)} canRoll={key.status === 'active' && !key.replaced_by_id} />
                    {key.status === 'active' && <RevokeKeyButton keyId={key.id} keyName={key.name} keyStart={displayKey(key)} />}
                  </div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
