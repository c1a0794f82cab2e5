import { eventView, listEvents as listOwnEvents } from '../../services/events';
import { anySubject, operation } from '../../trpc/operation';
import { ownedListPage } from '../../trpc/owned-list';
import { apiProcedure } from '../../trpc/procedures';
import { listEventsExamples, listEventsInput, listEventsOutput } from './list.schema';

export const listEvents = apiProcedure
  .meta(operation('GET /events', {
    tag: 'Webhooks',
    summary: 'List events',
    description:
      'The account’s events of the last 30 days, newest first, with or without webhook endpoints.\n\nEach is what its deliveries carry: fetch missed events here, or replay failed deliveries (POST /webhook-endpoints/{endpoint_id}/replay).',
    examples: listEventsExamples,
    access: anySubject('webhooks:read'),
    errorStatuses: [400],
  }))
  .input(listEventsInput)
  .output(listEventsOutput)
  .query(async ({ ctx, input }) => {
    const since = input.since ? new Date(input.since) : undefined;
    return ownedListPage(ctx, input, {
      scope: ['events', input.type ?? '*', since?.toISOString() ?? ''],
      fetch: (afterId, take) => listOwnEvents(ctx.app.db, ctx.owner, { type: input.type, since }, afterId, take),
      view: (row) => eventView(row, ctx.app.config.publicBaseUrl),
    });
  });
