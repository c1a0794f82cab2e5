import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { ApiError, fieldErrorCode, type FieldError } from '../domain/errors';
import { problemBody, type ProblemBody } from '../http/problems';
import type { Logger } from '../lib/logger';
import type { CatalogTool } from './tools';

/**
 * A failed tool call as the problem+json body its REST twin would answer with, field paths named
 * after the tool's arguments (`socials[1].handle_or_url`, `csv`) instead of body/query/path.
 * A 429 also carries `retry_after` (seconds), what REST sends as the Retry-After header.
 */
export type ToolProblem = ProblemBody & { retry_after?: number };

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  params?: { code?: string };
}

function joinPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), '');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function fieldErrors(issues: IssueLike[], args: unknown, tool: CatalogTool): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) {
        errors.push({ path: tool.argumentPath(joinPath([...issue.path, key])), message: 'Unknown argument: this tool does not accept it.', code: 'unrecognized_key' });
      }
      continue;
    }
    const path = tool.argumentPath(joinPath(issue.path)) || '(arguments)';
    const missing = issue.path.length > 0 && valueAt(args, issue.path) === undefined && tool.argumentPath(joinPath(issue.path)) === joinPath(issue.path);
    errors.push({ path, message: missing ? 'Required.' : issue.message, code: missing ? 'required' : fieldErrorCode(issue) });
  }
  return errors;
}

export function toolProblem(error: unknown, tool: CatalogTool, args: unknown, requestId: string, logger: Logger): ToolProblem {
  const cause = error instanceof TRPCError ? (error.cause as unknown) : error;
  if (cause instanceof ApiError) {
    const errors = cause.options.errors?.map((e) => ({ ...e, path: tool.argumentPath(e.path) }));
    const body: ToolProblem = problemBody(cause.slug, cause.detail, requestId, errors);
    const retryAfter = Number(cause.options.headers?.['Retry-After']);
    if (cause.slug === 'rate-limited' && Number.isFinite(retryAfter)) body.retry_after = retryAfter;
    return body;
  }
  const issues =
    cause instanceof z.ZodError
      ? (cause.issues as IssueLike[])
      : error instanceof TRPCError && error.code === 'BAD_REQUEST'
        ? (cause as { issues?: IssueLike[] } | undefined)?.issues
        : undefined;
  if (Array.isArray(issues)) {
    const errors = fieldErrors(issues, args, tool);
    const detail =
      errors.length === 1
        ? `${errors[0]!.path}: ${errors[0]!.message}`
        : `${errors.length} arguments are invalid: ${[...new Set(errors.map((e) => e.path))].join(', ')}.`;
    return problemBody('validation-error', detail, requestId, errors);
  }
  logger.error('tool call failed', {
    request_id: requestId,
    tool: tool.definition.name,
    code: error instanceof TRPCError ? error.code : undefined,
    error: error instanceof Error ? error.message : String(error),
    cause: cause instanceof Error ? cause.stack : String(cause),
  });
  return problemBody('internal-error', 'An unexpected error occurred. Nothing about it is your fault; quote the request_id if you contact support.', requestId);
}
