import { getRequestLog as getEntry, requestLogView } from '../../services/request-logs';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { getRequestLogExamples, getRequestLogInput, getRequestLogOutput } from './get.schema';

export const getRequestLog = apiProcedure
  .meta(operation('GET /request-logs/{request_id}', {
    tag: 'Request logs',
    summary: 'Retrieve a request log',
    description: 'One call of the account by its request id (entries appear within a few seconds); another account’s is 404.',
    examples: getRequestLogExamples,
    access: anySubject('logs:read'),
    errorStatuses: [400, 404],
  }))
  .input(getRequestLogInput)
  .output(getRequestLogOutput)
  .query(async ({ ctx, input }) => {
    return { data: requestLogView(await getEntry(ctx.app.db, ctx.owner, input.request_id)) };
  });
