import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { startReceiver, type Receiver } from '../webhooks/receiver';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A replayable outcome can carry a secret shown once: the idempotency_keys row must not reveal it. */
describe('Idempotency-Key outcomes at rest', () => {
  let t: TestApp;
  let receiver: Receiver;
  let agencyId: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true } });
    receiver = await startReceiver();
    agencyId = (await t.agency()).id;
    key = await t.key({ type: 'agency', id: agencyId });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const storedRow = async (idempotencyKey: string) => {
    const rows = await t.db.idempotencyKey.findMany({ where: { subjectId: agencyId, key: idempotencyKey } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.responseStatus).not.toBeNull();
    return JSON.stringify(rows[0]);
  };

  it('stores a created endpoint’s response sealed (no whsec_ in the row) and replays the same secret', async () => {
    const idem = `create-${run}`;
    const send = () => t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url: receiver.url, events: ['*'] }, headers: { 'Idempotency-Key': idem } });
    const first = await send();
    expect(first.status).toBe(201);
    const { data } = await first.json();
    expect(data.secret).toMatch(/^whsec_/);

    const row = await storedRow(idem);
    expect(row).not.toContain('whsec_');
    expect(row).not.toContain(data.secret.slice('whsec_'.length));
    expect(row).not.toContain(data.id);

    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).data).toEqual(data);
  });

  it('does the same for a rotated secret', async () => {
    const created = await (await t.request('/public/v1/webhook-endpoints', { method: 'POST', key, json: { url: receiver.url, events: ['*'] } })).json();
    const idem = `rotate-${run}`;
    const send = () => t.request(`/public/v1/webhook-endpoints/${created.data.id}/rotate-secret`, { method: 'POST', key, headers: { 'Idempotency-Key': idem } });
    const first = await send();
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(data.secret).toMatch(/^whsec_/);
    expect(data.secret).not.toBe(created.data.secret);
    expect(await storedRow(idem)).not.toContain('whsec_');
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).data.secret).toBe(data.secret);
  });
});
