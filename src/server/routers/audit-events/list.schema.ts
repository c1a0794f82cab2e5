import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES } from '../../services/audit-events';
import { createdAt, list, onlyPageExamples, pageQuery } from '../shared/schemas';

const instant = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date-time, e.g. 2026-11-01T00:00:00Z.' });

export const listAuditEventsInput = pageQuery.extend({
  action: z.enum(AUDIT_ACTIONS).meta({ description: 'Only this action.' }).optional(),
  actor_type: z.enum(AUDIT_ACTOR_TYPES).meta({ description: 'Only this kind of actor.' }).optional(),
  actor_id: z.string().min(1).max(64).meta({ description: 'Only this actor (user or key id).' }).optional(),
  since: instant.meta({ description: 'From this time (inclusive).' }).optional(),
  until: instant.meta({ description: 'Before this time.' }).optional(),
});

export const auditEventSchema = z
  .object({
    id: z.string().meta({ description: 'The event id.' }),
    action: z.string().meta({ description: 'What happened, e.g. `api_key.revoked`.' }),
    actor: z
      .object({
        type: z.enum(AUDIT_ACTOR_TYPES).meta({ description: '`user`, `api_key` or `operator`.' }),
        id: z.string().meta({ description: 'User id, key id, or `cli`.' }),
        label: z.string().meta({ description: 'Email or key name and prefix, as it was.' }),
      })
      .meta({ description: 'Who made the change.' }),
    target: z
      .object({
        type: z.string().meta({ description: '`api_key`, `webhook_endpoint`, `agency` or `creator`.' }),
        id: z.string().meta({ description: 'Its id.' }),
      })
      .meta({ description: 'What was changed.' }),
    changes: z
      .record(z.string(), z.tuple([z.unknown(), z.unknown()]))
      .meta({ description: '`{ field: [before, after] }`; secrets never appear.' }),
    client_address: z.string().nullable().meta({ description: 'Client address; null for the operator.' }),
    user_agent: z.string().nullable().meta({ description: 'User agent, if sent.' }),
    request_id: z.string().nullable().meta({ description: 'The change’s request id.' }),
    created_at: createdAt,
  })
  .meta({ id: 'AuditEvent', description: 'One recorded change.' });

export const listAuditEventsOutput = list(auditEventSchema);

export const auditEventExample = {
  id: '6b0262a17c1e9a0d6a1f0e09',
  action: 'webhook_endpoint.updated',
  actor: { type: 'api_key', id: '6b0262a17c1e9a0d6a1f0e02', label: 'Zapier (crk_agency_4fQ…)' },
  target: { type: 'webhook_endpoint', id: '6b0262a17c1e9a0d6a1f0e01' },
  changes: { status: ['enabled', 'disabled'] },
  client_address: '203.0.113.7',
  user_agent: 'curl/8.5.0',
  request_id: 'req_6b0262a17c1e9a0d6a1f0e0a',
  created_at: '2026-11-22T09:30:00.000Z',
};

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listAuditEventsExamples = onlyPageExamples({ limit: 25, action: 'webhook_endpoint.updated' }, auditEventExample);

export const listAuditEventsContract = { input: listAuditEventsInput, output: listAuditEventsOutput, examples: listAuditEventsExamples };
