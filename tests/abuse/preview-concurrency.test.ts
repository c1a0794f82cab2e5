import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { BUCKET_CONCURRENCY, bucketQuotas } from '../../src/server/rate-limit/buckets';

/**
 * Previews run at most BUCKET_CONCURRENCY.previews at a time per agency (issue 26: a preview flood from
 * one tenant must leave the others fast). A new agency's whole hourly budget sent at once would
 * otherwise read and parse dozens of 2 MiB bodies together. The next one is refused 429 before its
 * body is read — the proof: it announces a 1 MB body and sends only its first kilobyte, yet is answered —
 * and is not counted in the hourly bucket; other agencies are not affected.
 */
describe('previews in progress per agency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  const path = '/public/v1/creator-imports/previews';

  /**
   * A preview upload of `body` whose first `sent` bytes go at once; `finish()` sends the rest.
   * `answer` resolves with everything the server wrote back, once it closes or `giveUpMs` passes.
   */
  function upload(key: string, body: Buffer, sent: number, giveUpMs = 10_000) {
    const { hostname, port } = new URL(t.baseUrl);
    const socket = connect(Number(port), hostname);
    let received = '';
    const answer = new Promise<string>((resolve) => {
      const gaveUp = setTimeout(() => {
        socket.destroy();
        resolve(received);
      }, giveUpMs);
      const done = () => {
        clearTimeout(gaveUp);
        resolve(received);
      };
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        // One answer is all this client waits for (a kept-alive connection stays open).
        const head = received.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(received.slice(0, head))?.[1];
        if (head !== -1 && length !== undefined && received.length >= head + 4 + Number(length)) {
          socket.end();
          done();
        }
      });
      socket.on('close', done);
      socket.on('error', done);
    });
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.byteLength}\r\n\r\n`,
      );
      socket.write(body.subarray(0, sent));
    });
    return { answer, finish: () => socket.write(body.subarray(sent)) };
  }

  /** A valid one-row preview body padded with JSON whitespace to `bytes`. */
  const paddedPreview = (name: string, bytes: number) => {
    const json = JSON.stringify({ rows: [{ display_name: name }] });
    return Buffer.from(json + ' '.repeat(bytes - json.length));
  };
  const statusOf = (answer: string) => Number(answer.split('\r\n')[0]!.split(' ')[1]);
  const headOf = (answer: string) => answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();

  it(`the agency's preview past ${BUCKET_CONCURRENCY.previews} in progress is refused 429 unread and uncounted; other agencies go on`, async () => {
    const limit = BUCKET_CONCURRENCY.previews!;
    const quota = bucketQuotas(t.app.services.config).previews.requests;
    const flooder = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    const other = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);

    // `limit` uploads in progress: admitted, and their bodies being read (the server waits for the rest).
    const reading: IncomingMessage[] = [];
    const watch = (req: IncomingMessage) => {
      if (req.url === path) reading.push(req);
    };
    t.server.on('request', watch);
    const held = Array.from({ length: limit }, (_, i) => upload(flooder, paddedPreview(`Held ${i}`, 1_000_000), 1_024));
    await vi.waitFor(() => expect(reading.filter((req) => req.readableDidRead)).toHaveLength(limit), { timeout: 10_000 });
    t.server.off('request', watch);

    // One more: answered at once, though only its first kilobyte of 1 MB was sent.
    const refused = await upload(flooder, paddedPreview('One too many', 1_000_000), 1_024, 5_000).answer;
    expect(refused.split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests');
    expect(headOf(refused)).toContain('connection: close');
    expect(headOf(refused)).toContain('retry-after: 1');
    expect(refused).toMatch(/rate-limited/);
    expect(refused).toMatch(new RegExp(`already has ${limit} calls of the previews bucket in progress`));

    // Another agency is not held up by the flooder's previews in progress.
    const otherPreview = await t.request(path, { method: 'POST', key: other, json: { rows: [{ display_name: 'Elsewhere' }] } });
    expect(otherPreview.status).toBe(201);

    // The held ones complete; their places are given back, and the refused one was never counted.
    for (const { finish } of held) finish();
    for (const { answer } of held) expect(statusOf(await answer)).toBe(201);
    const next = await t.request(path, { method: 'POST', key: flooder, json: { rows: [{ display_name: 'Next' }] } });
    expect(next.status).toBe(201);
    expect(next.headers.get('ratelimit-remaining')).toBe(String(quota - limit - 1));
  });

  it('a preview whose upload breaks off gives its place back', async () => {
    const limit = BUCKET_CONCURRENCY.previews!;
    const key = await t.key({ type: 'agency', id: (await t.agency()).id }, ['all']);
    const { hostname, port } = new URL(t.baseUrl);
    const closed: Promise<void>[] = [];
    const watch = (req: IncomingMessage) => {
      if (req.url === path) closed.push(new Promise((resolve) => req.once('close', () => resolve())));
    };
    t.server.on('request', watch);
    for (let i = 0; i < limit; i += 1) {
      const socket = connect(Number(port), hostname, () => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"rows":`);
        setTimeout(() => socket.destroy(), 200);
      });
    }
    await vi.waitFor(() => expect(closed).toHaveLength(limit), { timeout: 10_000 });
    await Promise.all(closed);
    t.server.off('request', watch);
    await vi.waitFor(async () => {
      const response = await t.request(path, { method: 'POST', key, json: { rows: [{ display_name: 'After the broken ones' }] } });
      expect(response.status).toBe(201);
    }, { timeout: 10_000 });
  });
});
