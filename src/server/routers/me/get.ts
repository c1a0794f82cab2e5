import { isScope } from '../../auth/scopes';
import { getMeContract } from './get.schema';
import { identitySection } from '../sections';

export const getMe = identitySection.operation('GET /me', getMeContract, {
  summary: 'Who am I',
  description: 'The subject (agency or creator) the key acts for, the user who issued it, its scopes, the entitlement and whether it is a live or a test-mode key (`livemode`).',
  toolHints: { outputSchema: true },
  allowInactive: true,
  // Built from the principal field by field; output validation was ~6 % of a call's CPU under load.
  trustedOutput: 'tests/me/output.test.ts',
}).query(({ ctx }) => ({
  data: {
    subject_type: ctx.principal.subjectType,
    subject_id: ctx.principal.subjectId,
    user_id: ctx.principal.userId,
    scopes: ctx.principal.scopes.filter(isScope),
    entitlement: ctx.principal.entitlement,
    livemode: ctx.principal.mode === 'live',
  },
}));
