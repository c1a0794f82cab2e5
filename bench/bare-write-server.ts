/**
 * The anchor for `npm run bench:write`: the least a server can do to answer POST /creators —
 * node:http + pg: read and parse the JSON body, SHA-256 of the bearer key and one prepared key
 * lookup, then one prepared statement (one transaction) inserting the creator, its roster
 * membership and its socials, and a 201 with the creator as JSON. No validation beyond the key, no
 * handle normalisation, no Idempotency-Key, no default media kit, no events, no audit: whatever
 * creator-api adds on top of this is what the ratio measures. Compiled by the bench, run with `node`.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const port = Number(process.env.PORT ?? 3921);
const lookup = { name: 'bare_key_lookup', text: 'SELECT subject_type, subject_id, revoked_at FROM api_keys WHERE hash = $1' };
// $1 creator id, $2 agency, $3 username, $4 display name, $5 membership id, $6..$10 the socials as arrays.
const insert = {
  name: 'bare_creator_insert',
  text: `WITH c AS (
           INSERT INTO creators (id, username, display_name, languages, tags, updated_at) VALUES ($1, $3, $4, '{}', '{}', now()) RETURNING id, created_at
         ), m AS (
           INSERT INTO roster_memberships (id, agency_id, creator_id, source) SELECT $5, $2, c.id, 'api' FROM c
         ), s AS (
           INSERT INTO social_accounts (id, creator_id, roster_agency_id, platform, identity, username, profile_url, updated_at)
           SELECT x.id, c.id, $2, x.platform, x.identity, x.username, x.profile_url, now()
             FROM c, unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[]) AS x(id, platform, identity, username, profile_url)
         )
         SELECT id, created_at FROM c`,
};
const PROFILE: Record<string, string> = { instagram: 'https://www.instagram.com/', tiktok: 'https://www.tiktok.com/@', youtube: 'https://www.youtube.com/@' };
const objectId = () => randomBytes(12).toString('hex');

interface Body {
  display_name: string;
  socials?: { platform: string; handle_or_url: string }[];
}

async function create(agencyId: string, body: Body) {
  const socials = (body.socials ?? []).map((s) => ({ id: objectId(), platform: s.platform, username: s.handle_or_url.toLowerCase() }));
  const id = objectId();
  const username = socials[0]?.username ?? body.display_name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const { rows } = await pool.query({
    ...insert,
    values: [
      id,
      agencyId,
      username,
      body.display_name,
      objectId(),
      socials.map((s) => s.id),
      socials.map((s) => s.platform),
      socials.map((s) => `${s.platform}:${s.username}`),
      socials.map((s) => s.username),
      socials.map((s) => `${PROFILE[s.platform] ?? ''}${s.username}`),
    ],
  });
  return { id, username, display_name: body.display_name, socials: socials.map((s) => ({ id: s.id, platform: s.platform, username: s.username })), created_at: rows[0].created_at };
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const key = (req.headers.authorization ?? '').slice('Bearer '.length);
    const hash = createHash('sha256').update(key).digest('hex');
    pool
      .query({ ...lookup, values: [hash] })
      .then(async ({ rows }) => {
        const row = rows[0];
        if (!row || row.revoked_at || row.subject_type !== 'agency') {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end('{"error":"unauthorized"}');
          return;
        }
        const creator = await create(row.subject_id, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Body);
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { creator } }));
      })
      .catch((error: unknown) => {
        console.error(error);
        res.writeHead(500);
        res.end();
      });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`bare write server on ${port}`));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
