import { auditEventView, listAuditEvents as listEvents } from '../../services/audit-events';
import { ownedListPage } from '../../trpc/owned-list';
import { listAuditEventsContract } from './list.schema';
import { auditSection } from '../sections';

export const listAuditEvents = auditSection.operation('GET /audit-events', listAuditEventsContract, {
  summary: 'List audit events',
  description: 'Who changed keys, webhooks, the plan or sharing: actor, target, before/after (never secrets). Newest first.',
}).query(async ({ ctx, input }) => {
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
