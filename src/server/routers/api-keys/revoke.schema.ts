import { z } from 'zod';
import { apiKeySummarySchema, keyPath } from './schemas';

export const revokeApiKeyInput = z.strictObject(keyPath);
export const revokeApiKeyOutput = z.object({ data: apiKeySummarySchema });
