import { z } from 'zod';
import { memberPath } from './schemas';

export const transferOwnershipInput = z.strictObject(memberPath);
export const transferOwnershipOutput = z.object({ data: z.object({ previous_owner_user_id: z.string(), owner_user_id: z.string() }) });
