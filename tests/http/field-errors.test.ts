import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ERROR_CODES } from '../../src/server/domain/errors';
import { readProblem, startTestApp, type TestApp } from '../support/app';

/** `errors[].code` comes from the documented closed list, and `message` states the rule. */
describe('field errors: closed codes, messages that state the rule', () => {
  let t: TestApp;
  let agencyKey: string;
  let creatorKey: string;
  const seenCodes = new Set<string>();

  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    const problem = await readProblem(response);
    for (const error of problem.errors ?? []) seenCodes.add(error.code);
    return problem.errors ?? [];
  };

  beforeAll(async () => {
    t = await startTestApp();
    const agencyId = (await t.agency({ plan: 'scale' })).id;
    agencyKey = await t.key({ type: 'agency', id: agencyId });
    creatorKey = await t.key({ type: 'creator', id: (await t.creatorAccount()).id });
  });
  afterAll(() => {
    // Whatever the requests above produced, nothing outside the list (zod's `custom` in particular).
    for (const code of seenCodes) expect(Object.keys(FIELD_ERROR_CODES)).toContain(code);
    return t.close();
  });

  it('says "must be https" for an http picture URL', async () => {
    const errors = await errorsOf(await t.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: 'x', picture_url: 'http://cdn.example.com/a.jpg' } }));
    expect(errors).toEqual([{ path: 'body.picture_url', message: 'must be https', code: 'invalid_format' }]);
  });

  it('says "must be an integer" for limit=abc and gives the bound for limit=500', async () => {
    expect(await errorsOf(await t.request('/public/v1/creators?limit=abc', { key: agencyKey }))).toEqual([
      { path: 'query.limit', message: 'must be an integer', code: 'invalid_type' },
    ]);
    expect(await errorsOf(await t.request('/public/v1/creators?limit=2.5', { key: agencyKey }))).toEqual([
      { path: 'query.limit', message: 'must be an integer', code: 'invalid_type' },
    ]);
    expect(await errorsOf(await t.request('/public/v1/creators?limit=500', { key: agencyKey }))).toEqual([
      { path: 'query.limit', message: 'must be ≤ 100', code: 'too_big' },
    ]);
  });

  it('states lengths, allowed values, types and formats', async () => {
    const errors = await errorsOf(
      await t.request('/public/v1/decks', {
        method: 'POST',
        key: agencyKey,
        json: { title: 'x'.repeat(121), theme: 'neon', tags: 'travel', contact_email: 'not-an-email' },
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'body.title', message: 'must be at most 120 characters', code: 'too_big' },
        { path: 'body.theme', message: 'must be one of "light", "dark"', code: 'invalid_value' },
        { path: 'body.tags', message: 'must be an array', code: 'invalid_type' },
        { path: 'body.contact_email', message: 'must be an email address such as name@example.com', code: 'invalid_format' },
      ]),
    );
  });

  it('gives refinements their own documented code instead of zod’s custom', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const duplicate = await errorsOf(await t.request('/public/v1/decks', { method: 'POST', key: agencyKey, json: { title: 'x', creator_ids: [id, id] } }));
    expect(duplicate).toEqual([{ path: 'body.creator_ids[1]', message: `Duplicate creator id ${id}: list each creator once.`, code: 'duplicate' }]);

    const social = await errorsOf(
      await t.request('/public/v1/creators', { method: 'POST', key: agencyKey, json: { display_name: 'x', socials: [{ platform: 'instagram', handle_or_url: 'https://example.com/nobody' }] } }),
    );
    expect(social).toHaveLength(1);
    expect(social[0]).toMatchObject({ path: 'body.socials[0].handle_or_url', code: 'invalid' });

    const block = await errorsOf(await t.request('/public/v1/link-in-bio/blocks', { method: 'POST', key: creatorKey, json: { client_id: 'c1', type: 'link' } }));
    expect(block.map((e) => e.code)).not.toContain('custom');
  });
});
