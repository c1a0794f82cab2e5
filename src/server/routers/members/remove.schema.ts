import { z } from 'zod';
import { ROLES } from '../../auth/scopes';
import { memberPath } from './schemas';

export const removeMemberInput = z.strictObject(memberPath);
export const removeMemberOutput = z.object({ data: z.object({ user_id: z.string(), email: z.string(), role: z.enum(ROLES) }) });
