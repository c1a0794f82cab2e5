import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionPrincipal } from '../../src/server/domain/principal';
import { sessionPrincipal } from '../../src/server/services/accounts';
import { readProblem, startTestApp, type TestApp } from '../support/app';
import { connectMcp, dataOf } from '../mcp/support';

/**
 * The audit log (issue 32): key changes made through the settings UI's door and webhook endpoint
 * changes made over REST each leave one row with actor, target, client and before/after; no secret
 * appears; another account sees nothing of them; a change that fails leaves no row, and a row that
 * cannot be written undoes the change.
 */
describe('audit events', () => {
  let t: TestApp;
  let agency: { id: string; ownerUserId: string };
  let agencyKey: string;
  let owner: SessionPrincipal;
  /** Every secret the tests saw: none may appear in any audit row. */
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ config: { fetchAllowPrivateNetworks: true } });
    agency = await t.agency();
    agencyKey = await t.key({ type: 'agency', id: agency.id });
    secrets.push(agencyKey);
    owner = (await sessionPrincipal(t.db, { userId: agency.ownerUserId, sessionId: 'session-audit-test' }))!;
  });
  afterAll(() => t?.close());

  /** An operation through the settings UI's door, as the agency's signed-in owner. */
  async function ui<T>(operation: string, input: unknown): Promise<T> {
    const result = await t.app.gateway.call(operation, input, owner, {
      door: 'ui',
      requestId: `req_ui_${operation}`,
      client: { address: '198.51.100.20', userAgent: 'Mozilla/5.0 (audit test)' },
    });
    if (!result.ok) throw new Error(`${operation}: ${result.problem.detail}`);
    return (result.body as { data: T }).data;
  }

  async function events(key: string, query = '') {
    const response = await t.request(`/public/v1/audit-events${query}`, { key });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: AuditEventBody[]; meta: { next_cursor: string | null } };
  }

  interface AuditEventBody {
    id: string;
    action: string;
    actor: { type: string; id: string; label: string };
    target: { type: string; id: string };
    changes: Record<string, [unknown, unknown]>;
    client_address: string | null;
    user_agent: string | null;
    request_id: string | null;
  }

  it('records creating, renaming, rolling and revoking a key in settings, with the person, the client and before/after', async () => {
    const created = await ui<{ key: { id: string; start: string }; secret: string }>('apiKeys.create', { name: 'Zapier', scopes: ['webhooks:read'], expires_in_days: null });
    secrets.push(created.secret);
    await ui('apiKeys.rename', { key_id: created.key.id, name: 'Zapier prod' });
    const rolled = await ui<{ key: { id: string }; secret: string }>('apiKeys.roll', { key_id: created.key.id, grace: '1h' });
    secrets.push(rolled.secret);
    await ui('apiKeys.revoke', { key_id: rolled.key.id });

    const { data } = await events(agencyKey, '?actor_type=user');
    const byAction = new Map(data.map((event) => [`${event.action} ${event.target.id}`, event]));
    const ownerEmail = (await t.db.user.findUniqueOrThrow({ where: { id: agency.ownerUserId } })).email;
    const common = {
      actor: { type: 'user', id: agency.ownerUserId, label: ownerEmail },
      client_address: '198.51.100.20',
      user_agent: 'Mozilla/5.0 (audit test)',
    };
    expect(byAction.get(`api_key.created ${created.key.id}`)).toMatchObject({
      ...common,
      target: { type: 'api_key', id: created.key.id },
      changes: { name: [null, 'Zapier'], scopes: [null, ['webhooks:read']], start: [null, created.key.start] },
      request_id: 'req_ui_apiKeys.create',
    });
    expect(byAction.get(`api_key.renamed ${created.key.id}`)).toMatchObject({ ...common, changes: { name: ['Zapier', 'Zapier prod'] } });
    const roll = byAction.get(`api_key.rolled ${created.key.id}`);
    expect(roll).toMatchObject({ ...common, changes: { replaced_by_id: [null, rolled.key.id], grace: [null, '1h'] } });
    expect(roll!.changes.expires_at![0]).toBeNull();
    expect(byAction.get(`api_key.revoked ${rolled.key.id}`)).toMatchObject({ ...common, changes: { revoked_at: [null, expect.any(String)] } });
    // Newest first.
    expect(data.map((event) => event.action).slice(0, 4)).toEqual(['api_key.revoked', 'api_key.rolled', 'api_key.renamed', 'api_key.created']);
  });

  it('records creating, updating, rotating and deleting a webhook endpoint over REST, with the key as actor', async () => {
    const url = 'http://127.0.0.1:9/hooks/tok_d41d8cd98f00b204e9800998ecf8427e';
    const createdResponse = await t.request('/public/v1/webhook-endpoints', {
      method: 'POST',
      key: agencyKey,
      // The address header the node layer writes cannot be sent by a client: it is overwritten.
      headers: { 'user-agent': 'audit-suite/1.0', 'x-creator-api-client-address': '203.0.113.99' },
      json: { url, events: ['creator.created'], description: 'CRM' },
    });
    expect(createdResponse.status).toBe(201);
    const created = (await createdResponse.json()).data as { id: string; secret: string };
    secrets.push(created.secret, 'tok_d41d8cd98f00b204e9800998ecf8427e');
    const patched = await t.request(`/public/v1/webhook-endpoints/${created.id}`, { method: 'PATCH', key: agencyKey, json: { status: 'disabled', description: null } });
    expect(patched.status).toBe(200);
    const rotated = await t.request(`/public/v1/webhook-endpoints/${created.id}/rotate-secret`, { method: 'POST', key: agencyKey });
    expect(rotated.status).toBe(200);
    secrets.push(((await rotated.json()).data as { secret: string }).secret);
    expect((await t.request(`/public/v1/webhook-endpoints/${created.id}`, { method: 'DELETE', key: agencyKey })).status).toBe(204);

    const keyRow = await t.db.apiKey.findFirstOrThrow({ where: { subjectId: agency.id, name: 'test key' } });
    const { data } = await events(agencyKey, `?actor_id=${keyRow.id}`);
    const mine = data.filter((event) => event.target.id === created.id);
    expect(mine.map((event) => event.action)).toEqual(['webhook_endpoint.deleted', 'webhook_endpoint.secret_rotated', 'webhook_endpoint.updated', 'webhook_endpoint.created']);
    const [deleted, rotation, updated, creation] = mine;
    expect(creation).toMatchObject({
      actor: { type: 'api_key', id: keyRow.id, label: `test key (${keyRow.start}…)` },
      target: { type: 'webhook_endpoint', id: created.id },
      changes: { events: [null, ['creator.created']], description: [null, 'CRM'], status: [null, 'enabled'] },
      client_address: '127.0.0.1',
      user_agent: 'audit-suite/1.0',
    });
    expect(creation!.request_id).toBeTruthy();
    expect(creation!.changes.url![1]).toMatch(/^http:\/\/127\.0\.0\.1:9\/… #[0-9a-f]{6}$/);
    expect(updated!.changes).toEqual({ status: ['enabled', 'disabled'], description: ['CRM', null], disabled_reason: [null, 'manual'] });
    expect(Object.keys(rotation!.changes)).toEqual(['previous_secret_expires_at']);
    expect(deleted!.changes).toMatchObject({ status: ['disabled', null], events: [['creator.created'], null] });
  });

  it('records a change made through an MCP tool the same way, with the client address', async () => {
    const client = await connectMcp(t, agencyKey);
    try {
      const created = dataOf<{ id: string; secret: string }>(
        await client.callTool({ name: 'webhook_endpoints_create', arguments: { url: 'http://127.0.0.1:9/mcp-hook', events: ['deck.created'] } }),
      );
      secrets.push(created.data.secret);
      const { data } = await events(agencyKey, '?action=webhook_endpoint.created');
      expect(data.find((event) => event.target.id === created.data.id)).toMatchObject({
        actor: { type: 'api_key' },
        client_address: '127.0.0.1',
        request_id: created.request_id,
      });
    } finally {
      await client.close();
    }
  });

  it('keeps every secret out of the audit rows', async () => {
    const rows = await t.db.auditEvent.findMany({ where: { subjectId: agency.id } });
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const text = JSON.stringify(rows);
    for (const secret of secrets) expect(text).not.toContain(secret);
    const keys = await t.db.apiKey.findMany({ where: { subjectId: agency.id }, select: { hash: true } });
    for (const { hash } of keys) expect(text).not.toContain(hash);
    expect(text).not.toMatch(/whsec_|crk_agency_[A-Za-z0-9]{20}/);
  });

  it('shows an account only its own events, and needs audit:read', async () => {
    const other = await t.agency();
    const otherKey = await t.key({ type: 'agency', id: other.id });
    // It sees its own key's creation, and nothing of the first agency's.
    const theirs = (await events(otherKey)).data;
    expect(theirs.map((event) => event.action)).toEqual(['api_key.created']);
    const ours = new Set((await t.db.auditEvent.findMany({ where: { subjectId: agency.id }, select: { id: true } })).map((row) => row.id));
    expect(ours.size).toBeGreaterThan(0);
    expect(theirs.some((event) => ours.has(event.id))).toBe(false);
    const withoutScope = await t.key({ type: 'agency', id: agency.id }, ['webhooks:read']);
    const refused = await t.request('/public/v1/audit-events', { key: withoutScope });
    expect(refused.status).toBe(403);
    expect((await readProblem(refused)).detail).toContain('audit:read');
  });

  it('filters by action and time, and pages newest first by cursor', async () => {
    const revoked = await events(agencyKey, '?action=api_key.revoked');
    expect(revoked.data.length).toBeGreaterThan(0);
    expect(revoked.data.every((event) => event.action === 'api_key.revoked')).toBe(true);
    expect((await events(agencyKey, '?until=2000-01-01T00:00:00Z')).data).toEqual([]);
    expect((await events(agencyKey, `?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).data).toEqual([]);
    const first = await events(agencyKey, '?limit=2');
    expect(first.data).toHaveLength(2);
    const second = await events(agencyKey, `?limit=2&cursor=${encodeURIComponent(first.meta.next_cursor!)}`);
    expect(second.data[0]!.id < first.data[1]!.id).toBe(true);
    const bad = await t.request('/public/v1/audit-events?action=api_key.exploded', { key: agencyKey });
    expect(bad.status).toBe(400);
  });

  it('records nothing for a change that fails', async () => {
    const before = await t.db.auditEvent.count({ where: { subjectId: agency.id } });
    const refused = await t.request('/public/v1/webhook-endpoints', { method: 'POST', key: agencyKey, json: { url: 'ftp://example.com/x', events: ['creator.created'] } });
    expect(refused.status).toBe(400);
    const missing = await t.request('/public/v1/webhook-endpoints/6b0262a17c1e9a0d6a1f0e01', { method: 'PATCH', key: agencyKey, json: { status: 'disabled' } });
    expect(missing.status).toBe(404);
    const key = await ui<{ key: { id: string } }>('apiKeys.create', { name: 'Stale', scopes: ['webhooks:read'], expires_in_days: null });
    await ui('apiKeys.revoke', { key_id: key.key.id });
    const afterSetup = await t.db.auditEvent.count({ where: { subjectId: agency.id } });
    expect(afterSetup).toBe(before + 2);
    // Rolling a revoked key is refused (409): no new key and no row.
    const roll = await t.app.gateway.call('apiKeys.roll', { key_id: key.key.id, grace: '1h' }, owner, { door: 'ui', requestId: 'req_roll' });
    expect(roll.status).toBe(409);
    expect(await t.db.auditEvent.count({ where: { subjectId: agency.id } })).toBe(afterSetup);
  });

  it('undoes the change when its audit row cannot be written (one transaction)', async () => {
    const key = await ui<{ key: { id: string } }>('apiKeys.create', { name: 'Steady', scopes: ['webhooks:read'], expires_in_days: null });
    // The database refuses this one audit row, as a failing disk or constraint would.
    await t.db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION audit_test_refuse() RETURNS trigger AS $$
      BEGIN IF NEW.target_id = '${key.key.id}' AND NEW.action = 'api_key.renamed' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await t.db.$executeRawUnsafe('CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_test_refuse()');
    try {
      const renamed = await t.app.gateway.call('apiKeys.rename', { key_id: key.key.id, name: 'Renamed' }, owner, { door: 'ui', requestId: 'req_rename' });
      expect(renamed.status).toBe(500);
    } finally {
      await t.db.$executeRawUnsafe('DROP TRIGGER audit_test_refuse ON audit_events');
      await t.db.$executeRawUnsafe('DROP FUNCTION audit_test_refuse()');
    }
    expect((await t.db.apiKey.findUniqueOrThrow({ where: { id: key.key.id } })).name).toBe('Steady');
    expect(await t.db.auditEvent.count({ where: { targetId: key.key.id, action: 'api_key.renamed' } })).toBe(0);
  });
});
