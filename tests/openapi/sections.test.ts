import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/routers/app';
import { DOCUMENT_SECTIONS } from '../../src/server/routers/sections';
import { forEachApiOperation } from '../../src/server/trpc/operations';
import { section } from '../../src/server/trpc/section';
import type { ApiMeta } from '../../src/server/trpc/meta';

const contract = { input: z.strictObject({ thing_id: z.string() }), output: z.object({ data: z.object({ id: z.string() }) }), examples: { status: 200 } };
const things = section('Things', 'Things.', { read: { agency: 'roster:read' }, write: { agency: 'roster:write' } });
const metaOf = (procedure: { _def: { meta?: unknown } }) => procedure._def.meta as ApiMeta;

describe('a section of the document defines its operations', () => {
  it('gives each its tag, its read access on GET and its write access otherwise, unless it declares its own', () => {
    const get = metaOf(things.operation('GET /things/{thing_id}', contract, { summary: 'Get', description: 'A thing.' }).query(({ input }) => ({ data: { id: input.thing_id } })));
    const post = metaOf(things.operation('POST /things', contract, { summary: 'Make', description: 'A thing.', errorStatuses: [409] }).mutation(({ input }) => ({ data: { id: input.thing_id } })));
    const own = metaOf(things.operation('GET /things', contract, { summary: 'List', description: 'Things.', access: { creator: null } }).query(({ input }) => ({ data: { id: input.thing_id } })));
    expect(get).toMatchObject({ openapi: { method: 'GET', path: '/things/{thing_id}', tags: ['Things'] }, access: { agency: 'roster:read' }, errorStatuses: [404] });
    expect(post).toMatchObject({ openapi: { tags: ['Things'] }, access: { agency: 'roster:write' }, errorStatuses: [409] });
    expect(own.access).toEqual({ creator: null });
    expect(own.errorStatuses).toBeUndefined();
  });

  it('refuses a write in a section that has no write access, unless the operation declares its own', () => {
    const readOnly = section('Reports', 'Reports.', { read: { agency: 'roster:read' } });
    expect(() => readOnly.operation('POST /reports', contract, { summary: 'Make', description: 'A report.' })).toThrow(/no write access/);
    expect(() => readOnly.operation('POST /reports', contract, { summary: 'Make', description: 'A report.', access: { agency: 'roster:write' } })).not.toThrow();
  });

  it('lists every section the operations use, each with a description', () => {
    const listed = new Set(DOCUMENT_SECTIONS.map((s) => s.tag.name));
    const used = new Set<string>();
    forEachApiOperation(appRouter, ({ meta }) => used.add(meta.openapi.tags![0]!));
    expect([...used].filter((tag) => !listed.has(tag))).toEqual([]);
    expect(DOCUMENT_SECTIONS.filter((s) => !s.tag.description).map((s) => s.tag.name)).toEqual([]);
  });
});
