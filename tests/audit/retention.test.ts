import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { newObjectId } from '../../src/server/lib/object-id';
import { sweepAuditEvents } from '../../src/server/services/audit-events';
import { startTestApp, type TestApp } from '../support/app';

/** Audit events are kept AUDIT_RETENTION_DAYS (a year by default), then the sweep deletes them. */
describe('audit retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('keeps a year by default, configurable, and sweeps only what is older', async () => {
    expect(loadConfig({ NODE_ENV: 'test', PORT: '3000' }).auditRetentionDays).toBe(365);
    expect(loadConfig({ NODE_ENV: 'test', PORT: '3000', AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: '3000', AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);

    const agency = await t.agency();
    const row = (daysAgo: number) => ({
      id: newObjectId(),
      subjectType: 'agency' as const,
      subjectId: agency.id,
      actorType: 'operator' as const,
      actorId: 'cli',
      actorLabel: 'operator',
      action: 'plan.changed',
      targetType: 'agency',
      targetId: agency.id,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
    const old = row(400);
    const recent = row(300);
    await t.db.auditEvent.createMany({ data: [old, recent] });
    const now = new Date();
    expect(await sweepAuditEvents(t.db, 365, 5_000, now)).toBeGreaterThanOrEqual(1);
    const left = await t.db.auditEvent.findMany({ where: { id: { in: [old.id, recent.id] } }, select: { id: true } });
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    await sweepAuditEvents(t.db, 200, 5_000, now);
    expect(await t.db.auditEvent.count({ where: { id: recent.id } })).toBe(0);
  });
});
