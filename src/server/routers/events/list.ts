import { eventView, listEvents as listOwnEvents } from '../../services/events';
import { ownedListPage } from '../../trpc/owned-list';
import { listEventsContract } from './list.schema';
import { webhooksSection } from '../sections';

export const listEvents = webhooksSection.operation('GET /events', listEventsContract, {
  summary: 'List events',
  description:
    'The account’s events of the last 30 days, newest first, with or without webhook endpoints.\n\nEach is what its deliveries carry: fetch missed events here, or replay failed deliveries (POST /webhook-endpoints/{endpoint_id}/replay).',
}).query(async ({ ctx, input }) => {
  const since = input.since ? new Date(input.since) : undefined;
  return ownedListPage(ctx, input, {
    scope: ['events', input.type ?? '*', since?.toISOString() ?? ''],
    fetch: (afterId, take) => listOwnEvents(ctx.app.db, ctx.owner, { type: input.type, since }, afterId, take),
    view: (row) => eventView(row, ctx.app.config.publicBaseUrl),
  });
});
