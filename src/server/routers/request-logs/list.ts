import { listRequestLogs as listEntries, parseStatusFilter, requestLogView } from '../../services/request-logs';
import { anySubject, operation } from '../../trpc/operation';
import { ownedListPage } from '../../trpc/owned-list';
import { apiProcedure } from '../../trpc/procedures';
import { listRequestLogsExamples, listRequestLogsInput, listRequestLogsOutput } from './list.schema';

export const listRequestLogs = apiProcedure
  .meta(operation('GET /request-logs', {
    tag: 'Request logs',
    summary: 'List request logs',
    description:
      'The account’s API calls (REST and MCP tool calls), newest first, kept 30 days. Errors include the request and response bodies, secrets redacted. Filters combine.',
    examples: listRequestLogsExamples,
    access: anySubject('logs:read'),
    errorStatuses: [400],
  }))
  .input(listRequestLogsInput)
  .output(listRequestLogsOutput)
  .query(async ({ ctx, input }) => {
    const filter = {
      status: input.status ? parseStatusFilter(input.status) : undefined,
      method: input.method,
      operation: input.operation,
      keyId: input.key_id,
      since: input.since ? new Date(input.since) : undefined,
      until: input.until ? new Date(input.until) : undefined,
    };
    return ownedListPage(ctx, input, {
      scope: ['request-logs', JSON.stringify([input.status, input.method, input.operation, input.key_id, input.since, input.until])],
      fetch: (afterId, take) => listEntries(ctx.app.db, ctx.owner, filter, afterId, take),
      view: requestLogView,
    });
  });
