import { z } from 'zod';
import { apiKeySummarySchema, keyName, keyPath } from './schemas';

export const renameApiKeyInput = z.strictObject({ ...keyPath, name: keyName });
export const renameApiKeyOutput = z.object({ data: apiKeySummarySchema });
