import type { Db } from '../db/database';
import { readStoredJson, storedJson } from '../db/json';
import type { JobRunner } from '../domain/jobs';
import { CREATOR_IMPORT_EVENT } from './creator-imports';
import { insertRows } from '../db/bulk-insert';
import { ApiError, notFound } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, parseRosterCsv, validateImportRow, type CreatorBodyRow, type CsvRow } from './csv-roster';
import type { CreatorImport, CreatorImportPreview } from '../../generated/prisma/client';
import { conflictMessage, matchOnRoster, rosterSocialsFor, uniqueSocials } from './roster-match';

/**
 * Two-phase roster imports: validate first, commit later.
 *
 * A preview checks up to 500 rows (CSV text, or JSON creator inputs shaped like POST /creators) the
 * way the import will, classifies each valid row against the roster as it stands (`new` creator,
 * or `existing` — matched by a social identity), and reports the roster impact. Nothing is written
 * to the roster. It is kept 30 minutes; committing it turns its rows into an ordinary creator import
 * (the same steps, exactly-once and resumable as an upload), so the preview is a promise about what
 * the rows contain, not a lock on the roster: a creator added meanwhile is matched at commit time.
 *
 * A commit is idempotent on the preview id: one conditional UPDATE claims the preview, so a retried or
 * concurrent commit finds the import the first one started and returns it.
 */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;
/**
 * Previews (committed ones too) are deleted a day after they expire: a late retried commit still finds
 * its import (or its 410). Their rows go at expiry (`sweepImportPreviews`): nothing can commit them.
 */
export const PREVIEW_RETENTION_MS = 24 * 60 * 60 * 1000;

export const PREVIEW_STATUSES = ['ready', 'committed', 'expired'] as const;
export const PREVIEW_ROW_STATUSES = ['new', 'existing', 'invalid'] as const;
export type PreviewRowStatus = (typeof PREVIEW_ROW_STATUSES)[number];

export interface PreviewRow {
  row_number: number;
  status: PreviewRowStatus;
  display_name: string | null;
  /** The roster creator an `existing` row matches; null when it matches an earlier row of this preview. */
  creator_id: string | null;
  /** For a row matching an earlier `new` row of the same preview: that row's number. */
  same_as_row: number | null;
  errors: string[];
}

interface StoredRow extends PreviewRow {
  input: CsvRow | CreatorBodyRow;
}

export interface PreviewSummary {
  total: number;
  valid: number;
  invalid: number;
  new_creators: number;
  existing_creators: number;
  roster_size_before: number;
  roster_size_after: number;
}

export type PreviewSource = { csv: string; filename?: string } | { rows: Record<string, unknown>[] };

async function sourceRows(source: PreviewSource): Promise<{ kind: 'csv' | 'rows'; rows: (CsvRow | CreatorBodyRow)[]; filename: string | null }> {
  if ('csv' in source) {
    const bytes = Buffer.byteLength(source.csv, 'utf8');
    if (bytes > MAX_IMPORT_BYTES) {
      throw new ApiError('payload-too-large', `The CSV is ${bytes} bytes; an import takes at most ${MAX_IMPORT_BYTES} bytes (2 MiB).`);
    }
    try {
      return { kind: 'csv', rows: (await parseRosterCsv(source.csv)).rows, filename: source.filename ?? null };
    } catch (error) {
      // The parser names the upload's `file` part; here the text is the `csv` field.
      if (error instanceof ApiError) {
        throw new ApiError(error.slug, error.detail, {
          ...error.options,
          errors: error.options.errors?.map((e) => ({ ...e, path: e.path.replace(/^body\.file\b/, 'body.csv') })),
        });
      }
      throw error;
    }
  }
  if (source.rows.length > MAX_IMPORT_ROWS) {
    throw new ApiError('payload-too-large', `${source.rows.length} rows were sent; an import takes at most ${MAX_IMPORT_ROWS}. Split them into several previews.`);
  }
  return { kind: 'rows', rows: source.rows.map((creator) => ({ creator })), filename: null };
}

