import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../src/server/lib/object-id';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { campaignState, type Owner } from './fixtures';

const PROBLEM = 'https://creator-api.dev/problems/';

describe('campaigns: each subject sees only its own; outsiders change nothing', () => {
  let t: TestApp;
  let creator: Owner;
  let otherCreator: Owner;
  let agency: Owner;
  let otherAgency: Owner;
  let everyone: Owner[];
  let creatorCampaign: string;
  let agencyCampaign: string;
  let keys: Record<'creator' | 'otherCreator' | 'agency' | 'otherAgency' | 'readOnly' | 'writeOnly' | 'decksOnly', string>;

  beforeAll(async () => {
    t = await startTestApp();
    creator = { type: 'creator', id: (await t.creatorAccount()).id };
    otherCreator = { type: 'creator', id: (await t.creatorAccount()).id };
    agency = { type: 'agency', id: (await t.agency()).id };
    otherAgency = { type: 'agency', id: (await t.agency()).id };
    everyone = [creator, otherCreator, agency, otherAgency];
    const rw = ['campaigns:read', 'campaigns:write'] as const;
    keys = {
      creator: await t.key(creator, [...rw]),
      otherCreator: await t.key(otherCreator, ['all']),
      agency: await t.key(agency, [...rw]),
      otherAgency: await t.key(otherAgency, ['all']),
      readOnly: await t.key(creator, ['campaigns:read']),
      writeOnly: await t.key(creator, ['campaigns:write']),
      decksOnly: await t.key(agency, ['decks:read', 'decks:write', 'analytics:read']),
    };
    const make = async (key: string) =>
      (await (await t.request('/public/v1/campaigns', { method: 'POST', key, json: { name: 'Mine' } })).json()).data.id as string;
    creatorCampaign = await make(keys.creator);
    agencyCampaign = await make(keys.agency);
    // The agency's roster includes the creator: that still gives neither access to the other's campaigns.
    await t.db.rosterMembership.create({ data: { id: newObjectId(), agencyId: agency.id, creatorId: creator.id, source: 'api' } });
  });
  afterAll(() => t.close());

  const get = (id: string, key?: string) => t.request(`/public/v1/campaigns/${id}`, { key });
  const patch = (id: string, key?: string) =>
    t.request(`/public/v1/campaigns/${id}`, { method: 'PATCH', key, json: { name: 'Hijacked', cpm: { instagram: 99 }, emv_override: 1 } });

  async function expectProblem(response: Response, status: number, slug: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect((await readProblem(response)).type).toBe(`${PROBLEM}${slug}`);
  }

  it('404 (indistinguishable from a missing id) for another creator’s, another agency’s or the other subject type’s campaign', async () => {
    const before = await campaignState(t, everyone);
    const cases: [string, string][] = [
      [keys.otherCreator, creatorCampaign],
      [keys.otherAgency, agencyCampaign],
      [keys.agency, creatorCampaign],
      [keys.creator, agencyCampaign],
      [keys.otherAgency, creatorCampaign],
      [keys.otherCreator, agencyCampaign],
    ];
    for (const [key, id] of cases) {
      const readResponse = await get(id, key);
      const missing = await get('0123456789abcdef01234567', key);
      expect(readResponse.status).toBe(404);
      const [theirs, absent] = [await readProblem(readResponse), await readProblem(missing)];
      expect(theirs.type).toBe(`${PROBLEM}not-found`);
      expect(theirs.detail.replace(id, 'ID')).toBe(absent.detail.replace('0123456789abcdef01234567', 'ID'));
      await expectProblem(await patch(id, key), 404, 'not-found');
    }
    expect(await campaignState(t, everyone)).toEqual(before);
  });

  it('lists only the key’s own campaigns', async () => {
    const list = async (key: string) =>
      ((await (await t.request('/public/v1/campaigns', { key })).json()).data as { id: string }[]).map((c) => c.id);
    expect(await list(keys.creator)).toEqual([creatorCampaign]);
    expect(await list(keys.agency)).toEqual([agencyCampaign]);
    expect(await list(keys.otherCreator)).toEqual([]);
    expect(await list(keys.otherAgency)).toEqual([]);
  });

  it('401 without a key; 403 insufficient-scope without campaigns scopes; read and write scopes are separate', async () => {
    const before = await campaignState(t, everyone);
    const create = (key?: string, json: unknown = { name: 'Intruder' }) => t.request('/public/v1/campaigns', { method: 'POST', key, json });
    await expectProblem(await t.request('/public/v1/campaigns'), 401, 'authentication-required');
    await expectProblem(await create(), 401, 'authentication-required');
    await expectProblem(await get(creatorCampaign), 401, 'authentication-required');
    await expectProblem(await patch(creatorCampaign), 401, 'authentication-required');

    await expectProblem(await t.request('/public/v1/campaigns', { key: keys.decksOnly }), 403, 'insufficient-scope');
    await expectProblem(await create(keys.decksOnly), 403, 'insufficient-scope');
    await expectProblem(await get(agencyCampaign, keys.decksOnly), 403, 'insufficient-scope');
    await expectProblem(await patch(agencyCampaign, keys.decksOnly), 403, 'insufficient-scope');

    expect((await get(creatorCampaign, keys.readOnly)).status).toBe(200);
    await expectProblem(await create(keys.readOnly), 403, 'insufficient-scope');
    await expectProblem(await patch(creatorCampaign, keys.readOnly), 403, 'insufficient-scope');
    await expectProblem(await get(creatorCampaign, keys.writeOnly), 403, 'insufficient-scope');
    await expectProblem(await t.request('/public/v1/campaigns', { key: keys.writeOnly }), 403, 'insufficient-scope');
    // Past authorization with write, an invalid body is what stops it (400): nothing is written.
    expect((await create(keys.writeOnly, { name: '' })).status).toBe(400);
    expect(await campaignState(t, everyone)).toEqual(before);
  });

  it('names the scope in the 403 detail', async () => {
    const problem = await readProblem(await t.request('/public/v1/campaigns', { method: 'POST', key: keys.readOnly, json: { name: 'x' } }));
    expect(problem.detail).toContain('campaigns:write');
  });
});
