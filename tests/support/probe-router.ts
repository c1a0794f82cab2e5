import { z } from 'zod';
import { ApiError } from '../../src/server/domain/errors';
import { keysetPage } from '../../src/server/domain/pagination';
import { getMe } from '../../src/server/routers/me/get';
import { list, objectId, pageQuery, single } from '../../src/server/routers/shared/schemas';
import { apiProcedure, router } from '../../src/server/trpc/procedures';

/**
 * Probe operations that exercise the shared chain (auth, scopes, subject types, plan gates, input
 * validation, problem mapping, pagination) through the real adapter, independent of any resource.
 */
const ok = z.object({ data: z.object({ ok: z.boolean() }) });

export const probeRouter = router({
  me: router({ get: getMe }),
  probe: router({
    agencyOnly: apiProcedure
      .meta({ openapi: { method: 'GET', path: '/probe/agency-only' }, access: { agency: 'roster:read' } })
      .input(z.void())
      .output(ok)
      .query(() => ({ data: { ok: true } })),
    echo: apiProcedure
      .meta({ openapi: { method: 'POST', path: '/probe/echo' }, access: { agency: null, creator: null } })
      .input(
        z.strictObject({
          name: z.string().trim().min(1).max(50),
          email: z.email(),
          socials: z.array(z.strictObject({ platform: z.enum(['instagram', 'tiktok']), handle_or_url: z.string().min(1) })).optional(),
          count: z.number().int().optional(),
          nested: z.strictObject({ enabled: z.boolean() }).optional(),
        }),
      )
      .output(single(z.object({ name: z.string() })))
      .mutation(({ input, ctx }) => {
        ctx.response.status = 201;
        return { data: { name: input.name } };
      }),
    missing: apiProcedure
      .meta({ openapi: { method: 'GET', path: '/probe/things/{thing_id}' }, access: { agency: null, creator: null } })
      .input(z.strictObject({ thing_id: objectId }))
      .output(ok)
      .query(({ input }) => {
        throw new ApiError('not-found', `No thing with id ${input.thing_id} was found.`);
      }),
    conflict: apiProcedure
      .meta({ openapi: { method: 'POST', path: '/probe/conflict' }, access: { agency: null } })
      .input(z.strictObject({}).optional())
      .output(ok)
      .mutation(() => {
        throw new ApiError('conflict', 'That thing already exists.');
      }),
    crash: apiProcedure
      .meta({ openapi: { method: 'GET', path: '/probe/crash' }, access: { agency: null } })
      .input(z.void())
      .output(ok)
      .query(() => {
        throw new Error('connection to db-internal.example:5432 failed for user admin password=hunter2');
      }),
    badOutput: apiProcedure
      .meta({ openapi: { method: 'GET', path: '/probe/bad-output' }, access: { agency: null } })
      .input(z.void())
      .output(ok)
      .query(() => ({ data: { ok: 'not a boolean' as unknown as boolean } })),
    sponsor: apiProcedure
      .meta({ openapi: { method: 'GET', path: '/probe/sponsor' }, access: { agency: null, creator: null }, planFeature: 'sponsorshipMatches' })
      .input(z.void())
      .output(ok)
      .query(() => ({ data: { ok: true } })),
    keys: apiProcedure
      .meta({ openapi: { method: 'GET', path: '/probe/keys' }, access: { agency: null, creator: null } })
      .input(pageQuery)
      .output(list(z.object({ id: z.string(), name: z.string() })))
      .query(async ({ ctx, input }) => {
        const subject = { subjectType: ctx.principal.subjectType, subjectId: ctx.principal.subjectId };
        const page = await keysetPage(ctx.app.cursors, `probe-keys:${subject.subjectType}:${subject.subjectId}`, input, (afterId, take) =>
          ctx.app.db.apiKey.findMany({
            where: { ...subject, ...(afterId ? { id: { lt: afterId } } : {}) },
            orderBy: { id: 'desc' },
            take,
            select: { id: true, name: true },
          }),
        );
        return { data: page.items, meta: page.meta };
      }),
  }),
});
