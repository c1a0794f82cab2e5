import { listRequestLogs as listEntries, parseStatusFilter, requestLogView } from '../../services/request-logs';
import { ownedListPage } from '../../trpc/owned-list';
import { listRequestLogsContract } from './list.schema';
import { requestLogsSection } from '../sections';

export const listRequestLogs = requestLogsSection.operation('GET /request-logs', listRequestLogsContract, {
  summary: 'List request logs',
  description:
    'The account’s API calls (REST and MCP tool calls), newest first, kept 30 days. Errors include the request and response bodies, secrets redacted. Filters combine.',
}).query(async ({ ctx, input }) => {
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
