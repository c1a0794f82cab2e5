/**
 * Baseline for bench/me.bench.ts: a bare node:http + pg server doing the same work as GET /me at its
 * core — hash the bearer key, look it up with its subject's entitlement, answer JSON — and nothing else.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const port = Number(process.env.PORT ?? 3901);

const server = http.createServer(async (req, res) => {
  const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  const hash = createHash('sha256').update(key).digest('hex');
  const { rows } = await pool.query(
    `SELECT k.subject_type, k.subject_id, k.user_id, k.scopes, COALESCE(a.entitlement, c.entitlement) AS entitlement
       FROM api_keys k
       LEFT JOIN agencies a ON k.subject_type = 'agency' AND a.id = k.subject_id
       LEFT JOIN creators c ON k.subject_type = 'creator' AND c.id = k.subject_id
      WHERE k.hash = $1`,
    [hash],
  );
  const row = rows[0];
  if (!row) {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"error":"unauthorized"}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: row }));
});
server.listen(port, '127.0.0.1', () => console.log(`bare server on ${port}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
