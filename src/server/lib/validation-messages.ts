import { z } from 'zod';

/**
 * Messages that state the rule a value broke ("must be https", "must be an integer", "must be at
 * most 100 characters") instead of zod's "Invalid input" wording. Installed once, globally, when
 * this module is first imported (by the tRPC init and by the shared schemas), so API answers,
 * CSV-import row errors and the UI's forms say the same thing. A schema's own message still wins.
 */
type Issue = z.core.$ZodRawIssue;

const NOUNS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  date: 'a date',
};
const FORMATS: Record<string, string> = {
  email: 'must be an email address',
  url: 'must be an absolute URL',
  datetime: 'must be an ISO 8601 date-time with Z or an offset, like 2026-03-01T09:00:00Z',
  date: 'must be a date like 2026-03-01',
  uuid: 'must be a UUID',
  regex: 'has an invalid format',
};

/** `z.number().int()` (coerced or not) carries its integer rule as a number_format check. */
function isIntegerSchema(issue: Issue): boolean {
  const checks = (issue.inst as { _zod?: { def?: { checks?: { _zod?: { def?: { format?: string } } }[] } } } | undefined)?._zod?.def?.checks ?? [];
  return checks.some((check) => ['safeint', 'int32', 'uint32'].includes(check._zod?.def?.format ?? ''));
}

function sizeRule(issue: Issue & { origin?: string }, bound: number | bigint, atLeast: boolean): string {
  const word = atLeast ? 'at least' : 'at most';
  switch (issue.origin) {
    case 'string':
      return `must be ${word} ${bound} character${bound === 1 ? '' : 's'}`;
    case 'array':
    case 'set':
      return `must have ${word} ${bound} item${bound === 1 ? '' : 's'}`;
    case 'file':
      return `must be ${word} ${bound} bytes`;
    default:
      return `must be ${atLeast ? '≥' : '≤'} ${bound}`;
  }
}

export function ruleMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Required.';
      const expected = isIntegerSchema(issue) ? 'int' : String(issue.expected);
      return `must be ${NOUNS[expected] ?? expected}`;
    }
    case 'invalid_format': {
      const { format, note, pattern } = issue as Issue & { format: string; note?: string; pattern?: string };
      if (format === 'url' && note === 'Invalid protocol') return pattern === '^https$' ? 'must be https' : 'must be an http or https URL';
      if (format === 'url' && note === 'Invalid hostname') return 'must use a public host name';
      return FORMATS[format] ?? `must be a valid ${format}`;
    }
    case 'invalid_value': {
      const values = (issue as Issue & { values: unknown[] }).values;
      return values.length === 1 ? `must be ${JSON.stringify(values[0])}` : `must be one of ${values.map((v: unknown) => JSON.stringify(v)).join(', ')}`;
    }
    case 'too_small':
      return sizeRule(issue, (issue as Issue & { minimum: number }).minimum, true);
    case 'too_big':
      return sizeRule(issue, (issue as Issue & { maximum: number }).maximum, false);
    case 'not_multiple_of':
      return `must be a multiple of ${(issue as Issue & { divisor: number }).divisor}`;
    case 'invalid_union':
      return 'does not match any of the accepted shapes';
    default:
      return undefined;
  }
}

z.config({ customError: (issue) => ruleMessage(issue) });
