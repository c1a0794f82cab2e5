import { z } from 'zod';
import { typedEmailAddress } from '../../lib/email';
import { assignableRole, invitationSchema } from './schemas';

export const inviteMemberInput = z.strictObject({
  email: typedEmailAddress,
  role: assignableRole,
});
export const inviteMemberOutput = z.object({ data: invitationSchema });
