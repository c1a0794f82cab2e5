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

        <h2 id="behaviour">How tools behave</h2>
        <ul>
          <li>
            One tool per operation, named after its operationId in snake_case (<code>creators_create</code>,{' '}
            <code>link_in_bio_save_block</code>). <code>tools/list</code> shows only the tools the key may call: its subject type
            (agency or creator) and scopes decide; calling another one anyway is a tool error.
          </li>
          <li>
            Arguments are the operation&apos;s path, query and body fields in one object (<code>{'{ "media_kit_id": "…", "name": "…" }'}</code>
            ). The CSV import takes the file&apos;s text as <code>csv</code>.
          </li>
          <li>
            Results are the JSON the REST operation answers with, <code>{'{ data, request_id, meta? }'}</code>, as{' '}
            <code>structuredContent</code> (and as text). Lists page with <code>meta.next_cursor</code> passed back as{' '}
            <code>cursor</code>.
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
            <code>401</code> with <code>WWW-Authenticate: Bearer</code>. Clients can discover the server at{' '}
            <a href="/.well-known/mcp.json">/.well-known/mcp.json</a>.
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
