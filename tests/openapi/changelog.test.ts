import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CHANGELOG, changelogDisagreements, documentOperations, type ChangelogEntry } from '../../src/server/openapi/changelog';
import { buildOpenApiDocument } from '../../src/server/openapi/document';
import { buildToolCatalog } from '../../src/server/mcp/tools';
import { appRouter } from '../../src/server/routers/app';
import { getMe } from '../../src/server/routers/me/get';
import { forEachApiOperation } from '../../src/server/trpc/operations';
import { apiProcedure, router } from '../../src/server/trpc/procedures';
import { ApiError } from '../../src/server/domain/errors';
import { startTestApp, type TestApp } from '../support/app';

/** What the deprecation check reads from the router: each deprecated operation's changelog anchor. */
function deprecationAnchors(source: Parameters<typeof forEachApiOperation>[0]): Map<string, string> {
  const anchors = new Map<string, string>();
  forEachApiOperation(source, ({ meta }) => {
    if (meta.deprecation) anchors.set(`${meta.openapi.method} ${meta.openapi.path}`, meta.deprecation.changelogAnchor);
  });
  return anchors;
}

function disagreements(source: Parameters<typeof forEachApiOperation>[0], changelog: readonly ChangelogEntry[]): string[] {
  const doc = buildOpenApiDocument(source as typeof appRouter, { publicBaseUrl: 'https://api.example.com' });
  return changelogDisagreements(changelog, documentOperations(doc.paths as Record<string, Record<string, unknown>>), deprecationAnchors(source));
}

const legacyDeprecation = { announced: '2026-12-01', sunset: '2027-06-30', changelogAnchor: '2026-12-01-legacy' };
/** A router with one deprecated operation, as a real deprecation would look. */
const deprecatingRouter = router({
  me: router({ get: getMe }),
  legacy: router({
    get: apiProcedure
      .meta({ openapi: { method: 'GET', path: '/legacy/{thing_id}' }, access: { agency: null, creator: null }, deprecation: legacyDeprecation })
      .input(z.strictObject({ thing_id: z.string() }))
      .output(z.object({ data: z.object({ id: z.string() }) }))
      .query(({ input }) => {
        if (input.thing_id === 'missing') throw new ApiError('not-found', 'No such thing.');
        return { data: { id: input.thing_id } };
      }),
  }),
});
const legacyChangelog: ChangelogEntry[] = [
  { date: '2026-12-01', anchor: '2026-12-01-legacy', title: 'Legacy goes', changes: [{ kind: 'deprecated', operations: ['GET /legacy/{thing_id}'], summary: 'Use something else.' }] },
  { date: '2026-11-22', anchor: 'v1', title: 'v1', changes: [{ kind: 'added', operations: ['GET /me', 'GET /legacy/{thing_id}'], summary: 'First.' }] },
];

describe('the API changelog', () => {
  it('agrees with the OpenAPI document: every operation added, none named that does not exist', () => {
    expect(disagreements(appRouter, API_CHANGELOG)).toEqual([]);
  });

  it('catches an operation shipped, removed or deprecated without an entry', () => {
    const withoutLegacy = legacyChangelog.map((entry) => ({ ...entry, changes: entry.changes.map((c) => ({ ...c, operations: c.operations.filter((o) => o === 'GET /me') })) }));
    expect(disagreements(deprecatingRouter, withoutLegacy)).toEqual([
      'GET /legacy/{thing_id}: in the OpenAPI document but never `added` in the changelog',
      'GET /legacy/{thing_id}: deprecated in the document without a `deprecated` changelog entry',
      'GET /legacy/{thing_id}: its meta points at changelog entry 2026-12-01-legacy, which does not deprecate it',
    ]);
    const gone: ChangelogEntry = { date: '2026-11-23', anchor: 'gone', title: 'Gone', changes: [{ kind: 'added', operations: ['GET /gone'], summary: 'Never shipped.' }] };
    expect(disagreements(appRouter, [...API_CHANGELOG.slice(0, -1), gone, API_CHANGELOG.at(-1)!])).toEqual([
      'GET /gone: named in gone but not in the OpenAPI document (a removal needs a `removed` entry)',
    ]);
    expect(disagreements(deprecatingRouter, legacyChangelog)).toEqual([]);
  });

  it('refuses entries out of date order or sharing an anchor', () => {
    expect(disagreements(deprecatingRouter, [...legacyChangelog].reverse())).toContain('2026-12-01-legacy: entries must be newest first');
    expect(disagreements(deprecatingRouter, [legacyChangelog[0]!, { ...legacyChangelog[1]!, anchor: legacyChangelog[0]!.anchor }])).toContain('2026-12-01-legacy: anchor used twice');
  });
});

describe('a deprecated operation', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ router: deprecatingRouter });
    key = await t.key({ type: 'agency', id: (await t.agency()).id });
  });
  afterAll(() => t?.close());

  it('answers with Deprecation (RFC 9745), Sunset (RFC 8594) and a Link to its changelog entry, errors included', async () => {
    const base = t.app.services.config.publicBaseUrl;
    for (const [path, status] of [['/public/v1/legacy/abc', 200], ['/public/v1/legacy/missing', 404]] as const) {
      const response = await t.request(path, { key });
      expect(response.status).toBe(status);
      expect(response.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
      expect(response.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
      expect(response.headers.get('link')).toBe(`<${base}/docs/changelog#2026-12-01-legacy>; rel="deprecation"; type="text/html"`);
    }
    // An operation that is not deprecated says nothing of the kind.
    const me = await t.request('/public/v1/me', { key });
    expect(me.headers.get('deprecation')).toBeNull();
    expect(me.headers.get('sunset')).toBeNull();
  });

  it('is marked deprecated in the OpenAPI document, with the headers on its responses', async () => {
    const doc = await (await t.request('/openapi.json')).json();
    const operation = doc.paths['/legacy/{thing_id}'].get;
    expect(operation.deprecated).toBe(true);
    expect(Object.keys(operation.responses['200'].headers)).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
    expect(doc.components.headers.Sunset).toBeDefined();
    expect(doc.paths['/me'].get.deprecated).toBeUndefined();
  });

  it('says so first in its MCP tool description, which is all an agent reads', () => {
    const tools = buildToolCatalog(deprecatingRouter);
    const legacy = tools.find((tool) => tool.restPath === '/public/v1/legacy/{thing_id}')!;
    expect(legacy.definition.description).toMatch(/^Deprecated \(ends 2027-06-30\), see \/docs\/changelog#2026-12-01-legacy\. /);
    expect(tools.find((tool) => tool.restPath === '/public/v1/me')!.definition.description).not.toMatch(/Deprecated/);
  });

  it('the real document has no deprecation header components while nothing is deprecated', () => {
    const doc = buildOpenApiDocument(appRouter, { publicBaseUrl: 'https://api.example.com' });
    expect(Object.keys(doc.components?.headers ?? {})).not.toContain('Deprecation');
  });
});
