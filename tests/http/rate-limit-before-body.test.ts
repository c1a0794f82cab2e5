import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  /** Sends the request line, headers and a `bodyBytes` body written as fast as the socket takes it; resolves with what the server wrote back before closing. */
  function pumpingUpload(path: string, key: string, bodyBytes: number): Promise<string> {
    const { hostname, port } = new URL(t.baseUrl);
    return new Promise((resolve) => {
      const socket = connect(Number(port), hostname);
      let answer = '';
      socket.on('connect', () => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`);
        const body = Buffer.from(`{"display_name":"${'x'.repeat(bodyBytes - 20)}"}`);
        let offset = 0;
        const pump = () => {
          while (offset < body.byteLength && !socket.destroyed) {
            const piece = body.subarray(offset, offset + 16 * 1024);
            offset += piece.byteLength;
            if (!socket.write(piece)) return void socket.once('drain', pump);
          }
        };
        pump();
      });
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      // The server closes with the body unread: a reset after the answer is expected.
      socket.on('error', () => resolve(answer));
      socket.on('close', () => resolve(answer));
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

  it('closes connections once their 429 is written, reading none of their bodies after it', async () => {
    const agency = await t.agency();
    const key = await t.key({ type: 'agency', id: agency.id }, ['all']);
    for (let i = 0; i < 3; i += 1) expect((await t.request('/public/v1/me', { key })).status).toBe(200);

    // The server's side of each refused upload: bytes read after its answer was handed to the socket.
    const uploads = 20;
    const afterAnswer: Promise<number>[] = [];
    const watch = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url !== '/public/v1/creators') return;
      const socket = req.socket;
      let atAnswer = -1;
      // 'prefinish': emitted as the answer is handed to the socket, within the same turn of the event loop.
      res.once('prefinish', () => (atAnswer = socket.bytesRead));
      afterAnswer.push(new Promise((resolve) => socket.once('close', () => resolve(socket.bytesRead - atAnswer))));
    };
    t.server.on('request', watch);
    // Clients that keep uploading as fast as their connections take it, as a load generator does, all at once.
    const answers = await Promise.all(Array.from({ length: uploads }, () => pumpingUpload('/public/v1/creators', key, 1_000_000)));
    for (const answer of answers) expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests');
    await vi.waitFor(() => expect(afterAnswer).toHaveLength(uploads));
    t.server.off('request', watch);
    const readAfter = await Promise.all(afterAnswer);
    // Not drained: a refused body is never read just to be thrown away.
    expect(readAfter).toEqual(Array.from({ length: uploads }, () => 0));
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
