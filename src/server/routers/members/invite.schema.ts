import { z } from 'zod';
import { assignableRole, invitationSchema } from './schemas';

export const inviteMemberInput = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter an email address like name@example.com.').max(254, 'Use an email address of at most 254 characters.')),
  role: assignableRole,
});
export const inviteMemberOutput = z.object({ data: invitationSchema });
