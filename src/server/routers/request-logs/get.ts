import { getRequestLog as getEntry, requestLogView } from '../../services/request-logs';
import { apiProcedure } from '../../trpc/procedures';
import { getRequestLogExamples, getRequestLogInput, getRequestLogOutput } from './get.schema';

export const getRequestLog = apiProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/request-logs/{request_id}',
      tags: ['Request logs'],
      summary: 'Retrieve a request log',
      description: 'One call of the account by its request id (entries appear within a few seconds); another account’s is 404.',
    },
    examples: getRequestLogExamples,
    access: { agency: 'logs:read', creator: 'logs:read' },
    errorStatuses: [400, 404],
  })
  .input(getRequestLogInput)
  .output(getRequestLogOutput)
  .query(async ({ ctx, input }) => {
    return { data: requestLogView(await getEntry(ctx.app.db, ctx.owner, input.request_id)) };
  });
