import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
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
    livemode: z.boolean().meta({
      description: '`false` for a test-mode key (`crk_test_…`): it acts on the sandbox twin of the agency or creator (its `subject_id`), whose data is invisible to live keys and the other way round.',
    }),
  })
  .meta({ id: 'Subject' });

export const getMeOutput = single(subjectSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getMeExamples: OperationExamples = {
  status: 200,
  response: {
    data: {
      subject_type: 'agency',
      subject_id: '6b04481c1ba105ce1549512c',
      user_id: '6b04481c1ba105ce1549512b',
      scopes: [
        'roster:read',
        'roster:write',
        'media_kits:read',
        'media_kits:write',
        'decks:read',
        'decks:write',
        'campaigns:read',
        'campaigns:write',
        'analytics:read',
        'sponsorships:read',
      ],
      entitlement: 'active',
      livemode: true,
    },
  },
};

export const getMeContract = { input: getMeInput, output: getMeOutput, examples: getMeExamples };
