import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

/**
 * A client past its limit is refused before its body is read (issue 26: a flood of 2 MiB import
 * previews from one tenant must not take the server's time from the others). The proof: a request
 * that announces a 1 MB body (within the cap) and sends only its first kilobyte still gets its 429 — a server that
 * read the body first would wait for the rest and never answer.
 */
describe('rate limit before the request body', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ config: { rateLimitRequests: 3, rateLimitWindowSeconds: 3600 } });
  });
  afterAll(() => t.close());

  /** Sends the request line, headers and `sent` bytes of a body announced as `announced` bytes; resolves with what the server wrote back before closing. */
  function partialUpload(path: string, key: string, announced: number, sent: number): Promise<string> {
    const { hostname, port } = new URL(t.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let answer = '';
      const gaveUp = setTimeout(() => {
        socket.destroy();
        resolve(answer);
      }, 15_000);
      socket.on('connect', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${announced}\r\n\r\n`,
        );
        socket.write(`{"display_name":"${'x'.repeat(sent - 20)}`);
      });
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('close', () => {
        clearTimeout(gaveUp);
        resolve(answer);
      });
      socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    });
  }

  it('answers 429 to a client past its limit without waiting for the body, and closes the connection', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id }, ['all']);
    for (let i = 0; i < 3; i += 1) expect((await t.request('/public/v1/me', { key })).status).toBe(200);

    const answer = await partialUpload('/public/v1/creators', key, 1_000_000, 1_024);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests');
    const head = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toContain('connection: close');
    expect(head).toContain('retry-after: ');
    expect(head).toContain('ratelimit-remaining: 0');
    expect(head).toContain('content-type: application/problem+json');
  });

  it('counts a body-carrying call once, whether refused or answered', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id }, ['all']);
    const created = await t.request('/public/v1/creators', { key, method: 'POST', json: { display_name: 'Counted Once' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('ratelimit-remaining')).toBe('2');
    const invalid = await t.request('/public/v1/creators', { key, method: 'POST', json: { display_name: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('ratelimit-remaining')).toBe('1');
  });
});
