import { setImmediate as nextTurn } from 'node:timers/promises';
import Papa from 'papaparse';
import type { z } from 'zod';
import { ApiError } from '../domain/errors';
import { SOCIAL_PLATFORMS } from '../lib/social-identity';
import { unstorableTextProblem } from '../lib/storable-text';
import { creatorInputSchema } from './creator-input';

/**
 * The roster CSV format (documented on /docs and in README, example at /examples/creators.csv):
 * a header row, then one creator per row. Column names are case-insensitive; spaces and dashes count
 * as underscores. UTF-8 with or without BOM, CRLF or LF, quoted fields, blank lines skipped.
 * List columns (`languages`, `tags`) separate values with `;` (or `,` inside quotes).
 * Cells are kept as text: nothing is evaluated, so formula-looking cells are harmless.
 */
export const MAX_IMPORT_ROWS = 500;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export const PROFILE_COLUMNS = ['display_name', 'email', 'country', 'languages', 'tags', 'avatar_url'] as const;
export const SOCIAL_COLUMNS = SOCIAL_PLATFORMS;
export const KNOWN_COLUMNS: readonly string[] = [...PROFILE_COLUMNS, ...SOCIAL_COLUMNS];
/** Accepted spellings of the name column. */
const NAME_ALIASES: Record<string, string> = { name: 'display_name', displayname: 'display_name', creator: 'display_name' };

export type CsvRow = Record<string, string>;

export interface ParsedRoster {
  columns: string[];
  rows: CsvRow[];
}

function normalizeHeader(header: string): string {
  const key = header.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return NAME_ALIASES[key] ?? key;
}

/**
 * Characters parsed between two turns of the event loop. A 2 MiB file is about 32 such pieces of well
 * under a millisecond each, so other requests are served while it is parsed; and a file refused at
 * row 501 is parsed only as far as the pieces that hold its first 501 rows.
 */
export const CSV_CHUNK_CHARS = 64 * 1024;

