import { z } from 'zod';
import { EVENT_TYPE_NAMES } from '../../services/webhook-events';
import { objectId, timestamp } from '../shared/schemas';

export const eventTypeName = z.enum(EVENT_TYPE_NAMES as [string, ...string[]]);

export const eventSchema = z
  .object({
    id: objectId.meta({ description: 'The event’s id: the `webhook-id` header of its deliveries.' }),
    type: eventTypeName.meta({ description: 'The event type (see GET /event-types).' }),
    created_at: timestamp.meta({ description: 'When it happened: the delivered body’s `timestamp`.' }),
    data: z.unknown().meta({ description: 'The resource as delivered (the body’s `data`; its schema per type in GET /event-types).' }),
  })
  .meta({ id: 'Event' });

/** Example of a response's `data`, shared by the operations' examples (their *.schema.ts files). */
export const eventExample = {
  id: '6b0262b37c1e9a0d6a1f0e0f',
  type: 'campaign.created',
  created_at: '2026-11-23T14:21:00.000Z',
  data: { id: '6b0262b37c1e9a0d6a1f0e0e', name: 'Spring launch' },
};
