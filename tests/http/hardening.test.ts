import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProblem, startTestApp, type TestApp } from '../support/app';

/**
 * Hostile traffic, over real HTTP: methods the fetch API cannot carry, malformed HTTP, auth before
 * the body, reserved path segments, text PostgreSQL cannot store, prototype-named query keys. Every
 * answer is problem+json with X-Request-Id, and the server keeps serving afterwards.
 */

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are on a fresh socket and reads until the server closes or the response is complete. */
function rawRequest(baseUrl: string, payload: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let data = '';
    const finish = () => {
      const split = data.indexOf('\r\n\r\n');
      if (split < 0) return false;
      const [statusLine, ...lines] = data.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = data.slice(split + 4);
      const length = Number(headers['content-length'] ?? NaN);
      if (Number.isFinite(length) && Buffer.byteLength(body) < length) return false;
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: Number.isFinite(length) ? body.slice(0, length) : body });
      socket.destroy();
      return true;
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      finish();
    });
    socket.on('end', () => {
      if (!finish()) reject(new Error(`incomplete response: ${JSON.stringify(data)}`));
    });
    socket.on('error', (error) => {
      if (!finish()) reject(error);
    });
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error(`timeout; got ${JSON.stringify(data)}`));
    });
    socket.write(payload);
  });
}

function expectRawProblem(response: RawResponse, status: number, slug: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  const requestId = response.headers['x-request-id'];
  expect(requestId).toMatch(/^req_[0-9a-f]{24}$/);
  const problem = JSON.parse(response.body) as { type: string; status: number; request_id: string };
  expect(problem).toMatchObject({ type: `https://creator-api.dev/problems/${slug}`, status, request_id: requestId });
  return problem;
}

