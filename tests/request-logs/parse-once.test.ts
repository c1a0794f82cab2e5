import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyPrincipal } from '../../src/server/domain/principal';
import { problemResponse } from '../../src/server/http/problem-response';
import { requestLogRow } from '../../src/server/services/request-log-rules';

/**
 * A preview flood's requests are nearly all refused (429), and each is logged with its problem+json
 * answer (issue 26). Its row needs the answer's problem type and the stored body: the text is parsed
 * once for both, not once each.
 */
describe('a failed call is logged with its answer parsed once', () => {
  afterEach(() => vi.restoreAllMocks());

  it('parses the problem+json text of a refusal once, for its type and its stored body', () => {
    const principal = { kind: 'api_key', subjectType: 'agency', subjectId: 'agc_1', mode: 'live', keyId: 'key_1' } as ApiKeyPrincipal;
    const answer = problemResponse('rate-limited', 'This agency has used its 60 requests for this window (previews bucket).', 'req_parse_once');
    const parse = vi.spyOn(JSON, 'parse');
    const row = requestLogRow(principal, {
      requestId: 'req_parse_once',
      door: 'rest',
      method: 'POST',
      path: '/public/v1/creator-imports/previews',
      operation: 'creatorImportPreviews.create',
      status: 429,
      durationMs: 1,
      replayed: false,
      clientAddress: null,
      userAgent: null,
      responseBody: answer.body,
    });
    expect(row?.problemType).toBe('rate-limited');
    expect(JSON.parse(row!.responseBody!)).toMatchObject({ status: 429, request_id: 'req_parse_once' });
    // The answer's parse, then this test's own just above.
    expect(parse).toHaveBeenCalledTimes(2);
  });
});
