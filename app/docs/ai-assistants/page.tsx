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
  const endpoint = `${loadConfig().publicBaseUrl}/mcp`;
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
          (OAuth 2.1 with discovery, dynamic client registration and PKCE). The first step is in place: every <code>401</code>{' '}
          from <code>/mcp</code> carries <code>{'WWW-Authenticate: Bearer …, resource_metadata="…"'}</code> pointing at{' '}
          <a href="/.well-known/oauth-protected-resource/mcp">/.well-known/oauth-protected-resource/mcp</a> (RFC 9728), which
          names the resource and its scopes. The authorization server those connectors sign in through — consent screen,
          Connected apps in settings — is not available yet, so the metadata lists no authorization server and such connectors
          cannot finish connecting. Until then, use a client that sends a key in a header (above), or a bridge such as{' '}
          <code>mcp-remote</code> (the Claude Desktop snippet).
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
