import { z } from 'zod';
import { invitationPath, invitationSchema } from './schemas';

export const revokeInvitationInput = z.strictObject(invitationPath);
export const revokeInvitationOutput = z.object({ data: invitationSchema });
