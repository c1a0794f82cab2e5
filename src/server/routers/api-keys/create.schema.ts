import { z } from 'zod';
import { apiKeySummarySchema, keyName } from './schemas';

export const createApiKeyInput = z.strictObject({
  name: keyName,
  scopes: z.array(z.string()).min(1, 'Choose at least one scope.'),
  /** Days until it expires; null for never. */
  expires_in_days: z.number().int().min(1).max(3650).nullable(),
});
export const createApiKeyOutput = z.object({ data: z.object({ key: apiKeySummarySchema, secret: z.string() }) });
