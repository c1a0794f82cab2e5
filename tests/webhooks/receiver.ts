import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
  receivedAt: number;
}

/**
 * A real webhook receiver on loopback. `answer` decides each response (default 200); every request is
 * recorded, so tests can assert signatures, retries and ordering.
 */
export interface Receiver {
  url: string;
  received: ReceivedDelivery[];
  /** TCP connections the receiver has accepted (keep-alive reuse shows as fewer than deliveries). */
  connections: number;
  answer: (delivery: ReceivedDelivery, index: number) => number | Promise<number>;
  /** Resolves with the first delivery (from now on, or already received) that matches. */
  waitFor(match: (delivery: ReceivedDelivery) => boolean, timeoutMs?: number): Promise<ReceivedDelivery>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const waiters = new Set<() => void>();
  const receiver: Receiver = {
    url: '',
    received: [],
    connections: 0,
    answer: () => 200,
    async waitFor(match, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = receiver.received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching delivery within ${timeoutMs} ms (received ${receiver.received.map((d) => d.json.type).join(', ') || 'nothing'})`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    const answer = async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      const delivery: ReceivedDelivery = { headers, body, json: JSON.parse(body), receivedAt: Date.now() };
      const index = receiver.received.push(delivery) - 1;
      const status = await receiver.answer(delivery, index);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? `receiver said ${status}` : 'ok');
      for (const wake of [...waiters]) wake();
    };
    // The listener itself is not async: node would drop its promise.
    req.on('end', () => void answer());
  });
  server.on('connection', () => (receiver.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
