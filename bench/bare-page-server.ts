/**
 * The anchor for `npm run bench:pages`: node:http answering every request with the same bytes the
 * service answers for the share page, held in memory (BODY_FILE, CONTENT_TYPE): no routing, no
 * cache lookup, no view counting. What creator-api adds on top of this is what the ratio measures.
 * The bench compiles this file and runs it with plain `node` in its own process.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.env.BODY_FILE ?? '');
const headers = { 'content-type': process.env.CONTENT_TYPE ?? 'text/html; charset=utf-8', 'content-length': String(body.length) };
const port = Number(process.env.PORT ?? 3903);

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`bare page server on ${port}`));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
