import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { OAUTH_CONSENT_PAGE } from '@/server/auth/oauth-paths';
import { OFFLINE_ACCESS } from '@/server/auth/oauth-tokens';
import { isScope, SCOPES } from '@/server/auth/scopes';
import { actableSubjects, grantableScopes, isReadScope, redirectHosts, subjectReference } from '@/server/services/oauth-apps';
import { currentAccount, signInPath } from '@/server/web/session';
import { ConsentForm, type ConsentScope } from './consent-form';

export const metadata: Metadata = { title: 'Connect an app' };

/**
 * The consent screen (the authorization server's `consentPage`): which app asks, where it will send
 * the answer, the account it may act for and the scopes it gets (read-only ones preselected).
 */
export default async function ConsentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, one);
  }
  const account = await currentAccount();
  if (!account) redirect(signInPath(`${OAUTH_CONSENT_PAGE}?${query.toString()}`));
  const clientId = query.get('client_id') ?? '';
  const client = clientId ? await account.app.services.db.oauthClient.findUnique({ where: { clientId }, select: { name: true, redirectUris: true, uri: true } }) : null;
  const redirectUri = query.get('redirect_uri') ?? '';
  if (!client || !query.get('sig') || !client.redirectUris.includes(redirectUri)) {
    return (
      <div className="auth-card">
        <h1>This request cannot be answered</h1>
        <p>The link is incomplete or the app is unknown. Start connecting again from the app.</p>
      </div>
    );
  }
  const subjects = await actableSubjects(account.app.services.db, account.user.id);
  const requested = (query.get('scope') ?? '').split(' ').filter(Boolean);
  const offered = new Set(subjects.flatMap((subject) => grantableScopes(subject.type)));
  const scopes: ConsentScope[] = requested
    .filter((scope) => offered.has(scope))
    .map((scope) => ({
      scope,
      description: scope === OFFLINE_ACCESS ? 'Stay connected: renew its access without asking you again, until you remove it.' : isScope(scope) ? SCOPES[scope].description : scope,
      preselected: scope === OFFLINE_ACCESS || isReadScope(scope),
      subjectTypes: subjects.filter((subject) => grantableScopes(subject.type).includes(scope)).map((subject) => subject.type),
    }));
  const name = client.name?.trim() || 'An unnamed app';
  const host = redirectHosts([redirectUri])[0] ?? redirectUri;
  return (
    <div className="auth-card consent-card">
      <h1>Connect {name}?</h1>
      <p>
        <strong>{name}</strong> wants to use creator-api on your behalf, through its MCP server. After you answer, you go back to <strong>{host}</strong>.
      </p>
      {subjects.length === 0 ? (
        <p className="alert alert-error" role="alert">
          Your account has no agency or creator yet, so there is nothing to connect.
        </p>
      ) : (
        <ConsentForm
          oauthQuery={query.toString()}
          subjects={subjects.map((subject) => ({ value: subjectReference(subject), label: subject.name, type: subject.type }))}
          scopes={scopes}
        />
      )}
      <p className="muted">You can remove this app at any time under Settings → Connected apps; it then loses access at once.</p>
    </div>
  );
}
