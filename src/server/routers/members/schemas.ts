import { z } from 'zod';
import { ASSIGNABLE_ROLES, ROLES } from '../../auth/scopes';
import { objectId } from '../shared/schemas';

/**
 * An agency's members and invitations (issue 32) are managed in the settings UI and the operator CLI
 * only: these operations have no REST route and no MCP tool, and need the session-only
 * `members:read` / `members:write` / `ownership:write` permissions of the caller's role.
 */
export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  joined_at: z.string(),
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  expired: z.boolean(),
  created_at: z.string(),
});

export const assignableRole = z.enum(ASSIGNABLE_ROLES, { error: 'Choose admin, member or viewer.' });
export const memberPath = { user_id: objectId };
export const invitationPath = { invitation_id: objectId };
