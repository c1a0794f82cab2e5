import { eventView, getEvent as getOwnEvent } from '../../services/events';
import { apiProcedure } from '../../trpc/procedures';
import { getEventExamples, getEventInput, getEventOutput } from './get.schema';

export const getEvent = apiProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/events/{event_id}',
      tags: ['Webhooks'],
      summary: 'Retrieve an event',
      description: 'As its deliveries carry it.\n\nAnother account’s event, or one older than 30 days, is 404.',
    },
    examples: getEventExamples,
    access: { agency: 'webhooks:read', creator: 'webhooks:read' },
    errorStatuses: [400, 404],
  })
  .input(getEventInput)
  .output(getEventOutput)
  .query(async ({ ctx, input }) => ({ data: eventView(await getOwnEvent(ctx.app.db, ctx.owner, input.event_id), ctx.app.config.publicBaseUrl) }));
