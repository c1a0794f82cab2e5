import { SCOPES, type Scope } from '@/server/auth/scopes';

/**
 * Scopes as a compact summary ("Full access", or "roster: read, write · decks: read"), with each
 * scope and its description on demand (a native disclosure: keyboard and screen-reader friendly).
 */
export function ScopeSummary({ scopes, allScopes, label }: { scopes: readonly string[]; allScopes: readonly Scope[]; label: string }) {
  const full = allScopes.every((s) => scopes.includes(s));
  const byResource = new Map<string, string[]>();
  for (const scope of scopes) {
    const [resource, access] = scope.split(':') as [string, string];
    byResource.set(resource, [...(byResource.get(resource) ?? []), access]);
  }
  const summary = full ? 'Full access' : [...byResource].map(([resource, access]) => `${resource.replace(/_/g, ' ')}: ${access.join(', ')}`).join(' · ');
  return (
    <details className="scope-summary">
      <summary>
        {summary}
        <span className="visually-hidden"> — show the {scopes.length} scopes</span>
      </summary>
      <ul className="scope-list" aria-label={label}>
        {scopes.map((scope) => (
          <li key={scope}>
            <code>{scope}</code> <span className="muted">{SCOPES[scope as Scope]?.description ?? ''}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
