import { auditEventView, listAuditEvents as listEvents } from '../../services/audit-events';
import { anySubject, operation } from '../../trpc/operation';
import { ownedListPage } from '../../trpc/owned-list';
import { apiProcedure } from '../../trpc/procedures';
import { listAuditEventsExamples, listAuditEventsInput, listAuditEventsOutput } from './list.schema';

export const listAuditEvents = apiProcedure
  .meta(operation('GET /audit-events', {
    tag: 'Audit',
    summary: 'List audit events',
    description: 'Who changed keys, webhooks, the plan or sharing: actor, target, before/after (never secrets). Newest first.',
    examples: listAuditEventsExamples,
    access: anySubject('audit:read'),
    errorStatuses: [400],
  }))
  .input(listAuditEventsInput)
  .output(listAuditEventsOutput)
  .query(async ({ ctx, input }) => {
    const filter = {
      action: input.action,
      actorType: input.actor_type,
      actorId: input.actor_id,
      since: input.since ? new Date(input.since) : undefined,
      until: input.until ? new Date(input.until) : undefined,
    };
    return ownedListPage(ctx, input, {
      scope: ['audit-events'],
      fetch: (afterId, take) => listEvents(ctx.app.db, ctx.owner, filter, afterId, take),
      view: auditEventView,
    });
  });
