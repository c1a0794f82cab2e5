import { z } from 'zod';
import { apiKeySummarySchema, keyPath, rollGrace } from './schemas';

export const rollApiKeyInput = z.strictObject({ ...keyPath, grace: rollGrace });
export const rollApiKeyOutput = z.object({ data: z.object({ key: apiKeySummarySchema, secret: z.string(), old: apiKeySummarySchema }) });
