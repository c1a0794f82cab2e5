import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

const run = promisify(execFile);

/**
 * The MCP Inspector's CLI mode — the reference client — against the running server, in its own
 * process. `@modelcontextprotocol/inspector` itself requires Node ≥ 22 since 0.16 (and 0.15, the last
 * release without that requirement, cannot send an Authorization header), so this runs
 * `@modelcontextprotocol/inspector-cli`, the package `inspector --cli` delegates to, which runs on Node 20.
 */
describe('MCP Inspector CLI', () => {
  let t: TestApp;
  let key: string;
  const cli = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/build/index.js');

  beforeAll(async () => {
    t = await startTestApp();
    key = await t.key({ type: 'agency', id: (await t.agency()).id });
  });
  afterAll(async () => {
    await t.close();
  });

  async function inspector(...args: string[]) {
    // The CLI reads its own package.json relative to the working directory: run it from its build folder.
    const { stdout } = await run(process.execPath, [cli, `${t.baseUrl}/mcp`, '--transport', 'http', ...args], { cwd: path.dirname(cli), timeout: 120_000 });
    return JSON.parse(stdout) as Record<string, unknown>;
  }

  // Each call starts a Node process: slow on a loaded machine.
  it('lists the tools and calls one with a bearer key', { timeout: 300_000 }, async () => {
    const listed = (await inspector('--header', `Authorization: Bearer ${key}`, '--method', 'tools/list')) as { tools: { name: string }[] };
    const names = listed.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['me_get', 'creators_create', 'creators_get', 'creator_imports_create', 'sponsorship_matches_list']));
    expect(names.some((name) => name.startsWith('link_in_bio'))).toBe(false);

    const called = (await inspector('--header', `Authorization: Bearer ${key}`, '--method', 'tools/call', '--tool-name', 'creators_create', '--tool-arg', 'display_name=Inspected')) as {
      structuredContent: { data: { created: boolean; creator: { display_name: string } } };
    };
    expect(called.structuredContent.data).toMatchObject({ created: true, creator: { display_name: 'Inspected' } });
  });

  it('fails to connect without a key', { timeout: 150_000 }, async () => {
    await expect(inspector('--method', 'tools/list')).rejects.toThrow(/401|authentication-required/);
  });
});
