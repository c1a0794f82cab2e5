import { z } from 'zod';
import { objectId, timestamp } from '../shared/schemas';

/** A request log entry as the API shows it (services/request-logs.ts requestLogView). */
export const requestLogSchema = z
  .object({
    id: objectId.meta({ description: 'The entry’s id.' }),
    request_id: z.string().meta({ description: 'The call’s X-Request-Id (also in its response and errors).' }),
    created_at: timestamp.meta({ description: 'When the call was received (UTC).' }),
    mode: z.enum(['live', 'test']).meta({ description: '`live` (test mode is not offered yet).' }),
    key_id: objectId.meta({ description: 'The API key that made the call (never its secret).' }),
    subject_type: z.enum(['agency', 'creator']).meta({ description: 'Whose key it was: an agency or a creator.' }),
    subject_id: objectId.meta({ description: 'That agency’s or creator’s id.' }),
    source: z.enum(['rest', 'mcp']).meta({ description: '`rest` (/public/v1) or `mcp` (one entry per MCP tool call).' }),
    method: z.string().meta({ description: 'HTTP method (`POST` for MCP).' }),
    path: z.string().meta({ description: 'The path requested, without the query (`/mcp` for MCP).' }),
    operation: z.string().nullable().meta({ description: 'The operation, e.g. `creators.get`.' }),
    status: z.number().int().meta({ description: 'HTTP status answered (MCP: the operation’s status).' }),
    duration_ms: z.number().int().meta({ description: 'Time to answer, in milliseconds.' }),
    problem_type: z.string().nullable().meta({ description: 'The problem type’s slug on an error (e.g. `validation-error`).' }),
    idempotent_replayed: z.boolean().meta({ description: 'The answer replayed an earlier one for the same Idempotency-Key.' }),
    client_address: z.string().nullable().meta({ description: 'The client’s IP address.' }),
    user_agent: z.string().nullable().meta({ description: 'The User-Agent sent.' }),
    request_body: z.string().nullable().meta({ description: '4xx/5xx only: the request as JSON text, secrets redacted, at most 8 KB.' }),
    response_body: z.string().nullable().meta({ description: '4xx/5xx only: the problem answered, as JSON text, redacted, at most 8 KB.' }),
  })
  .meta({ id: 'RequestLog' });

/** Example of a response's `data`, shared by the operations' examples. */
export const requestLogExample = {
  id: '6b02a0f47c1e9a0d6a1f0e21',
  request_id: 'req_4f1c2a9b7d3e000000000a1b',
  created_at: '2026-11-24T10:15:00.120Z',
  mode: 'live',
  key_id: '6b0262a17c1e9a0d6a1f0e05',
  subject_type: 'agency',
  subject_id: '6b0262a17c1e9a0d6a1f0e00',
  source: 'rest',
  method: 'POST',
  path: '/public/v1/creators',
  operation: 'creators.create',
  status: 400,
  duration_ms: 12,
  problem_type: 'validation-error',
  idempotent_replayed: false,
  client_address: '203.0.113.7',
  user_agent: 'curl/8.5.0',
  request_body: '{"display_name":""}',
  response_body:
    '{"type":"https://creator-api.dev/problems/validation-error","title":"Validation failed","status":400,"detail":"body.display_name: Too small.","request_id":"req_4f1c2a9b7d3e000000000a1b"}',
};