/** Each parsed piece's rows, the header's fields, and the first quoting error within the rows kept. */
function parseInChunks(source: string): Promise<{ data: CsvRow[]; fields: string[]; quoting: Papa.ParseError | undefined; tooMany: boolean }> {
  return new Promise((resolve, reject) => {
    // Rows are counted as they are parsed and parsing stops at the first row past the cap, so refusing
    // a huge file costs what its first 501 rows cost.
    const data: CsvRow[] = [];
    let fields: string[] = [];
    let quoting: Papa.ParseError | undefined;
    let tooMany = false;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve({ data, fields, quoting, tooMany });
    };
    try {
      Papa.parse<CsvRow>(source, {
        header: true,
        newline: '\n',
        skipEmptyLines: 'greedy',
        transformHeader: normalizeHeader,
        transform: (value) => value.trim(),
        chunkSize: CSV_CHUNK_CHARS,
        chunk: (result: Papa.ParseResult<CsvRow>, parser: Papa.Parser) => {
          fields = result.meta.fields ?? fields;
          // Only the rows kept matter: a quoting error past the cap is never reached by a row-by-row parse.
          const room = MAX_IMPORT_ROWS + 1 - data.length;
          const error = quoting ? undefined : result.errors.find((e) => e.type === 'Quotes' && (e.row === undefined || e.row < room));
          // A piece's row numbers start at its first row: counted from the file's first here.
          if (error) quoting = { ...error, row: error.row === undefined ? undefined : error.row + data.length };
          data.push(...result.data.slice(0, room));
          if (data.length > MAX_IMPORT_ROWS) {
            tooMany = true;
            parser.abort();
            return;
          }
          // The next piece after a turn of the event loop.
          parser.pause();
          setImmediate(() => parser.resume());
        },
        // Called once the last piece is parsed, or on abort.
        complete: settle,
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/**
 * Parses and checks the file as a whole; row-level problems are left to each row. Parsed in pieces of
 * CSV_CHUNK_CHARS with a turn of the event loop between them (so it returns a promise).
 */
export async function parseRosterCsv(text: string): Promise<ParsedRoster> {
  // A file of more than one piece is scanned and parsed from the next turn on: its caller (a preview's
  // input checks and schema, in the same task) has had the event loop long enough (issue 26).
  if (text.length > CSV_CHUNK_CHARS) await nextTurn();
  // Strip the BOM; one line ending throughout, since Papa detects it from the first line only. Most
  // files have no CR at all: a search for one is ~100× cheaper than the rewrite's regex over 2 MiB.
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const source = withoutBom.includes('\r') ? withoutBom.replace(/\r\n?/g, '\n') : withoutBom;
  if (source.trim() === '') {
    throw new ApiError('validation-error', 'The CSV file is empty. Send a header row and one row per creator.', {
      errors: [{ path: 'body.file', message: 'The file is empty.', code: 'empty_file' }],
    });
  }
  // Refused as a whole, with the line: a NUL cannot be stored, and stripping it would change the data.
  const unstorable = unstorableTextProblem(source);
  if (unstorable) {
    const at = source.includes('\u0000') ? source.indexOf('\u0000') : 0;
    const line = source.slice(0, at).split('\n').length;
    throw new ApiError('validation-error', `The CSV file ${unstorable.message.charAt(0).toLowerCase()}${unstorable.message.slice(1)} (line ${line})`, {
      errors: [{ path: 'body.file', message: `Line ${line}: ${unstorable.message}`, code: unstorable.code }],
    });
  }
  const { data, fields, quoting, tooMany } = await parseInChunks(source);
  // Broken quoting shifts every later row boundary, so it fails the file rather than some rows.
  if (quoting) {
    const where = quoting.row !== undefined ? ` near data row ${quoting.row + 1}` : '';
    throw new ApiError('validation-error', `The CSV has unbalanced quotes${where}: ${quoting.message}. Quote fields that contain commas, quotes or line breaks, doubling inner quotes.`, {
      errors: [{ path: 'body.file', message: 'Malformed quoting.', code: 'malformed_csv' }],
    });
  }
  const columns = fields.filter((c) => c !== '');
  if (!columns.includes('display_name')) {
    throw new ApiError('validation-error', `The header has no display_name (or name) column; found: ${columns.join(', ') || 'nothing'}.`, {
      errors: [{ path: 'body.file', message: 'The header row needs a display_name column.', code: 'missing_column' }],
    });
  }
  const unknown = columns.filter((c) => !KNOWN_COLUMNS.includes(c));
  if (unknown.length > 0) {
    throw new ApiError('validation-error', `Unknown column(s): ${unknown.join(', ')}. Known columns: ${KNOWN_COLUMNS.join(', ')}.`, {
      errors: [{ path: 'body.file', message: `Unknown column(s): ${unknown.join(', ')}.`, code: 'unknown_column' }],
    });
  }
  const duplicated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (duplicated.length > 0) {
    throw new ApiError('validation-error', `Column(s) given twice: ${[...new Set(duplicated)].join(', ')}.`, {
      errors: [{ path: 'body.file', message: 'A column appears twice in the header.', code: 'duplicate_column' }],
    });
  }
  const rows = data.map((row) => {
    // Papa puts cells beyond the header under `__parsed_extra`; keep only named columns, as text.
    const clean: CsvRow = {};
    for (const column of columns) clean[column] = typeof row[column] === 'string' ? row[column] : '';
    return clean;
  });
  if (tooMany) {
    throw new ApiError(
      'payload-too-large',
      `The file has ${MAX_IMPORT_ROWS + 1} or more creator rows; an import takes at most ${MAX_IMPORT_ROWS}. Split it into several files.`,
    );
  }
  if (rows.length === 0) {
    throw new ApiError('validation-error', 'The CSV file has a header but no creator rows.', {
      errors: [{ path: 'body.file', message: 'No data rows.', code: 'empty_file' }],
    });
  }
  return { columns, rows };
}

function splitList(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const items = value.split(/[;,]/).map((v) => v.trim()).filter(Boolean);
  return items.length > 0 ? items : undefined;
}

export interface RowInput {
  /** Shaped like the POST /creators body, ready for creatorInputSchema. */
  body: Record<string, unknown>;
  /** The CSV column behind each `socials[i]` (or `socials[i]` itself for a JSON row), to name it in row errors. */
  socialColumns: string[];
  /** Problems the creator schema does not know about (remote avatars). */
  errors: string[];
}

/** An import row that came as JSON (a committed preview's `rows`): a POST /creators body, kept as sent. */
export interface CreatorBodyRow {
  creator: Record<string, unknown>;
}

export function isCreatorBodyRow(row: unknown): row is CreatorBodyRow {
  const creator = (row as { creator?: unknown } | null)?.creator;
  return typeof creator === 'object' && creator !== null && !Array.isArray(creator);
}

export function rowToCreatorInput(row: CsvRow | CreatorBodyRow): RowInput {
  if (isCreatorBodyRow(row)) {
    // CSV cells are always strings (and `creator` is an alias of display_name), so this cannot be a CSV row.
    const socials = Array.isArray(row.creator.socials) ? row.creator.socials : [];
    return { body: row.creator, socialColumns: socials.map((_, i) => `socials[${i}]`), errors: [] };
  }
  const errors: string[] = [];
  if (row.avatar_url) errors.push('avatar_url: remote avatar URLs are not accepted; leave the column empty.');
  const socialColumns = SOCIAL_COLUMNS.filter((platform) => row[platform]);
  const body: Record<string, unknown> = {
    display_name: row.display_name ?? '',
    ...(row.email ? { email: row.email } : {}),
    ...(row.country ? { country: row.country } : {}),
    ...(splitList(row.languages) ? { languages: splitList(row.languages) } : {}),
    ...(splitList(row.tags) ? { tags: splitList(row.tags) } : {}),
    ...(socialColumns.length > 0 ? { socials: socialColumns.map((platform) => ({ platform, handle_or_url: row[platform] })) } : {}),
  };
  return { body, socialColumns, errors };
}

/** A readable row error: `instagram: is a URL on tiktok.com…` rather than `socials[0].handle_or_url: …`. */
export function describeIssue(path: readonly PropertyKey[], message: string, socialColumns: readonly string[]): string {
  const [head, index, ...rest] = path;
  if (head === 'socials' && typeof index === 'number') {
    return `${socialColumns[index] ?? 'socials'}${rest.length > 0 && rest[0] !== 'handle_or_url' ? `.${rest.join('.')}` : ''}: ${message}`;
  }
  if ((head === 'languages' || head === 'tags') && typeof index === 'number') return `${head} (value ${index + 1}): ${message}`;
  if (head === 'display_name' && /received undefined|at least 1/.test(message)) return 'display_name: required.';
  return `${path.map(String).join('.') || 'row'}: ${message}`;
}

export interface ValidatedImportRow {
  /** The row as a POST /creators body, before parsing (the preview shows its display_name). */
  body: Record<string, unknown>;
  /** The parsed creator when the row has no errors, else null. */
  input: z.output<typeof creatorInputSchema> | null;
  /** Every problem with the row, each naming its column. */
  errors: string[];
}

/**
 * The one validation every import path runs — the preview, a chunk in batch, and the row-by-row
 * retry after a race — so a row is judged the same way whichever path it takes.
 */
export function validateImportRow(row: CsvRow | CreatorBodyRow): ValidatedImportRow {
  const { body, socialColumns, errors } = rowToCreatorInput(row);
  const parsed = creatorInputSchema.safeParse(body);
  if (!parsed.success) for (const issue of parsed.error.issues) errors.push(describeIssue(issue.path, issue.message, socialColumns));
  return { body, input: parsed.success && errors.length === 0 ? parsed.data : null, errors };
}
