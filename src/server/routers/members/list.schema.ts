import { z } from 'zod';
import { invitationSchema, memberSchema } from './schemas';

export const listMembersInput = z.strictObject({});
export const listMembersOutput = z.object({ data: z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) }) });
