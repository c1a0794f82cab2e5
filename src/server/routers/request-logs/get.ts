import { getRequestLog as getEntry, requestLogView } from '../../services/request-logs';
import { getRequestLogContract } from './get.schema';
import { requestLogsSection } from '../sections';

export const getRequestLog = requestLogsSection.operation('GET /request-logs/{request_id}', getRequestLogContract, {
  summary: 'Retrieve a request log',
  description: 'One call of the account by its request id (entries appear within a few seconds); another account’s is 404.',
}).query(async ({ ctx, input }) => {
  return { data: requestLogView(await getEntry(ctx.app.db, ctx.owner, input.request_id)) };
});
