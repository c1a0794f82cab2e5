import { z } from 'zod';
import { invitationPath, invitationSchema } from './schemas';

export const resendInvitationInput = z.strictObject(invitationPath);
export const resendInvitationOutput = z.object({ data: invitationSchema });
