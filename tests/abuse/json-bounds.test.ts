import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { connectMcp, problemOf } from '../mcp/support';

/**
 * No input makes a 5xx: JSON nested deeper than any operation takes (or with more values than any
 * takes) is a 400 naming the field where it goes too deep, through every door, before the
 * Idempotency-Key fingerprint or storage walk it.
 */

/** `{"a":{"a":…}}` `depth` levels deep, as text (JSON.stringify itself would overflow). */
function deepObjectText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('JSON depth and size bounds', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp();
    const agency = await t.agency({ plan: 'scale' });
    key = await t.key({ type: 'agency', id: agency.id }, ['all']);
  }, 60_000);
  afterAll(() => t?.close());

  async function postPreview(body: string, headers: Record<string, string> = {}) {
    return t.request('/public/v1/creator-imports/previews', {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  }

  it('a deeply nested value in a free-form field is a 400 naming the field, with or without an Idempotency-Key', async () => {
    const body = `{"rows":[{"display_name":"Deep","extra":${deepObjectText(20_000)}}]}`;
    for (const headers of [{ 'Idempotency-Key': `deep-${Date.now()}` }, {}] as Record<string, string>[]) {
      const response = await postPreview(body, headers);
      expect(response.status).toBe(400);
      const problem = await readProblem(response);
      expect(problem.type).toMatch(/validation-error$/);
      expect(problem.errors?.[0]?.path).toMatch(/^body\.rows\[0\]\.extra(\.a)+$/);
      expect(problem.errors?.[0]?.code).toBe('too_deep');
    }
    // Still serving.
    expect((await t.request('/public/v1/me', { key })).status).toBe(200);
  });

  it('a deeply nested array is refused the same way', async () => {
    const response = await postPreview(`{"rows":[{"display_name":"Deep","tags":${'['.repeat(10_000)}${']'.repeat(10_000)}}]}`);
    expect(response.status).toBe(400);
    const problem = await readProblem(response);
    expect(problem.errors?.[0]?.path).toMatch(/^body\.rows\[0\]\.tags(\[0\])+$/);
    expect(problem.errors?.[0]?.code).toBe('too_deep');
  });

  it('nesting an operation legitimately uses (a row with socials) passes', async () => {
    const response = await postPreview(JSON.stringify({ rows: [{ display_name: 'Ada', socials: [{ platform: 'instagram', handle_or_url: '@ada.bounds' }] }] }));
    expect(response.status).toBe(201);
  });

  it('a body with more values than any operation takes is a 400 naming the field that holds them', async () => {
    const wide = Array.from({ length: 60_000 }, () => 0);
    const response = await postPreview(JSON.stringify({ rows: [{ display_name: 'Wide', tags: wide }] }));
    expect(response.status).toBe(400);
    const problem = await readProblem(response);
    expect(problem.errors?.[0]?.code).toBe('too_many_values');
    expect(problem.errors?.[0]?.path).toMatch(/^body\.rows\[0\]\.tags/);
  });

  it('MCP tool arguments get the same bound: a tool error naming the argument, not an internal error', async () => {
    const client = await connectMcp(t, key);
    try {
      // The SDK's client cannot send much deeper (its own validation recurses); the raw test below goes deeper.
      const deep = JSON.parse(deepObjectText(100)) as unknown;
      const result = await client.callTool({ name: 'creator_import_previews_create', arguments: { rows: [{ display_name: 'Deep', extra: deep }] } });
      const problem = problemOf(result);
      expect(problem.status).toBe(400);
      expect(problem.errors?.[0]?.code).toBe('too_deep');
      expect(problem.errors?.[0]?.path).toMatch(/^rows\[0\]\.extra(\.a)+$/);
    } finally {
      await client.close();
    }
  });

  it('a raw MCP tools/call nested 20,000 levels deep is answered without an internal error', async () => {
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"creator_import_previews_create","arguments":{"rows":[{"display_name":"Deep","extra":${deepObjectText(20_000)}}]}}}`;
    const response = await t.request('/mcp', {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
    });
    expect(response.status).toBeLessThan(500);
    const text = await response.text();
    expect(text).not.toMatch(/internal-error|Internal error/i);
    expect(text).toMatch(/too_deep|-32600|-32602|-32700/);
  });
});
