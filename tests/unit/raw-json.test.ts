import { describe, expect, it } from 'vitest';
import { RawJsonArray, jsonText, withDataJson, withParsedJson } from '../../src/server/lib/raw-json';
import { etagOf } from '../../src/server/trpc/conditional';

describe('raw JSON text in an answer (the roster list)', () => {
  const items = [{ id: 'a', bio: 'x"\n😀', n: 0.30000000000000004 }, { id: 'b', socials: [] }];
  const raw = new RawJsonArray(items.map((item) => JSON.stringify(item)));

  it('writes the envelope exactly as JSON.stringify would, the items as they are', () => {
    const envelope = { data: raw, request_id: 'req_1', meta: { next_cursor: null, limit: 2 } };
    expect(jsonText(envelope)).toBe(JSON.stringify({ data: items, request_id: 'req_1', meta: { next_cursor: null, limit: 2 } }));
    expect(jsonText({ data: new RawJsonArray([]), request_id: 'r', skipped: undefined })).toBe('{"data":[],"request_id":"r"}');
    // Bodies without raw text are plain JSON.stringify.
    expect(jsonText({ data: { a: 1 }, request_id: 'r' })).toBe('{"data":{"a":1},"request_id":"r"}');
  });

  it('gives doors that keep the object plain values, and JSON.stringify parses the text anywhere', () => {
    const envelope = { data: raw, request_id: 'req_1' };
    expect(withParsedJson(envelope)).toEqual({ data: items, request_id: 'req_1' });
    expect(withParsedJson(envelope).data).toBeInstanceOf(Array);
    expect(JSON.parse(JSON.stringify(envelope))).toEqual({ data: items, request_id: 'req_1' });
    const plain = { data: [1] };
    expect(withParsedJson(plain)).toBe(plain);
  });

  it('writes a body whose data is known as text (the ETag’s input) with that text, the same bytes, and never a stale copy', () => {
    const resource = { id: 'cr_1', name: 'Ada "Lovelace"', at: new Date(0), tags: ['a'], gone: undefined };
    const envelope = withDataJson({ data: resource, request_id: 'req_2' }, JSON.stringify(resource));
    expect(jsonText(envelope)).toBe(JSON.stringify({ data: resource, request_id: 'req_2' }));
    // The text is what is written: not serialized again.
    expect(jsonText(withDataJson({ data: resource, request_id: 'r' }, '{"marker":1}'))).toBe('{"data":{"marker":1},"request_id":"r"}');
    // Invisible to JSON.stringify and not carried by a spread, so a copy with other data is never written with it.
    expect(JSON.stringify(envelope)).toBe(JSON.stringify({ data: resource, request_id: 'req_2' }));
    expect(jsonText({ ...withDataJson({ data: resource, request_id: 'r' }, '{"marker":1}'), data: { other: true } })).toBe('{"data":{"other":true},"request_id":"r"}');
  });

  it('keeps the last text’s ETag and gives another text another tag', () => {
    const resource = { id: 'cr_1', name: 'Ada' };
    const etag = etagOf(resource);
    expect(etagOf({ ...resource })).toBe(etag);
    expect(etagOf({ ...resource, name: 'Grace' })).not.toBe(etag);
    expect(etagOf(resource)).toBe(etag);
  });
});
