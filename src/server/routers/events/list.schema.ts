import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { list, pageQuery } from '../shared/schemas';
import { eventExample, eventSchema, eventTypeName } from './schemas';

export const listEventsInput = pageQuery.extend({
  type: eventTypeName.meta({ description: 'Only events of this type.' }).optional(),
  since: z.iso.datetime({ offset: true }).meta({ description: 'Only events created at or after this time (ISO 8601).' }).optional(),
});
export const listEventsOutput = list(eventSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
export const listEventsExamples: OperationExamples = {
  request: { type: 'campaign.created', since: '2026-11-23T00:00:00Z', limit: 25 },
  status: 200,
  response: { data: [eventExample], meta: { next_cursor: null, limit: 25 } },
};
