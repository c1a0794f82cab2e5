import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ApiRequest, ApiResponse } from './exchange';
import { problemResponse } from './problem-response';

const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const MULTIPART_CONTENT_TYPE = /^multipart\/form-data\s*;/i;

/**
 * From this size on, a JSON body's decoding and parsing each run in a turn of the event loop of their
 * own, and the operation starts in the next: for a 2 MiB import preview, copying the pieces together,
 * decoding them and JSON.parse take about a millisecond each, and in one go (with the operation's first
 * steps behind them as microtasks) they held every other request for several (issue 26). Smaller
 * bodies are parsed at once: a turn would only add latency.
 */
export const LARGE_BODY_BYTES = 256 * 1024;

/** How much of a refused body is still read (and thrown away) so the client can read the 413. */
const DRAIN_AFTER_REFUSAL_BYTES = 8 * 1024 * 1024;

/**
 * After refusing an oversized body, keep reading and discarding for a while instead of closing the
 * socket at once: a client still uploading would otherwise get a broken pipe instead of the 413.
 * Past DRAIN_AFTER_REFUSAL_BYTES reading stops (the response says Connection: close).
 */
async function discardRest(chunks: AsyncIterator<Uint8Array>): Promise<void> {
  let discarded = 0;
  try {
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      discarded += next.value.byteLength;
      if (discarded > DRAIN_AFTER_REFUSAL_BYTES) break;
    }
  } catch {
    return;
  }
  await chunks.return?.().catch(() => {});
}

/** The whole body, counted while streaming (Content-Length can be absent or wrong). */
async function readWithCap(request: ApiRequest, cap: number): Promise<Buffer | 'too-large' | 'unreadable'> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) return 'too-large';
  if (!request.body) return Buffer.alloc(0);
  const chunks = request.body[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: IteratorResult<Uint8Array>;
    try {
      chunk = await chunks.next();
    } catch {
      // The client aborted, or the body's framing broke (bad chunked encoding): the client's fault, not a 500.
      return 'unreadable';
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > cap) {
      void discardRest(chunks);
      return 'too-large';
    }
    parts.push(chunk.value);
  }
  return Buffer.concat(parts);
}

/** The form's parts as an object: files stay File objects, a repeated name keeps its first value. */
async function parseMultipart(raw: Buffer, contentType: string): Promise<Record<string, unknown>> {
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form) if (!(name in fields)) fields[name] = value;
  return fields;
}

export interface BodyRules {
  /** The operation takes multipart/form-data (a file upload) instead of JSON. */
  multipart: boolean;
  /** Bytes; larger bodies are 413. */
  cap: number;
  /** `POST /public/v1/creators`, for the 413's detail. */
  operation: string;
  pathname: string;
}

/**
 * The statuses reading a body can answer with, on every operation that takes one (POST, PATCH): 400
 * (malformed JSON or multipart, not an object), 413 (over its cap) and 415 (another content type).
 * The OpenAPI document lists them; tests/openapi/statuses.test.ts provokes them.
 */
export const BODY_STATUSES = [400, 413, 415] as const;

export type BodyOutcome = { ok: true; body: unknown } | { ok: false; response: ApiResponse };

/**
 * Reads and parses a request body: the size cap (413), the content type (415), malformed JSON (400),
 * a JSON body that is not an object (400), malformed multipart (400). An empty body is `undefined`.
 */
export async function readRequestBody(request: ApiRequest, rules: BodyRules, requestId: string): Promise<BodyOutcome> {
  const refuse = (response: ApiResponse): BodyOutcome => ({ ok: false, response });
  const contentType = request.headers.get('content-type') ?? '';
  if (rules.multipart && !MULTIPART_CONTENT_TYPE.test(contentType)) {
    return refuse(
      problemResponse(
        'unsupported-media-type',
        `${rules.pathname} takes multipart/form-data${contentType ? `, not ${contentType}` : ''}: send the file as a form part (curl -F file=@creators.csv).`,
        requestId,
      ),
    );
  }
  const raw = await readWithCap(request, rules.cap);
  if (raw === 'unreadable') {
    return refuse(
      problemResponse('malformed-request', 'The request body could not be read to its end (aborted, or broken chunked encoding).', requestId, {
        headers: { Connection: 'close' },
      }),
    );
  }
  if (raw === 'too-large') {
    return refuse(
      problemResponse('payload-too-large', `The request body is larger than ${rules.cap} bytes, the limit for ${rules.operation}.`, requestId, {
        headers: { Connection: 'close' },
      }),
    );
  }
  if (rules.multipart) {
    try {
      return { ok: true, body: await parseMultipart(raw, contentType) };
    } catch {
      return refuse(
        problemResponse('validation-error', 'The multipart body could not be parsed; check the boundary and part headers.', requestId, {
          errors: [{ path: 'body', message: 'Malformed multipart/form-data.', code: 'malformed_multipart' }],
        }),
      );
    }
  }
  if (raw.byteLength === 0) return { ok: true, body: undefined };
  if (!JSON_CONTENT_TYPE.test(contentType)) {
    return refuse(
      problemResponse(
        'unsupported-media-type',
        contentType ? `Content-Type ${contentType} is not accepted here; send application/json.` : 'The request has a body but no Content-Type; send application/json.',
        requestId,
      ),
    );
  }
  const large = raw.byteLength >= LARGE_BODY_BYTES;
  if (large) await nextTurn();
  const text = raw.toString('utf8');
  if (large) await nextTurn();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return refuse(problemResponse('malformed-json', `The body is not valid JSON: ${(error as Error).message}.`, requestId));
  }
  if (large) await nextTurn();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return refuse(
      problemResponse('validation-error', 'The request body must be a JSON object.', requestId, {
        errors: [{ path: 'body', message: 'Expected a JSON object.', code: 'invalid_type' }],
      }),
    );
  }
  return { ok: true, body };
}
