import { apiProcedure } from '../../trpc/procedures';
import { getMeInput, getMeOutput } from './get.schema';

export const getMe = apiProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/me',
      tags: ['Identity'],
      summary: 'Who am I',
      description: 'The subject (agency or creator) the key acts for, the user who issued it, its scopes and the entitlement.',
    },
    access: { agency: null, creator: null },
    allowInactive: true,
  })
  .input(getMeInput)
  .output(getMeOutput)
  .query(({ ctx }) => ({
    data: {
      subject_type: ctx.auth.subjectType,
      subject_id: ctx.auth.subjectId,
      user_id: ctx.auth.userId,
      scopes: ctx.auth.scopes,
      entitlement: ctx.auth.entitlement,
    },
  }));
