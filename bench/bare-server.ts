/**
 * The baseline for `npm run bench`: the least a server can do to answer GET /me — a minimal node:http
 * server that hashes the bearer key (SHA-256) and runs one prepared
 * `SELECT … FROM api_keys WHERE hash = $1`, then answers JSON. No routing, no validation, no
 * envelope, no rate limit: whatever creator-api adds on top of this is what the ratio measures.
 * The bench compiles this file and runs it with plain `node`, as it runs the service.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const port = Number(process.env.PORT ?? 3901);
const lookup = {
  name: 'bare_key_lookup',
  text: 'SELECT subject_type, subject_id, user_id, scopes, expires_at, revoked_at FROM api_keys WHERE hash = $1',
};

const server = http.createServer((req, res) => {
  const key = (req.headers.authorization ?? '').slice('Bearer '.length);
  const hash = createHash('sha256').update(key).digest('hex');
  pool.query({ ...lookup, values: [hash] }).then(
    ({ rows }) => {
      const row = rows[0];
      if (!row || row.revoked_at) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"error":"unauthorized"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { subject_type: row.subject_type, subject_id: row.subject_id, user_id: row.user_id, scopes: row.scopes } }));
    },
    () => {
      res.writeHead(500);
      res.end();
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`bare server on ${port}`));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
