import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/server/http/exchange';
import { LARGE_BODY_BYTES, readRequestBody } from '../../src/server/http/request-body';
import { turnsWhile } from '../support/event-loop';

/**
 * A large JSON body (a 2 MiB import preview) is put together, decoded and parsed in turns of the event
 * loop of their own, and the operation starts in the next one (issue 26: in one go, with the
 * operation's first steps behind them, they held every other request for several milliseconds).
 * Small bodies are parsed at once. The body here is already in memory, so reading it never lets the
 * event loop turn: every turn counted comes from the reader.
 */
describe('a large JSON body is parsed in turns of the event loop', () => {
  function requestWith(json: string): ApiRequest {
    const bytes = Buffer.from(json);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(bytes.byteLength) };
    return {
      method: 'POST',
      target: '/public/v1/creator-imports/previews',
      headers: { get: (name) => headers[name.toLowerCase()] ?? null, forEach: (callback) => Object.entries(headers).forEach(([name, value]) => callback(value, name)) },
      body: (async function* () {
        for (let offset = 0; offset < bytes.byteLength; offset += 64 * 1024) yield await Promise.resolve(bytes.subarray(offset, offset + 64 * 1024));
      })(),
    };
  }

  const rules = { multipart: false, cap: 5 * 1024 * 1024, operation: 'POST /public/v1/creator-imports/previews', pathname: '/public/v1/creator-imports/previews' };

  it('gives the event loop a turn before decoding, before parsing and after parsing a 2 MiB body', async () => {
    const lines = ['display_name,country,instagram'];
    for (let i = 0, chars = 0; chars < 2 * 1024 * 1024 - 64 * 1024; i += 1) chars += lines[lines.push(`Creator ${i},US,@creator_${i}`) - 1]!.length + 1;
    const csv = `${lines.join('\n')}\n`;
    const json = JSON.stringify({ csv });
    expect(json.length).toBeGreaterThan(LARGE_BODY_BYTES);

    const { result, turns } = await turnsWhile(() => readRequestBody(requestWith(json), rules, 'req_test'));
    expect(result).toEqual({ ok: true, body: { csv } });
    // Parsed in one go, the whole read lets no turn happen at all.
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('parses a small body at once', async () => {
    const { result, turns } = await turnsWhile(() => readRequestBody(requestWith(JSON.stringify({ csv: 'display_name\nAda\n' })), rules, 'req_test'));
    expect(result).toEqual({ ok: true, body: { csv: 'display_name\nAda\n' } });
    expect(turns).toBe(0);
  });

  it('still answers malformed JSON in a large body with 400', async () => {
    const { result } = await turnsWhile(() => readRequestBody(requestWith(`{"csv":"${'x'.repeat(LARGE_BODY_BYTES)}`), rules, 'req_test'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.response.status).toBe(400);
  });
});
