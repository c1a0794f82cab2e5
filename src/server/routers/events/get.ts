import { eventView, getEvent as getOwnEvent } from '../../services/events';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getEventExamples, getEventInput, getEventOutput } from './get.schema';

export const getEvent = apiProcedure
  .meta(operation('GET /events/{event_id}', {
    tag: 'Webhooks',
    summary: 'Retrieve an event',
    description: 'As its deliveries carry it.\n\nAnother account’s event, or one older than 30 days, is 404.',
    examples: getEventExamples,
    access: anySubject('webhooks:read'),
    errorStatuses: [400, 404],
  }))
  .input(getEventInput)
  .output(getEventOutput)
  .query(async ({ ctx, input }) => ({ data: eventView(await getOwnEvent(ctx.app.db, ctx.owner, input.event_id), ctx.app.config.publicBaseUrl) }));