/** Validates every row as the import will and classifies the valid ones against the roster. */
async function classify(db: Db, agencyId: string, inputs: (CsvRow | CreatorBodyRow)[]): Promise<{ rows: StoredRow[]; summary: PreviewSummary }> {
  const prepared = inputs.map((input, index) => {
    const { body, input: valid, errors } = validateImportRow(input);
    const displayName = typeof body.display_name === 'string' && body.display_name.trim() ? body.display_name.trim() : null;
    return { input, rowNumber: index + 1, valid, errors, displayName };
  });

  const [rosterSocials, rosterSize] = await Promise.all([
    rosterSocialsFor(db, agencyId, prepared.flatMap((p) => (p.valid?.socials ?? []).map((s) => s.identity))),
    db.rosterMembership.count({ where: { agencyId } }),
  ]);
  // identity → a roster creator id, or `row:N` for an identity an earlier new row of this preview brings.
  const ownerOf = new Map<string, string>(rosterSocials.map((s) => [s.identity, s.creatorId]));

  const rows: StoredRow[] = prepared.map((p) => {
    const base = { row_number: p.rowNumber, display_name: p.displayName, input: p.input, creator_id: null, same_as_row: null };
    if (!p.valid) return { ...base, status: 'invalid', errors: p.errors };
    const socials = uniqueSocials(p.valid.socials);
    const match = matchOnRoster(socials, ownerOf);
    if (match.kind === 'conflict') {
      return { ...base, status: 'invalid', errors: [conflictMessage(match.owners.map((o) => (o.startsWith('row:') ? `row ${o.slice(4)}` : o)))] };
    }
    const owner = match.kind === 'existing' ? match.owner : `row:${p.rowNumber}`;
    for (const social of socials) if (!ownerOf.has(social.identity)) ownerOf.set(social.identity, owner);
    if (match.kind === 'new') return { ...base, status: 'new', errors: [] };
    return owner.startsWith('row:')
      ? { ...base, status: 'existing', same_as_row: Number(owner.slice(4)), errors: [] }
      : { ...base, status: 'existing', creator_id: owner, errors: [] };
  });

  const count = (status: PreviewRowStatus) => rows.filter((r) => r.status === status).length;
  const summary: PreviewSummary = {
    total: rows.length,
    valid: rows.length - count('invalid'),
    invalid: count('invalid'),
    new_creators: count('new'),
    existing_creators: count('existing'),
    roster_size_before: rosterSize,
    roster_size_after: rosterSize + count('new'),
  };
  return { rows, summary };
}

function mib(bytes: number): string {
  return `${Number((bytes / 1_048_576).toFixed(1))} MiB`;
}

/**
 * Stores a preview, unless the agency's unexpired previews would then hold more than `storageBytes` of
 * rows: 429 `preview-storage-full` naming the cap, with Retry-After for when enough of them expire.
 * The agency row is locked while its previews are summed, so concurrent previews cannot both squeeze in.
 */
export async function createCreatorImportPreview(db: Db, agencyId: string, source: PreviewSource, storageBytes: number): Promise<CreatorImportPreview> {
  const { kind, rows: inputs, filename } = await sourceRows(source);
  const { rows, summary } = await classify(db, agencyId, inputs);
  const rowsJson = storedJson(rows);
  const rowsBytes = Buffer.byteLength(JSON.stringify(rows), 'utf8');
  return db.$transaction(async (tx) => {
    const now = new Date();
    await tx.$executeRaw`SELECT 1 FROM agencies WHERE id = ${agencyId} FOR UPDATE`;
    const held = await tx.creatorImportPreview.findMany({
      where: { agencyId, expiresAt: { gt: now }, rowsBytes: { gt: 0 } },
      select: { rowsBytes: true, expiresAt: true },
      orderBy: { expiresAt: 'asc' },
    });
    const used = held.reduce((sum, p) => sum + p.rowsBytes, 0);
    if (used + rowsBytes > storageBytes) throw storageFull(held, used, rowsBytes, storageBytes, now);
    return tx.creatorImportPreview.create({
      data: {
        id: newObjectId(),
        agencyId,
        source: kind,
        sourceFilename: filename,
        total: rows.length,
        rows: rowsJson,
        rowsBytes,
        summary: storedJson(summary),
        expiresAt: new Date(now.getTime() + PREVIEW_TTL_MS),
      },
    });
  });
}

