import { eventView, getEvent as getOwnEvent } from '../../services/events';
import { getEventContract } from './get.schema';
import { webhooksSection } from '../sections';

export const getEvent = webhooksSection.operation('GET /events/{event_id}', getEventContract, {
  summary: 'Retrieve an event',
  description: 'As its deliveries carry it.\n\nAnother account’s event, or one older than 30 days, is 404.',
}).query(async ({ ctx, input }) => ({ data: eventView(await getOwnEvent(ctx.app.db, ctx.owner, input.event_id), ctx.app.config.publicBaseUrl) }));
