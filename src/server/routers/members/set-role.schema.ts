import { z } from 'zod';
import { assignableRole, memberPath, memberSchema } from './schemas';

export const setMemberRoleInput = z.strictObject({ ...memberPath, role: assignableRole });
export const setMemberRoleOutput = z.object({ data: memberSchema });
