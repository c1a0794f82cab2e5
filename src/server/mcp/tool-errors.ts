import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { problemBodyOf, DOMAIN_PROBLEMS, type ProblemBody } from '../domain/problems';
import type { Problem } from '../trpc/gateway';
import type { CatalogTool } from './tools';

/**
 * A failed tool call as the problem+json body its REST twin answers with (the gateway's Problem),
 * field paths named after the tool's arguments (`socials[1].handle_or_url`, `csv`) instead of
 * body/query/path. A 429 or 503 also carries `retry_after`
 * (seconds), what REST sends as Retry-After.
 */
export type ToolProblem = ProblemBody & { retry_after?: number };

export function toolProblem(problem: Problem, tool: CatalogTool, requestId: string): ToolProblem {
  let detail = problem.detail;
  const errors = problem.errors?.map((e) => {
    const path = tool.argumentPath(e.path);
    // The detail names fields as REST does (`body.socials[1]`): name them as arguments instead.
    detail = detail.replaceAll(e.path, path);
    return { ...e, path };
  });
  const body: ToolProblem = problemBodyOf(problem.slug, DOMAIN_PROBLEMS[problem.slug], detail, requestId, errors);
  const retryAfter = Number(problem.headers['Retry-After']);
  if ((problem.slug === 'rate-limited' || problem.slug === 'service-unavailable') && Number.isFinite(retryAfter)) body.retry_after = retryAfter;
  return body;
}

export function toolError(problem: ToolProblem): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem) }] };
}