describe('hostile traffic gets a 4xx problem and the server keeps serving', () => {
  let t: TestApp;
  let agencyId: string;
  let agencyKey: string;
  let creatorKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    agencyId = (await t.agency()).id;
    agencyKey = await t.key({ type: 'agency', id: agencyId }, ['all']);
    creatorKey = await t.key({ type: 'creator', id: (await t.creatorAccount()).id }, ['all']);
  });
  afterAll(() => t.close());

  async function stillServing() {
    const me = await t.request('/public/v1/me', { key: agencyKey });
    expect(me.status).toBe(200);
  }

  it('TRACE and other methods a route lacks are 405 with the route\'s Allow', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'LINK']) {
      for (const [path, allow] of [
        ['/public/v1/me', 'GET'],
        ['/openapi.json', 'GET'],
        ['/public/v1/media-kits/new', 'POST'],
      ] as const) {
        const response = await rawRequest(t.baseUrl, `${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        expectRawProblem(response, 405, 'method-not-allowed');
        expect(response.headers.allow).toBe(allow);
      }
    }
    await stillServing();
  });

  it('TRACE on a path no route has is 501 with the methods the server implements; on a page it is 405', async () => {
    const api = await rawRequest(t.baseUrl, 'TRACE /public/v1/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectRawProblem(api, 501, 'method-not-implemented');
    expect(api.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    const page = await rawRequest(t.baseUrl, 'TRACE /settings HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectRawProblem(page, 405, 'method-not-allowed');
    expect(page.headers.allow).toBe('GET, HEAD, POST');
    await stillServing();
  });

  it('CONNECT is 405 (not a proxy); TRACK and unknown methods are 501, as problem+json', async () => {
    const connect = await rawRequest(t.baseUrl, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expectRawProblem(connect, 405, 'method-not-allowed');
    expect(connect.headers.allow).toContain('GET');
    // Node's parser does not know these: they arrive as clientError, answered 501 with the implemented methods.
    for (const method of ['TRACK', 'BREW']) {
      const unknown = await rawRequest(t.baseUrl, `${method} /public/v1/me HTTP/1.1\r\nHost: x\r\n\r\n`);
      expectRawProblem(unknown, 501, 'method-not-implemented');
      expect(unknown.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    }
    await stillServing();
  });

  it('malformed HTTP (bad Content-Length, conflicting lengths, broken header line) is 400 problem+json', async () => {
    for (const payload of [
      'POST /public/v1/creators HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
      'POST /public/v1/creators HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'GET /public/v1/me HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
      'POST /public/v1/creators HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
    ]) {
      expectRawProblem(await rawRequest(t.baseUrl, payload), 400, 'malformed-request');
    }
    await stillServing();
  });

  it('oversized headers are 431 problem+json', async () => {
    const response = await rawRequest(t.baseUrl, `GET /public/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectRawProblem(response, 431, 'headers-too-large');
    await stillServing();
  });

  it('a body whose chunked framing breaks mid-way is a 4xx, never a 500', async () => {
    const response = await rawRequest(
      t.baseUrl,
      `POST /public/v1/creators HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${agencyKey}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"dis\r\nzz\r\n`,
    );
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('application/problem+json');
    await stillServing();
  });

  it('authenticates before reading the body: no key or a bad key with broken JSON is 401', async () => {
    const noKey = await t.request('/public/v1/creators', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(noKey.status).toBe(401);
    expect((await readProblem(noKey)).type).toBe('https://creator-api.dev/problems/authentication-required');
    const badKey = await t.request('/public/v1/creators', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: 'Bearer crk_agency_nope' },
      body: 'x'.repeat(2_000_000),
    });
    expect(badKey.status).toBe(401);
    expect(badKey.headers.get('www-authenticate')).toContain('invalid_token');
    // The key is known but revoked-free and valid: now the body counts.
    const withKey = await t.request('/public/v1/creators', { method: 'POST', key: agencyKey, headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(withKey.status).toBe(400);
    expect((await readProblem(withKey)).type).toBe('https://creator-api.dev/problems/malformed-json');
  });

  it('GET and PATCH /media-kits/new are 405 Allow: POST, not a lookup of a kit called "new"', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const response = await t.request('/public/v1/media-kits/new', { method, key: creatorKey, json: method === 'PATCH' ? { name: 'x' } : undefined });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect((await readProblem(response)).type).toBe('https://creator-api.dev/problems/method-not-allowed');
    }
  });

  it('NUL and lone surrogates in any text field are a 400 naming the field (never stripped)', async () => {
    const cases: [string, string, unknown, string, string][] = [
      ['/public/v1/creators', agencyKey, { display_name: 'Ada\u0000' }, 'body.display_name', 'nul_character'],
      ['/public/v1/creators', agencyKey, { display_name: 'Ada', socials: [{ platform: 'instagram', handle_or_url: 'ada\u0000' }] }, 'body.socials[0].handle_or_url', 'nul_character'],
      ['/public/v1/campaigns', creatorKey, { name: 'Launch', description: 'a\ud800b' }, 'body.description', 'invalid_unicode'],
      ['/public/v1/decks', agencyKey, { title: 'Deck', tags: ['ok', 'x\udc00'] }, 'body.tags[1]', 'invalid_unicode'],
      ['/public/v1/link-in-bio', creatorKey, { slug: 'ada-page', username: 'ada', bio: '\u0000' }, 'body.bio', 'nul_character'],
    ];
    for (const [path, key, json, field, code] of cases) {
      const response = await t.request(path, { method: 'POST', key, json });
      expect(response.status, `${path} ${field}`).toBe(400);
      const problem = await readProblem(response);
      expect(problem.errors).toEqual([expect.objectContaining({ path: field, code })]);
    }
    // JSON.stringify escapes lone surrogates, so the wire carries "\ud800" exactly as a hostile client would.
    expect(JSON.stringify({ a: '\ud800' })).toBe('{"a":"\\ud800"}');
    const kitResponse = await t.request('/public/v1/media-kits/new', { method: 'POST', key: creatorKey, json: { name: 'Kit\u0000' } });
    expect(kitResponse.status).toBe(400);
    expect((await readProblem(kitResponse)).errors![0]!.path).toBe('body.name');
    const query = await t.request('/public/v1/campaigns?status=active%00', { key: creatorKey });
    expect(query.status).toBe(400);
    expect((await readProblem(query)).errors).toEqual([expect.objectContaining({ path: 'query.status', code: 'nul_character' })]);
    // Nothing was written.
    expect(await t.db.creator.count({ where: { memberships: { some: { agencyId } } } })).toBe(0);
  });

  it('a CSV upload with a NUL in a cell or in its file name is a 400 naming the file and line', async () => {
    const upload = (csv: string, filename = 'creators.csv') => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), filename);
      return t.request('/public/v1/creator-imports', { method: 'POST', key: agencyKey, body: form });
    };
    const cell = await upload('display_name,email\nAda,ada@example.com\nGrace\u0000,grace@example.com\n');
    expect(cell.status).toBe(400);
    expect((await readProblem(cell)).errors).toEqual([{ path: 'body.file', message: expect.stringContaining('Line 3'), code: 'nul_character' }]);
    const name = await upload('display_name\nAda\n', 'roster\u0000.csv');
    expect(name.status).toBe(400);
    expect((await readProblem(name)).errors).toEqual([expect.objectContaining({ path: 'body.file.filename', code: 'nul_character' })]);
    expect(await t.db.creatorImport.count({ where: { agencyId } })).toBe(0);
  });

  it('query keys named like Object.prototype members are 400 unrecognized_key', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      for (const path of ['/public/v1/creators', '/public/v1/media-kits', '/public/v1/analytics/views?resource_type=media_kit&']) {
        const url = `${path}${path.includes('?') ? '' : '?'}${name}=1`;
        const response = await t.request(url, { key: agencyKey });
        expect(response.status, url).toBe(400);
        const problem = await readProblem(response);
        expect(problem.errors).toEqual([expect.objectContaining({ path: `query.${name}`, code: 'unrecognized_key' })]);
      }
    }
    await stillServing();
  });

  it('contact_email host labels may not start or end with a hyphen; sections are documented as uniqueItems', async () => {
    const kit = await t.request('/public/v1/media-kits/new', { method: 'POST', key: creatorKey, json: { name: 'Label kit' } });
    const kitId = ((await kit.json()) as { data: { id: string } }).data.id;
    for (const email of ['ada@example-.com', 'ada@-example.com', 'ada@exa_mple.com', `ada@${'a'.repeat(64)}.com`]) {
      const response = await t.request(`/public/v1/media-kits/${kitId}`, { method: 'PATCH', key: creatorKey, json: { contact_email: email } });
      expect(response.status, email).toBe(400);
      expect((await readProblem(response)).errors![0]!.path).toBe('body.contact_email');
    }
    for (const email of ['ada@ex-ample.com', 'ada.l+kits@mail.example.co.uk']) {
      expect((await t.request(`/public/v1/media-kits/${kitId}`, { method: 'PATCH', key: creatorKey, json: { contact_email: email } })).status, email).toBe(200);
    }
    const deck = await t.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: 'Deck', contact_email: 'a@b-.co' } });
    expect(deck.status).toBe(400);
    const document = (await (await t.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, { uniqueItems?: boolean }> } }> } }>>;
    };
    expect(document.paths['/media-kits/{media_kit_id}']!.patch!.requestBody.content['application/json']!.schema.properties.sections!.uniqueItems).toBe(true);
  });

  it('API responses carry nosniff, a CSP that forbids framing, and a Referrer-Policy', async () => {
    for (const response of [await t.request('/public/v1/me', { key: agencyKey }), await t.request('/public/v1/me'), await t.request('/openapi.json')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});
