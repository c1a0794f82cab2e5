import type { Principal } from '../domain/principal';
import { PROBLEM_TYPE_BASE } from '../domain/problems';
import { newObjectIdParts, type ObjectIdParts } from '../lib/object-id';

/**
 * What one request log entry keeps, decided in one place for every door (issue 31). A door only
 * translates its exchange into `RequestLogFacts`; `requestLogRow` picks what is stored:
 * - calls by API keys only (a settings-UI session is not an API call), attributed to the key's subject;
 * - bodies only for 4xx/5xx, with secrets redacted (the value of any key named like a secret, password,
 *   token, authorization or API key, and any `crk_…` or `whsec_…` string anywhere) and each capped at
 *   `BODY_CAP_BYTES`, cut with a marker;
 * - the problem type's slug of an error answer, read from the problem body.
 */

/** The most of each body (request, response) an entry keeps. */
export const BODY_CAP_BYTES = 8 * 1024;
export const REDACTED = '[REDACTED]';
const SECRET_KEY = /secret|password|passwd|token|authorization|api[_-]?key|apikey|cookie/i;
const SECRET_VALUE = /\b(?:crk|whsec)_[A-Za-z0-9_+/=-]+/g;
/** Deeper than any input the gateway accepts; past it a value is replaced, not walked. */
const MAX_DEPTH = 32;
const MAX_PATH_CHARS = 2048;
const MAX_USER_AGENT_CHARS = 512;

export type RequestLogDoor = 'rest' | 'mcp';

export interface RequestLogFacts {
  requestId: string;
  door: RequestLogDoor;
  method: string;
  /** The path as requested (REST, without the query) or `/mcp`. */
  path: string;
  /** The operation (`creators.get`); null when none was matched. */
  operation: string | null;
  status: number;
  durationMs: number;
  /** The answer replayed an earlier one for the same Idempotency-Key. */
  replayed: boolean;
  /**
   * `requestId` was made by this server from this ObjectId (http/request-id.ts `ownedRequestIdFrom`:
   * `req_` and its text), not sent by the client, and this is the request's only entry: stored under
   * that ObjectId (`entryIdOf`).
   */
  ownRequestId?: ObjectIdParts | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** The request as the operation got it (parsed body, query, path parameters; MCP: the arguments). */
  requestBody?: unknown;
  /** The answer: a JSON text or a value (the problem body on an error). */
  responseBody?: unknown;
}

/** The facts a row stores as they came (the path and user agent cut to their column's length). */
type StoredFacts = 'requestId' | 'door' | 'method' | 'path' | 'operation' | 'status' | 'durationMs' | 'clientAddress' | 'userAgent';

/** The row as `request_logs` stores it (Prisma field names; written by request-logs.ts `RequestLogRowWriter`). */
export interface RequestLogRow extends Pick<RequestLogFacts, StoredFacts> {
  /** The entry's ObjectId, as its parts: the writer puts its digits as bytes (lib/object-id.ts `putObjectIdAscii`). */
  id: ObjectIdParts;
  /** `requestId` is `req_` and the id's text: the writer copies the id's bytes instead of reading the string. */
  requestIdIsOwn: boolean;
  subjectType: 'agency' | 'creator';
  subjectId: string;
  mode: string;
  keyId: string;
  problemType: string | null;
  idempotentReplayed: boolean;
  requestBody: string | null;
  responseBody: string | null;
  /** When the call was recorded (epoch milliseconds). */
  createdAtMs: number;
}

/** `text` with every `crk_…` / `whsec_…` secret replaced; the common text holds neither and is returned without running the expression. */
function withoutSecretValues(text: string): string {
  return text.includes('crk_') || text.includes('whsec_') ? text.replace(SECRET_VALUE, REDACTED) : text;
}

/** A JSON text parsed (a string that is not JSON stays a string); bytes become text. */
function asValue(body: unknown): unknown {
  if (body instanceof Uint8Array) body = Buffer.from(body).toString('utf8');
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Strings cut to what a capped body can show, and how many UTF-8 bytes were cut off (for the truncation marker). */
interface StringClip {
  chars: number;
  cutBytes: number;
}

/** `text` cut to `clip.chars` characters (never half a surrogate pair), the bytes cut off counted in `clip`. */
function clipped(text: string, clip: StringClip | undefined): string {
  if (!clip || text.length <= clip.chars) return text;
  let end = clip.chars;
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  clip.cutBytes += Buffer.byteLength(text.slice(end));
  return text.slice(0, end);
}

/**
 * A copy of `value` with every secret replaced by `[REDACTED]`. With `clip`, longer strings are first
 * cut to `clip.chars` characters: a stored body is capped anyway, and a 2 MiB CSV in a preview's input
 * would otherwise be scanned, copied and serialized whole (milliseconds on the event loop per logged
 * request) to keep its first 8 KiB. A secret cut short by the clip is still matched by what is left.
 */
export function redactSecrets(value: unknown, depth = 0, clip?: StringClip): unknown {
  if (typeof value === 'string') return withoutSecretValues(clipped(value, clip));
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1, clip));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== null && item !== undefined && item !== '' ? REDACTED : redactSecrets(item, depth + 1, clip);
  }
  return out;
}

