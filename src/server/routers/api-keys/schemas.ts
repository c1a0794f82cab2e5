import { z } from 'zod';
import { ROLL_GRACE_PERIODS } from '../../services/api-keys';
import { objectId } from '../shared/schemas';

/**
 * API keys are managed in the settings UI only: these operations have no REST route and no MCP tool,
 * and need the session-only `api_keys:write` permission, which no key or token can hold.
 */
export const keyPath = { key_id: objectId };

export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  subject_type: z.enum(['agency', 'creator']),
  subject_id: z.string(),
  user_id: z.string(),
  start: z.string(),
  last_four: z.string().nullable(),
  replaced_by_id: z.string().nullable(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: z.enum(['active', 'revoked', 'expired']),
});

export const keyName = z.string().trim().min(1, 'Give the key a name.').max(100, 'Keep the name to 100 characters or fewer.');
export const rollGrace = z.enum(Object.keys(ROLL_GRACE_PERIODS) as [keyof typeof ROLL_GRACE_PERIODS, ...(keyof typeof ROLL_GRACE_PERIODS)[]]);
