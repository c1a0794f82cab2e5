import type { Metadata } from 'next';
import { SiteHeader } from '../../_components/site-header';
import { loadConfig } from '@/server/config';
import { mcpClientSnippets } from '@/server/mcp/client-config';
import { buildToolCatalog } from '@/server/mcp/tools';
import { appRouter } from '@/server/routers/app';

export const metadata: Metadata = {
  title: 'Use with an AI assistant',
  description: 'Connect Claude, Cursor or VS Code to creator-api over the Model Context Protocol: every API operation is a tool.',
};

// The endpoint in the snippets is this deployment's PUBLIC_BASE_URL, read at request time.
export const dynamic = 'force-dynamic';

const KEY_PLACEHOLDER = 'crk_agency_…your key…';

export default function AiAssistantsPage() {
  const base = loadConfig().publicBaseUrl;
  const endpoint = `${base}/mcp`;
  const tools = buildToolCatalog(appRouter);
  return (
    <div className="site">
      <SiteHeader current="/docs/ai-assistants" />
      <main className="site-main">
        <h1 id="use-with-an-ai-assistant">Use with an AI assistant</h1>
        <p className="lead">
          Every operation of the API is also a tool of a <a href="https://modelcontextprotocol.io">Model Context Protocol</a> server at{' '}
          <code>{endpoint}</code> (Streamable HTTP). Assistants authenticate with an API key, exactly like a REST client, and a
          tool can do what its REST operation can do with that key — no more.
        </p>

        <h2 id="connect">Connect a client</h2>
        <p>
          Create a key under <a href="/settings/api-keys">Settings → API keys</a> with the scopes the assistant should have (the
          dialog shows these snippets with your new key filled in). Treat the configuration file like any other secret.
        </p>
        {mcpClientSnippets(endpoint, KEY_PLACEHOLDER).map((s) => (
          <section key={s.id} aria-labelledby={`client-${s.id}`}>
            <h3 id={`client-${s.id}`}>{s.client}</h3>
            <p className="muted">{s.where}</p>
            <pre>
              <code>{s.snippet}</code>
            </pre>
          </section>
        ))}
        <p>
          Check a connection with the MCP Inspector:{' '}
          <code>{`npx @modelcontextprotocol/inspector --cli ${endpoint} --transport http --header "Authorization: Bearer <API_KEY>" --method tools/list`}</code>
        </p>

        <h2 id="hosted-assistants">Hosted assistants (custom connectors with OAuth)</h2>
        <p>
          Assistants that run in the browser — custom connectors in Claude and ChatGPT, among others — do not take a pasted key:
          they connect through the <a href="https://modelcontextprotocol.io/specification/draft/basic/authorization">MCP authorization spec</a>{' '}
          (OAuth 2.1 with discovery, dynamic client registration and PKCE). Add a custom connector with the server URL{' '}
          <code>{endpoint}</code> and nothing else: no client id, no secret, no key. The assistant then:
        </p>
        <ol>
          <li>
            gets a <code>401</code> from <code>/mcp</code> whose <code>{'WWW-Authenticate: Bearer …, resource_metadata="…"'}</code>{' '}
            points at <a href="/.well-known/oauth-protected-resource/mcp">/.well-known/oauth-protected-resource/mcp</a> (RFC 9728),
            which names the authorization server <code>{`${base}/api/auth`}</code>;
          </li>
          <li>
            reads its metadata at <a href="/.well-known/oauth-authorization-server/api/auth">/.well-known/oauth-authorization-server/api/auth</a>{' '}
            (RFC 8414) and registers itself (RFC 7591). Redirect URIs must be <code>https</code>, or <code>http</code> on a loopback
            host (<code>127.0.0.1</code>, <code>[::1]</code>, <code>localhost</code>) for desktop clients; any other scheme is refused;
          </li>
          <li>
            sends you to sign in and to the consent screen, where you pick the agency or creator it acts for and the scopes it gets
            (read-only ones are preselected; <code>offline_access</code> lets it stay connected with refresh tokens);
          </li>
          <li>
            exchanges the code with its PKCE verifier (S256, required) for an access token (<code>crk_oat_…</code>, one hour) and a
            refresh token (<code>crk_ort_…</code>, 30 days, replaced on every use; a used one is refused).
          </li>
        </ol>
        <p>
          Tokens are bound to <code>{endpoint}</code> (RFC 8707 resource indicators): the REST API at <code>/public/v1</code> refuses
          them with <code>401</code> — servers use API keys. A token carries the scopes you allowed, and calls made with it count
          against the same per-account rate limits and appear in the request log like a key&apos;s. Every app you connected is
          listed under <a href="/settings/connected-apps">Settings → Connected apps</a> with its scopes, account and last use;
          removing it refuses its very next request.
        </p>
        <p>
          Clients that take a header instead (Claude Code, Cursor, VS Code — the snippets above) keep using an API key; both work on
          the same endpoint.
        </p>

        <h2 id="behaviour">How tools behave</h2>
        <ul>
          <li>
            One tool per operation, named after its operationId in snake_case (<code>creators_create</code>,{' '}
            <code>link_in_bio_save_block</code>). <code>tools/list</code> shows only the tools the key may call: its subject type
            (agency or creator) and scopes decide; calling another one anyway is a tool error.
          </li>
          <li>
            The list is kept small enough for an assistant to load (under 60,000 characters, about 15k tokens, for a key with
            every agency scope): each tool has its summary and one sentence; defaults, limits and every error are in the{' '}
            <a href="/docs">API reference</a> under the same operation. Every tool carries the annotations{' '}
            <code>readOnlyHint</code>, <code>destructiveHint</code>, <code>idempotentHint</code> and <code>openWorldHint</code>,
            so clients can ask before writes and deletes.
          </li>
          <li>
            Arguments are the operation&apos;s path, query and body fields in one object (<code>{'{ "media_kit_id": "…", "name": "…" }'}</code>
            ), and only those it accepts. The CSV import takes the file&apos;s text as <code>csv</code>.
          </li>
          <li>
            Write tools take an optional <code>idempotency_key</code>, updates an optional <code>if_match</code> — the{' '}
            <code>Idempotency-Key</code> and <code>If-Match</code> headers of REST, with the same rules: a retry with the same
            key and arguments returns the first result instead of running again (<code>_meta.idempotent_replayed</code>), the same
            key with other arguments is a <code>422</code>, and an update whose <code>if_match</code> no longer names the current
            version is a <code>412</code> that changes nothing. A result&apos;s ETag is in <code>_meta.etag</code> and in its text.
          </li>
          <li>
            Results are the JSON the REST operation answers with, <code>{'{ data, request_id, meta? }'}</code>, as{' '}
            <code>structuredContent</code> (and as text). Lists page with <code>meta.next_cursor</code> passed back as{' '}
            <code>cursor</code>. <code>me_get</code> and <code>creator_import_previews_create</code> also declare an output schema.
          </li>
          <li>
            A refused call is a tool result with <code>isError: true</code> whose text is the{' '}
            <a href="/docs/errors">problem+json body</a> the REST operation would answer with; <code>errors[].path</code> names
            the argument (<code>socials[1].handle_or_url</code>).
          </li>
          <li>
            Rate limits are the agency&apos;s or creator&apos;s REST limits: every key, assistant and settings page of one
            account draws from the same windows, and a tool call counts in its operation&apos;s bucket, so sponsorship
            matches share their 60-a-minute bucket between REST and tools. A 429 tool error carries <code>retry_after</code>{' '}
            (seconds). Other protocol requests (<code>initialize</code>, <code>tools/list</code>) count in the default bucket.
          </li>
          <li>
            The server is stateless: no session id, any instance answers any request. A missing or refused key is an HTTP{' '}
            <code>401</code> with <code>WWW-Authenticate: Bearer</code> and <code>resource_metadata</code>. Clients can discover
            the server at <a href="/.well-known/mcp.json">/.well-known/mcp.json</a>.
          </li>
        </ul>

        <h2 id="resources-prompts">Resource and prompt</h2>
        <ul>
          <li>
            The resource <code>creator-api://vocabulary</code> (JSON) is the contract&apos;s vocabulary: every scope, the
            statuses each resource can have, page sizes, import, idempotency and rate limits, and the problem types errors use —
            plus the scopes and plan of the key in use. An agent reads it once instead of guessing.
          </li>
          <li>
            The prompt <strong>Add these creators to my roster</strong> (<code>add_creators_to_roster</code>, agency keys with{' '}
            <code>roster:write</code>) takes a list in any form — names with handles or profile links, a pasted table, CSV — and
            has the assistant preview the import, show you what is new, already on the roster or invalid, ask before committing,
            then report what was added.
          </li>
        </ul>

        <h2 id="tools">Tools</h2>
        <div className="table-scroll">
          <table className="tool-table">
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col">What it does</th>
                <th scope="col">Keys</th>
              </tr>
            </thead>
            <tbody>
              {tools.map((tool) => (
                <tr key={tool.definition.name}>
                  <td>
                    <code>{tool.definition.name}</code>
                  </td>
                  <td>
                    {tool.definition.title}{' '}
                    <span className="muted">
                      ({tool.method} {tool.restPath})
                    </span>
                  </td>
                  <td>{Object.keys(tool.access).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </main>
    </div>
  );
}
