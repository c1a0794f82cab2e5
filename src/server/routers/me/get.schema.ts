import { z } from 'zod';
import { ALL_SCOPES, SUBJECT_TYPES } from '../../auth/scopes';
import { ENTITLEMENTS } from '../../services/accounts';
import { objectId, single } from '../shared/schemas';

export const getMeInput = z.void();

export const subjectSchema = z
  .object({
    subject_type: z.enum(SUBJECT_TYPES),
    subject_id: objectId,
    user_id: objectId,
    scopes: z.array(z.enum(ALL_SCOPES as [string, ...string[]])),
    entitlement: z.enum(ENTITLEMENTS).meta({
      description: '`active`: the account may use the API. `suspended`: every operation but GET /me answers 403 entitlement-inactive.',
    }),
  })
  .meta({ id: 'Subject' });

export const getMeOutput = single(subjectSchema);
