/**
 * The anchor for `npm run bench:list`: the least a server can do to answer GET /creators?limit=100 —
 * node:http + pg: SHA-256 of the bearer key, one prepared key lookup, then one prepared statement
 * that returns the roster page (keyset on creator id, newest first) with each creator's socials
 * aggregated as JSON, and JSON.stringify of the rows in an envelope. No validation, no view
 * mapping, no cursor signing: whatever creator-api adds on top of this is what the ratio measures.
 * The bench compiles this file and runs it with plain `node`, as it runs the service.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const port = Number(process.env.PORT ?? 3911);
const lookup = {
  name: 'bare_key_lookup',
  text: 'SELECT subject_type, subject_id, revoked_at FROM api_keys WHERE hash = $1',
};
const page = {
  name: 'bare_roster_page',
  text: `SELECT c.id, c.username, c.display_name, c.avatar_url, c.bio, c.location, c.country, c.languages, c.tags, c.created_at, c.updated_at,
                COALESCE((SELECT json_agg(s ORDER BY s.id) FROM (
                  SELECT id, platform, username, display_name, profile_url, status, followers, average_views, average_engagements,
                         engagement_rate, metrics_updated_at
                    FROM social_accounts WHERE creator_id = c.id) s), '[]'::json) AS socials
           FROM roster_memberships m JOIN creators c ON c.id = m.creator_id
          WHERE m.agency_id = $1
          ORDER BY m.creator_id DESC
          LIMIT $2`,
};

const server = http.createServer((req, res) => {
  const key = (req.headers.authorization ?? '').slice('Bearer '.length);
  const hash = createHash('sha256').update(key).digest('hex');
  const limit = Math.min(100, Number(new URL(req.url ?? '/', 'http://x').searchParams.get('limit') ?? 25));
  pool
    .query({ ...lookup, values: [hash] })
    .then(async ({ rows }) => {
      const row = rows[0];
      if (!row || row.revoked_at || row.subject_type !== 'agency') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"error":"unauthorized"}');
        return;
      }
      const result = await pool.query({ ...page, values: [row.subject_id, limit + 1] });
      const items = result.rows.slice(0, limit);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: items, meta: { next_cursor: result.rows.length > limit ? items.at(-1).id : null, limit } }));
    })
    .catch(() => {
      res.writeHead(500);
      res.end();
    });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`bare list server on ${port}`));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
