import { z } from 'zod';
import { ALL_SCOPES, SUBJECT_TYPES } from '../../auth/scopes';
import { ENTITLEMENTS } from '../../services/accounts';
import { objectId, single } from '../shared/schemas';

export const getMeInput = z.void();

export const subjectSchema = z
  .object({
    subject_type: z.enum(SUBJECT_TYPES).meta({ description: 'Whether the key acts for an agency or a creator.' }),
    subject_id: objectId.meta({ description: 'The id of the agency or creator the key acts for.' }),
    user_id: objectId.meta({ description: 'The user who issued the key.' }),
    scopes: z.array(z.enum(ALL_SCOPES as [string, ...string[]])).meta({ description: 'The scopes granted to the key (see x-scopes).' }),
    entitlement: z.enum(ENTITLEMENTS).meta({
      description: '`active`: the account may use the API. `suspended`: every operation but GET /me answers 403 entitlement-inactive.',
    }),
  })
  .meta({ id: 'Subject' });

export const getMeOutput = single(subjectSchema);
