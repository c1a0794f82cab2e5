import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RequestContext } from '../../src/server/trpc/context';
import { t } from '../../src/server/trpc/init';
import { prepareOperations, runProcedure } from '../../src/server/trpc/procedure-runner';

/**
 * The gateway's one seam onto tRPC internals (the middleware list a built procedure keeps, and the
 * result shape its middlewares return). These cases pin what the runner relies on against tRPC's own
 * caller: if an upgrade of @trpc/server changes either, this fails before anything else does.
 */
const seen: string[] = [];
const tagging = t.middleware(async ({ next }) => {
  seen.push('middleware');
  const result = await next({ ctx: { tag: 'from-middleware' } });
  seen.push(result.ok ? 'after:ok' : 'after:error');
  return result;
});
const access = { agency: null } as const;

const router = t.router({
  echo: t.procedure
    .use(tagging)
    .meta({ openapi: { method: 'GET', path: '/echo' }, access })
    .input(z.strictObject({ limit: z.number().int().max(10), names: z.array(z.string()).optional() }))
    .output(z.object({ data: z.object({ limit: z.number(), tag: z.string() }) }))
    .query(({ ctx, input }) => ({ data: { limit: input.limit, tag: (ctx as unknown as { tag: string }).tag } })),
  write: t.procedure
    .use(tagging)
    .meta({ access })
    .input(z.strictObject({ count: z.number() }))
    .output(z.object({ data: z.number() }))
    .mutation(({ input }) => ({ data: input.count * 2 })),
  broken: t.procedure
    .meta({ access })
    .output(z.object({ data: z.string() }))
    .query(() => ({ data: 42 }) as unknown as { data: string }),
  trusted: t.procedure
    .meta({ access, trustedOutput: 'tests/trpc/procedure-runner.test.ts' })
    .output(z.object({ data: z.array(z.number()) }))
    .query(() => ({ data: 'text standing in for the list' }) as unknown as { data: number[] }),
});

const ctx = {} as RequestContext;

describe('procedure runner (the tRPC seam)', () => {
  const operations = prepareOperations(router);

  it('prepares every procedure, with or without openapi meta, and knows where its input comes from', () => {
    expect([...operations.keys()].sort()).toEqual(['broken', 'echo', 'trusted', 'write']);
    const echo = operations.get('echo')!;
    expect(echo).toMatchObject({ type: 'query', usesBody: false, takesInput: true, pathParams: [] });
    expect([...echo.arrayKeys]).toEqual(['names']);
    expect(operations.get('write')).toMatchObject({ type: 'mutation', usesBody: true });
    expect(operations.get('broken')).toMatchObject({ takesInput: false });
  });

  it('runs middlewares, input parsing (query coercion included), resolver and output as tRPC’s caller does', async () => {
    seen.length = 0;
    const outcome = await runProcedure(operations.get('echo')!, ctx, { limit: '7' });
    expect(outcome).toEqual({ ok: true, data: { data: { limit: 7, tag: 'from-middleware' } } });
    expect(seen).toEqual(['middleware', 'after:ok']);
    const viaCaller = await t.createCallerFactory(router)(ctx).write({ count: 4 });
    expect(await runProcedure(operations.get('write')!, ctx, { count: 4 })).toEqual({ ok: true, data: viaCaller });
  });

  it('never coerces a typed body: "4" is not a number there', async () => {
    const outcome = await runProcedure(operations.get('write')!, ctx, { count: '4' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.code).toBe('BAD_REQUEST');
  });

  it('reports input errors as BAD_REQUEST with the zod issues, and output errors as INTERNAL_SERVER_ERROR', async () => {
    const bad = await runProcedure(operations.get('echo')!, ctx, { limit: 99, extra: true });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error).toBeInstanceOf(TRPCError);
    expect(bad.error.code).toBe('BAD_REQUEST');
    const issues = (bad.error.cause as unknown as { issues: { code: string; path: PropertyKey[] }[] }).issues;
    expect(issues.map((i) => i.code).sort()).toEqual(['too_big', 'unrecognized_keys']);
    const broken = await runProcedure(operations.get('broken')!, ctx, undefined);
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('skips the output validator (and only it) where the meta names the test that proves the output', async () => {
    const trusted = operations.get('trusted')!;
    expect(await runProcedure(trusted, ctx, undefined)).toEqual({ ok: true, data: { data: 'text standing in for the list' } });
    const built = (router._def.procedures as unknown as Record<string, { _def: { middlewares: { _type?: string }[] } }>).trusted!._def.middlewares;
    expect(built.filter((m) => m._type === 'output')).toHaveLength(1);
    expect(trusted.middlewares).toHaveLength(built.length - 1);
    // A flag with no output validator to skip is a mistake the runner refuses at start.
    const noOutput = t.router({ bare: t.procedure.meta({ access, trustedOutput: 'x' }).query(() => ({ data: 1 })) });
    expect(() => prepareOperations(noOutput)).toThrow(/trustedOutput/);
  });
});
