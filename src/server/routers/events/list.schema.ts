import { z } from 'zod';
import { list, onlyPageExamples, pageQuery } from '../shared/schemas';
import { EVENT_TYPE_NAMES } from '../../services/webhook-events';
import { eventExample, eventSchema } from './schemas';

export const listEventsInput = pageQuery.extend({
  // An enum, not a refined string: the document then lists the values the server accepts.
  type: z.enum(EVENT_TYPE_NAMES).meta({ description: 'Only this type (GET /event-types).' }).optional(),
  since: z.iso.datetime({ offset: true }).meta({ description: 'Only events from this time on.' }).optional(),
});
export const listEventsOutput = list(eventSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listEventsExamples = onlyPageExamples({ type: 'campaign.created', since: '2026-11-23T00:00:00Z', limit: 25 }, eventExample);

export const listEventsContract = { input: listEventsInput, output: listEventsOutput, examples: listEventsExamples };