function storageFull(held: { rowsBytes: number; expiresAt: Date }[], used: number, wanted: number, cap: number, now: Date): ApiError {
  const capText = `${mib(cap)} (${cap} bytes)`;
  if (wanted > cap) {
    return new ApiError('preview-storage-full', `This preview's rows take ${wanted} bytes, more than an agency's previews may hold in all: ${capText}. Split the rows into smaller previews.`);
  }
  // The first expiry after which the rest plus this preview fit.
  let freed = 0;
  let at = held[held.length - 1]!.expiresAt;
  for (const preview of held) {
    freed += preview.rowsBytes;
    if (used - freed + wanted <= cap) {
      at = preview.expiresAt;
      break;
    }
  }
  const seconds = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
  return new ApiError(
    'preview-storage-full',
    `This agency's unexpired import previews hold ${used} bytes of rows; this one (${wanted} bytes) would pass the cap of ${capText}. Commit the previews you need, or preview again after ${at.toISOString()}, when enough of them expire.`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}

/**
 * Housekeeping, on a schedule (jobs/housekeeping.ts): an expired preview's rows are dropped at once
 * (nothing can commit it any more; a committed one's rows live on in its import), and the preview
 * itself goes a day later. At most `limit` previews each way per call; returns how many.
 */
export async function sweepImportPreviews(db: Db, options: { limit: number; now?: Date }): Promise<{ emptied: number; deleted: number }> {
  const now = options.now ?? new Date();
  const { count: emptied } = await db.creatorImportPreview.updateMany({
    where: { expiresAt: { lte: now }, rowsBytes: { gt: 0 } },
    data: { rows: storedJson([]), rowsBytes: 0 },
    limit: options.limit,
  });
  const { count: deleted } = await db.creatorImportPreview.deleteMany({
    where: { expiresAt: { lt: new Date(now.getTime() - PREVIEW_RETENTION_MS) } },
    limit: options.limit,
  });
  return { emptied, deleted };
}

export async function getCreatorImportPreview(db: Db, agencyId: string, previewId: string): Promise<CreatorImportPreview> {
  const preview = await db.creatorImportPreview.findFirst({ where: { id: previewId, agencyId } });
  if (!preview) throw notFound('import preview', previewId);
  return preview;
}

export interface CommitResult {
  /** false when the preview had been committed already: the import that commit started. */
  created: boolean;
  creatorImport: CreatorImport;
}

/**
 * Turns the preview's rows (all of them, so row numbers match; invalid rows fail again with the same
 * errors) into a queued creator import. Whoever claims the preview first creates the import, in the
 * same transaction; everyone else gets that import back.
 */
/**
 * Commits a preview as a creator import. The import's job row is written in the same transaction
 * (src/server/jobs), so a committed preview can never be left without the job that processes it.
 */
export async function commitCreatorImportPreview(
  app: { db: Db; jobs: Pick<JobRunner, 'enqueue'> },
  agencyId: string,
  previewId: string,
): Promise<CommitResult> {
  const { db } = app;
  const importId = newObjectId();
  const created = await db.$transaction(async (tx) => {
    const claimed = await tx.creatorImportPreview.updateMany({
      where: { id: previewId, agencyId, importId: null, expiresAt: { gt: new Date() } },
      data: { importId, committedAt: new Date() },
    });
    if (claimed.count === 0) return null;
    const preview = await tx.creatorImportPreview.findUniqueOrThrow({ where: { id: previewId } });
    const rows = readStoredJson<StoredRow[]>(preview.rows);
    if (rows.every((r) => r.status === 'invalid')) {
      throw new ApiError('conflict', `Every row of preview ${previewId} is invalid, so committing it would import nothing. Fix the rows and preview them again.`);
    }
    const creatorImport = await tx.creatorImport.create({
      data: {
        id: importId,
        agencyId,
        sourceFilename: preview.sourceFilename ?? `preview-${previewId}.${preview.source === 'csv' ? 'csv' : 'json'}`,
        contentHash: `preview:${previewId}`,
        // The preview's unique import_id already rules out a second run of these rows.
        activeKey: null,
        total: rows.length,
      },
    });
    await insertRows(
      tx,
      'creator_import_rows',
      rows.map((row) => ({ id: newObjectId(), importId, rowNumber: row.row_number, input: row.input })),
    );
    await app.jobs.enqueue(tx, { kind: CREATOR_IMPORT_EVENT, account: { type: 'agency', id: agencyId }, payload: { importId } });
    return creatorImport;
  });
  if (created) return { created: true, creatorImport: created };

  const preview = await getCreatorImportPreview(db, agencyId, previewId);
  if (preview.importId) {
    const existing = await db.creatorImport.findUniqueOrThrow({ where: { id: preview.importId } });
    return { created: false, creatorImport: existing };
  }
  throw new ApiError('preview-expired', `Preview ${previewId} expired at ${preview.expiresAt.toISOString()} without being committed. Preview the rows again.`);
}

export function previewStatus(preview: Pick<CreatorImportPreview, 'importId' | 'expiresAt'>, now = Date.now()): (typeof PREVIEW_STATUSES)[number] {
  if (preview.importId) return 'committed';
  return preview.expiresAt.getTime() <= now ? 'expired' : 'ready';
}

export function creatorImportPreviewView(preview: CreatorImportPreview) {
  const rows = readStoredJson<StoredRow[]>(preview.rows);
  return {
    id: preview.id,
    status: previewStatus(preview),
    source: preview.source as 'csv' | 'rows',
    source_filename: preview.sourceFilename,
    summary: readStoredJson<PreviewSummary>(preview.summary),
    rows: rows.map(({ row_number, status, display_name, creator_id, same_as_row, errors }) => ({
      row_number,
      status,
      display_name,
      creator_id,
      same_as_row,
      errors,
    })),
    import_id: preview.importId,
    expires_at: preview.expiresAt.toISOString(),
    committed_at: preview.committedAt?.toISOString() ?? null,
    created_at: preview.createdAt.toISOString(),
  };
}