/**
 * `text` cut to at most `cap` UTF-8 bytes, a marker saying how much was left out included; `cutBefore`
 * counts bytes already cut from the text's strings (redactSecrets' clip), so the marker names the
 * whole body's size.
 */
export function capText(text: string, cap: number = BODY_CAP_BYTES, cutBefore = 0): string {
  const bytes = Buffer.byteLength(text);
  if (bytes + cutBefore <= cap) return text;
  const marker = `…[truncated: ${bytes + cutBefore} bytes]`;
  // A character cut in half decodes as U+FFFD: dropped.
  const head = Buffer.from(text).subarray(0, cap - Buffer.byteLength(marker)).toString('utf8').replace(/\uFFFD+$/, '');
  return `${head}${marker}`;
}

/** A body as stored: redacted, as JSON text when it is a value, capped; null when there is none. */
export function storedBody(body: unknown): string | null {
  return hasBody(body) ? storedValue(asValue(body)) : null;
}

function hasBody(body: unknown): boolean {
  return body !== undefined && body !== null && body !== '';
}

/** `storedBody` of a body already parsed with `asValue`. */
function storedValue(value: unknown): string | null {
  const clip: StringClip = { chars: BODY_CAP_BYTES, cutBytes: 0 };
  const redacted = redactSecrets(value, 0, clip);
  const text = typeof redacted === 'string' ? redacted : JSON.stringify(redacted);
  return text === undefined ? null : capText(text, BODY_CAP_BYTES, clip.cutBytes);
}

/** `validation-error` from a problem body's `type` (its URI, or a bare slug). */
export function problemTypeOf(body: unknown): string | null {
  return problemTypeOfValue(asValue(body));
}

function problemTypeOfValue(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return null;
  return type.startsWith(PROBLEM_TYPE_BASE) ? type.slice(PROBLEM_TYPE_BASE.length) : type;
}

const OWN_REQUEST_ID = /^req_[0-9a-f]{24}$/;

/** The ObjectId inside a request id shaped like ours (`req_` + 24 lowercase hex), or null. */
export function objectIdOfRequestId(requestId: string): string | null {
  return requestId.length === 28 && OWN_REQUEST_ID.test(requestId) ? requestId.slice(4) : null;
}

/**
 * The entry's id (the table's key within the account). A call whose request id is our own is stored
 * under that id's ObjectId, so `GET /request-logs/{request_id}` finds it by key; any other entry —
 * a client's X-Request-Id, an MCP request's several tool calls — gets a new ObjectId and is found
 * through the index of request ids that differ from `'req_' || id` (request-logs.ts `getRequestLog`).
 * That index is all the lookup by request id costs a logged call, and ours never enter it. Kept as
 * parts, not text: reading a call's two ids back out of their strings was about a third of writing
 * its row (in a loop over fresh rows).
 */
function entryIdOf(facts: RequestLogFacts, at: number): ObjectIdParts {
  return facts.ownRequestId ?? newObjectIdParts(at);
}

/** The row one call is logged as, or null when it is not logged (a session's call). An OAuth token's call is logged like a key's, under the token's id. */
export function requestLogRow(principal: Principal, facts: RequestLogFacts, at: number = Date.now()): RequestLogRow | null {
  if (principal.kind === 'session') return null;
  const failed = facts.status >= 400;
  // A failed call's answer (a problem+json text) is parsed once, for its type and for storing: a flood's
  // refusals are nearly all failures, each logged.
  const response = failed && hasBody(facts.responseBody) ? asValue(facts.responseBody) : undefined;
  return {
    id: entryIdOf(facts, at),
    requestId: facts.requestId,
    requestIdIsOwn: !!facts.ownRequestId,
    subjectType: principal.subjectType,
    subjectId: principal.subjectId,
    mode: principal.mode,
    keyId: principal.kind === 'api_key' ? principal.keyId : principal.tokenId,
    door: facts.door,
    method: facts.method.slice(0, 8),
    path: withoutSecretValues(facts.path.slice(0, MAX_PATH_CHARS)),
    operation: facts.operation,
    status: facts.status,
    durationMs: Math.max(0, Math.round(facts.durationMs)),
    problemType: failed ? problemTypeOfValue(response) : null,
    idempotentReplayed: facts.replayed,
    clientAddress: facts.clientAddress,
    userAgent: facts.userAgent === null ? null : withoutSecretValues(facts.userAgent.slice(0, MAX_USER_AGENT_CHARS)),
    requestBody: failed ? storedBody(facts.requestBody) : null,
    responseBody: failed && hasBody(facts.responseBody) ? storedValue(response) : null,
    createdAtMs: at,
  };
}
