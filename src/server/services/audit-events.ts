import type { Db } from '../db/database';
import { readStoredJson, storedJson } from '../db/json';
import type { Actor, ActorType } from '../domain/actor';
import type { Owner } from '../domain/owner';
import { keysetWindow } from '../domain/pagination';
import { newObjectId } from '../lib/object-id';
import type { AuditEvent, Prisma } from '../../generated/prisma/client';

/**
 * The audit log (issue 32): who changed what, when, from where. `recordAudit` is the one way a
 * change is recorded; services call it inside the transaction that makes the change, so a change
 * and its record commit or roll back together. Secrets never reach a row: the changed fields are
 * named by the caller, and any field named like a secret is dropped here as well.
 */
export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.renamed',
  'api_key.rolled',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated',
  'plan.changed',
  'entitlement.changed',
  'deck.visibility_changed',
  'deck.password_changed',
  'media_kit.visibility_changed',
  'campaign_report.published',
  'campaign_report.unpublished',
  'roster_page.published',
  'roster_page.unpublished',
  'member.invited',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'ownership.transferred',
  'connected_app.authorized',
  'connected_app.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'operator'] as const satisfies readonly ActorType[];

/** `{ field: [before, after] }`; null for "none" (before a create, after a delete). */
export type AuditChanges = Record<string, [unknown, unknown]>;

export interface AuditRecord {
  subject: Owner;
  action: AuditAction;
  target: { type: string; id: string };
  changes?: AuditChanges;
}

/**
 * Field names that never enter the log, whatever a caller passes (a second guard, not the first);
 * times (`…_at`, such as when a previous secret stops working) are not secrets.
 */
const SECRET_FIELD = /secret|hash|password|token|encrypted/i;
const isSecretField = (field: string) => SECRET_FIELD.test(field) && !field.endsWith('_at');

type Tx = Prisma.TransactionClient | Db;

/** An actor's label as it was when it acted: the person's email, or the key's name and prefix. */
async function labelOf(tx: Tx, actor: Actor): Promise<string> {
  if (actor.label) return actor.label;
  if (actor.type === 'user') {
    const user = await tx.user.findUnique({ where: { id: actor.id }, select: { email: true } });
    return user?.email ?? actor.id;
  }
  if (actor.type === 'api_key') {
    const key = await tx.apiKey.findUnique({ where: { id: actor.id }, select: { name: true, start: true } });
    return key ? `${key.name} (${key.start}…)` : actor.id;
  }
  return 'operator';
}

/** Writes one audit row with `tx` (the change's transaction). */
export async function recordAudit(tx: Tx, actor: Actor, record: AuditRecord): Promise<void> {
  const changes: AuditChanges = {};
  for (const [field, pair] of Object.entries(record.changes ?? {})) if (!isSecretField(field)) changes[field] = pair;
  await tx.auditEvent.create({
    data: {
      id: newObjectId(),
      subjectType: record.subject.type,
      subjectId: record.subject.id,
      actorType: actor.type,
      actorId: actor.id,
      actorLabel: (await labelOf(tx, actor)).slice(0, 300),
      action: record.action,
      targetType: record.target.type,
      targetId: record.target.id,
      changes: storedJson(changes),
      clientAddress: actor.client.address?.slice(0, 64) ?? null,
      userAgent: actor.client.userAgent?.slice(0, 512) ?? null,
      requestId: actor.requestId?.slice(0, 64) ?? null,
    },
  });
}

/** The fields among `fields` whose values differ between `before` and `after`, as audit changes. */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const was = normalize(before[field]);
    const now = normalize(after[field]);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = [was, now];
  }
  return changes;
}

/** `{ field: [null, value] }` for a created thing's fields (or `[value, null]` with `removed`). */
export function createdFields<T extends object>(values: T, fields: readonly (keyof T & string)[], removed = false): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const value = normalize(values[field]);
    changes[field] = removed ? [value, null] : [null, value];
  }
  return changes;
}

function normalize(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

export interface AuditEventView {
  id: string;
  action: string;
  actor: { type: ActorType; id: string; label: string };
  target: { type: string; id: string };
  changes: AuditChanges;
  client_address: string | null;
  user_agent: string | null;
  request_id: string | null;
  created_at: string;
}

export function auditEventView(row: AuditEvent): AuditEventView {
  return {
    id: row.id,
    action: row.action,
    actor: { type: row.actorType, id: row.actorId, label: row.actorLabel },
    target: { type: row.targetType, id: row.targetId },
    changes: readStoredJson<AuditChanges>(row.changes),
    client_address: row.clientAddress,
    user_agent: row.userAgent,
    request_id: row.requestId,
    created_at: row.createdAt.toISOString(),
  };
}

export interface AuditFilter {
  action?: string;
  actorType?: ActorType;
  actorId?: string;
  since?: Date;
  until?: Date;
}

/** The subject's own events, newest first (keyset by id), filtered. */
export async function listAuditEvents(db: Db, subject: Owner, filter: AuditFilter, afterId: string | undefined, take: number): Promise<AuditEvent[]> {
  const where = {
    subjectType: subject.type,
    subjectId: subject.id,
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.actorType ? { actorType: filter.actorType } : {}),
    ...(filter.actorId ? { actorId: filter.actorId } : {}),
    ...(filter.since || filter.until ? { createdAt: { ...(filter.since ? { gte: filter.since } : {}), ...(filter.until ? { lt: filter.until } : {}) } } : {}),
  };
  return db.auditEvent.findMany(keysetWindow(where, afterId, take));
}

/** Deletes events older than `retentionDays`, at most `limit` per call; returns how many. */
export async function sweepAuditEvents(db: Db, retentionDays: number, limit = 5_000, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const old = await db.auditEvent.findMany({ where: { createdAt: { lt: cutoff } }, select: { id: true }, orderBy: { createdAt: 'asc' }, take: limit });
  if (old.length === 0) return 0;
  return (await db.auditEvent.deleteMany({ where: { id: { in: old.map((row) => row.id) } } })).count;
}
