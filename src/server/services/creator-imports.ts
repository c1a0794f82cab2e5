import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import { invalidateSharePages } from './share-page-invalidation';
import { ApiError, notFound } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import { addCreatorToRoster, type PlannedIds } from './creators';
import { isUniqueViolation } from '../db/unique-violation';
import { slugify } from '../lib/slug';
import { defaultKitData, mediaKitView } from './media-kits';
import { creatorView } from './creator-view';
import { emitEvents, type EventApp, EVENT_BASE_URL } from './webhook-events';
import { inlineStep, type JobRunner, type JobStep } from '../domain/jobs';
import { insertRows } from '../db/bulk-insert';
import { MAX_IMPORT_BYTES, parseRosterCsv, validateImportRow, type CsvRow } from './csv-roster';
import type { CreatorImport, CreatorImportRow, Prisma } from '../../generated/prisma/client';
import { caseInsensitiveUnique } from '../lib/unique-values';
import { conflictMessage, matchOnRoster, rosterSocialsFor, uniqueSocials } from './roster-match';

/**
 * CSV roster imports, as plain steps that both runners call: the embedded runner one after the
 * other under a job lease (recording each), Inngest as `step.run`s. Every step is idempotent, so a
 * job taken over from an instance that died mid-step can run that step again:
 * - a row's creator and socials get ids planned from (import, row), so re-running a row finds what
 *   it already made instead of making it again;
 * - a row is written once (only while `pending`), and the progress counters are recounted from the
 *   rows after every chunk, so they always add up.
 *
 * Import status: `queued` → `processing` → `completed` (or `failed` if processing gives up).
 * Row status: `pending` → `created` (a new roster creator) | `existing` (matched by a social identity
 * already on the roster; new socials attached) | `failed` (see `errors`).
 */
export const CREATOR_IMPORT_EVENT = 'creator-import/requested';
export const IMPORT_CHUNK_SIZE = 50;
export const IMPORT_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export const IMPORT_ROW_STATUSES = ['pending', 'created', 'existing', 'failed'] as const;

/** text/csv, application/csv, Excel's CSV type, or any generic type with a .csv filename (curl's default). */
export function isCsvUpload(file: { name: string; type: string }): boolean {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel'].includes(type)) return true;
  return ['', 'application/octet-stream', 'text/plain'].includes(type) && /\.csv$/i.test(file.name);
}

export interface UploadedFile {
  name: string;
  type: string;
  size: number;
  bytes: Uint8Array;
}

/**
 * Records the import, its rows and its job in one transaction: there is never an import without the
 * job that finishes it (nor a job without its import), whatever happens after the commit.
 */
export async function createCreatorImport(app: { db: Db; jobs: Pick<JobRunner, 'enqueue'> }, agencyId: string, file: UploadedFile): Promise<CreatorImport> {
  const { db } = app;
  if (!isCsvUpload(file)) {
    throw new ApiError(
      'unsupported-media-type',
      `The file part has type ${file.type || 'none'}${file.name ? ` (${file.name})` : ''}; send text/csv (or a .csv file as application/octet-stream).`,
    );
  }
  if (file.size > MAX_IMPORT_BYTES) {
    throw new ApiError('payload-too-large', `The file is ${file.size} bytes; an import takes at most ${MAX_IMPORT_BYTES} bytes (2 MiB).`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    throw new ApiError('validation-error', 'The file is not valid UTF-8 text. Export the CSV as UTF-8.', {
      errors: [{ path: 'body.file', message: 'Not UTF-8.', code: 'invalid_encoding' }],
    });
  }
  const { rows } = await parseRosterCsv(text);
  const contentHash = createHash('sha256').update(file.bytes).digest('hex');
  const id = newObjectId();
  try {
    return await db.$transaction(async (tx) => {
      const created = await tx.creatorImport.create({
        data: {
          id,
          agencyId,
          sourceFilename: file.name || 'upload.csv',
          contentHash,
          activeKey: `${agencyId}:${contentHash}`,
          total: rows.length,
        },
      });
      await insertRows(tx, 'creator_import_rows', rows.map((row, index) => ({ id: newObjectId(), importId: id, rowNumber: index + 1, input: row })));
      await app.jobs.enqueue(tx, { kind: CREATOR_IMPORT_EVENT, account: { type: 'agency', id: agencyId }, payload: { importId: id } });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'active_key')) {
      const running = await db.creatorImport.findUnique({ where: { activeKey: `${agencyId}:${contentHash}` }, select: { id: true, status: true } });
      throw new ApiError('conflict', `This file is already being imported (import ${running?.id ?? 'in progress'}, ${running?.status ?? 'queued'}). Poll it instead of uploading again.`);
    }
    throw error;
  }
}

/** Ids for a row's creator and socials, fixed by (import, row): same inputs, same ids. */
export function plannedIdsFor(importRow: Pick<CreatorImportRow, 'importId' | 'rowNumber'>): PlannedIds {
  // Keep the import's timestamp prefix so imported creators still sort by when they were added.
  const prefix = importRow.importId.slice(0, 8);
  const derive = (purpose: string) =>
    `${prefix}${createHash('sha256').update(`${importRow.importId}:${importRow.rowNumber}:${purpose}`).digest('hex').slice(0, 16)}`;
  return { creatorId: derive('creator'), socialId: (identity) => derive(`social:${identity}`) };
}

/** Step 1: mark the import processing; returns how many chunk steps follow. */
export async function startCreatorImport(db: Db, importId: string): Promise<{ chunks: number }> {
  await db.creatorImport.updateMany({
    where: { id: importId, status: 'queued' },
    data: { status: 'processing', startedAt: new Date() },
  });
  const current = await db.creatorImport.findUnique({ where: { id: importId }, select: { total: true } });
  if (!current) throw new Error(`creator import ${importId} does not exist`);
  return { chunks: Math.ceil(current.total / IMPORT_CHUNK_SIZE) };
}

async function processRow(app: EventApp, agencyId: string, row: CreatorImportRow): Promise<void> {
  const { db } = app;
  const { input, errors } = validateImportRow(row.input as CsvRow);
  if (!input) {
    await db.creatorImportRow.updateMany({ where: { id: row.id, status: 'pending' }, data: { status: 'failed', errors } });
    return;
  }
  const planned = plannedIdsFor(row);
  try {
    const result = await addCreatorToRoster(app, { agencyId, input, source: 'import', planned });
    const createdByRow = result.creator.id === planned.creatorId;
    const socialIds = result.creator.socials.filter((s) => s.id === planned.socialId(s.identity)).map((s) => s.id);
    await db.creatorImportRow.updateMany({
      where: { id: row.id, status: 'pending' },
      data: {
        status: createdByRow ? 'created' : 'existing',
        creatorId: result.creator.id,
        mediaKitId: result.mediaKit.id,
        socialIds,
        errors: [],
      },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A row-level refusal (e.g. socials of two roster creators) fails the row, not the import.
    await db.creatorImportRow.updateMany({ where: { id: row.id, status: 'pending' }, data: { status: 'failed', errors: [error.detail] } });
  }
}

/** Recounts progress from the rows: idempotent, and the counters always add up. */
async function recountProgress(db: Db, importId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE creator_imports i
       SET processed = s.processed, created = s.created, failed = s.failed, socials_attached = s.socials
      FROM (SELECT count(*) FILTER (WHERE status <> 'pending')::int AS processed,
                   count(*) FILTER (WHERE status = 'created')::int AS created,
                   count(*) FILTER (WHERE status = 'failed')::int AS failed,
                   COALESCE(sum(cardinality(social_ids)), 0)::int AS socials
              FROM creator_import_rows WHERE import_id = ${importId}) s
     WHERE i.id = ${importId}`;
}

interface RowOutcome {
  id: string;
  status: 'created' | 'existing' | 'failed';
  creator_id: string | null;
  media_kit_id: string | null;
  social_ids: string[];
  errors: string[];
}

/**
 * A whole chunk in a few statements: one lookup of the identities already on the roster, one of
 * the creators this chunk already made (a resumed run), then every new creator, membership, social
 * account, default media kit and row result written in one transaction. Rows are classified in
 * order, so a later row of the chunk matches an earlier one's identities exactly as row-by-row would.
 */
async function processChunkInBatch(app: EventApp, importId: string, agencyId: string, rows: CreatorImportRow[]): Promise<void> {
  const { db } = app;
  const owner = { type: 'agency' as const, id: agencyId };
  const prepared = rows.map((row) => {
    const { input, errors } = validateImportRow(row.input as CsvRow);
    const socials = input ? uniqueSocials(input.socials) : [];
    return { row, input, errors, socials, planned: plannedIdsFor(row) };
  });

  const [rosterSocials, madeBefore] = await Promise.all([
    rosterSocialsFor(db, agencyId, prepared.flatMap((p) => p.socials.map((s) => s.identity))),
    db.creator.findMany({ where: { id: { in: prepared.map((p) => p.planned.creatorId) } }, select: { id: true } }),
  ]);
  const ownerOf = new Map(rosterSocials.map((s) => [s.identity, s.creatorId]));
  const socialIdOf = new Map(rosterSocials.map((s) => [s.identity, s.id]));
  const alreadyMade = new Set(madeBefore.map((c) => c.id));

  const newCreators: (Prisma.CreatorCreateManyInput & { id: string })[] = [];
  const newSocials: Prisma.SocialAccountCreateManyInput[] = [];
  const kitCreators = new Map<string, string>(); // creator id → display name, for default kits
  const outcomes: RowOutcome[] = [];

  for (const p of prepared) {
    const base = { id: p.row.id, creator_id: null, media_kit_id: null, social_ids: [] as string[] };
    if (!p.input) {
      outcomes.push({ ...base, status: 'failed', errors: p.errors });
      continue;
    }
    const match = matchOnRoster(p.socials, ownerOf);
    if (match.kind === 'conflict') {
      outcomes.push({ ...base, status: 'failed', errors: [conflictMessage(match.owners)] });
      continue;
    }
    const existing = match.kind === 'existing' ? match.owner : undefined;
    const createdByRow = existing === undefined || existing === p.planned.creatorId || alreadyMade.has(p.planned.creatorId);
    const creatorId = existing ?? p.planned.creatorId;
    if (existing === undefined && !alreadyMade.has(creatorId)) {
      newCreators.push({
        id: creatorId,
        username: p.socials[0]?.username ?? slugify(p.input.display_name, 'creator').replace(/-/g, ''),
        displayName: p.input.display_name,
        email: p.input.email ?? null,
        country: p.input.country ?? null,
        languages: [...new Set(p.input.languages ?? [])],
        tags: caseInsensitiveUnique(p.input.tags),
      });
    }
    const socialIds: string[] = [];
    for (const social of p.socials) {
      const plannedId = p.planned.socialId(social.identity);
      if (!ownerOf.has(social.identity)) {
        newSocials.push({ id: plannedId, creatorId, rosterAgencyId: agencyId, platform: social.platform, identity: social.identity, username: social.username, profileUrl: social.profileUrl });
        ownerOf.set(social.identity, creatorId);
        socialIdOf.set(social.identity, plannedId);
        socialIds.push(plannedId);
      } else if (socialIdOf.get(social.identity) === plannedId) {
        socialIds.push(plannedId); // attached by this row in an earlier run
      }
    }
    kitCreators.set(creatorId, p.input.display_name);
    outcomes.push({ ...base, status: createdByRow ? 'created' : 'existing', creator_id: creatorId, social_ids: socialIds, errors: [] });
  }

  const now = new Date();
  await db.$transaction(async (tx) => {
    // Raw bulk inserts: Prisma's createMany spends ~1 ms of its own per row, most of a chunk's time.
    if (newCreators.length > 0) {
      await insertRows(tx, 'creators', newCreators.map((c) => ({ ...c, createdAt: now, updatedAt: now })));
      await insertRows(tx, 'roster_memberships', newCreators.map((c) => ({ id: newObjectId(), agencyId, creatorId: c.id, source: 'import', createdAt: now })));
    }
    await insertRows(tx, 'social_accounts', newSocials.map((s) => ({ ...s, createdAt: now, updatedAt: now })));
    // Default kits: one per owner and creator; existing ones are left as they are.
    await insertRows(
      tx,
      'media_kits',
      [...kitCreators].map(([id, displayName]) => ({ ...defaultKitData(owner, { id, displayName }), createdAt: now, updatedAt: now })),
      { onConflictDoNothing: true },
    );
    const kits = await tx.$queryRaw<{ id: string; creator_id: string }[]>`
      SELECT id, creator_id FROM media_kits WHERE default_key = ANY(${[...kitCreators.keys()].map((id) => `agency:${agencyId}:${id}`)}::text[])`;
    const kitOf = new Map(kits.map((k) => [k.creator_id, k.id]));
    // creator.created (and its default kit's media_kit.created) for each creator this chunk added.
    const createdIds = newCreators.map((c) => c.id);
    await emitEvents(app.jobs, tx, owner, async () => {
      const [creators, newKits] = await Promise.all([
        tx.creator.findMany({ where: { id: { in: createdIds } }, include: { socials: { orderBy: { id: 'asc' } } }, orderBy: { id: 'asc' } }),
        tx.mediaKit.findMany({ where: { defaultKey: { in: createdIds.map((id) => `agency:${agencyId}:${id}`) } } }),
      ]);
      return [
        ...creators.map((creator) => ({ type: 'creator.created' as const, data: creatorView(creator) })),
        ...newKits.map((kit) => ({ type: 'media_kit.created' as const, data: mediaKitView(kit, EVENT_BASE_URL) })),
      ];
    });
    for (const outcome of outcomes) if (outcome.creator_id) outcome.media_kit_id = kitOf.get(outcome.creator_id) ?? null;
    await tx.$executeRaw`
      UPDATE creator_import_rows r
         SET status = v.status::"ImportRowStatus", creator_id = v.creator_id, media_kit_id = v.media_kit_id, social_ids = v.social_ids, errors = v.errors
        FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
             AS v(id text, status text, creator_id text, media_kit_id text, social_ids text[], errors text[])
       WHERE r.id = v.id AND r.import_id = ${importId} AND r.status = 'pending'`;
    // The roster page, creators who gained socials, and (by type) 404s of the new default kits' slugs.
    await invalidateSharePages(tx, [`agency:${agencyId}`, 'media_kit:new', ...new Set(newSocials.map((s) => `creator:${s.creatorId}` as const))]);
  });
}

/** Step 2…n: the rows of one chunk that are still pending, in row order. */
export async function processCreatorImportChunk(app: EventApp, importId: string, chunk: number): Promise<{ processed: number }> {
  const { db } = app;
  const creatorImport = await db.creatorImport.findUnique({ where: { id: importId }, select: { agencyId: true } });
  if (!creatorImport) throw new Error(`creator import ${importId} does not exist`);
  const rows = await db.creatorImportRow.findMany({
    where: { importId, status: 'pending', rowNumber: { gt: chunk * IMPORT_CHUNK_SIZE, lte: (chunk + 1) * IMPORT_CHUNK_SIZE } },
    orderBy: { rowNumber: 'asc' },
  });
  try {
    await processChunkInBatch(app, importId, creatorImport.agencyId, rows);
  } catch (error) {
    // A concurrent POST /creators took an identity between the lookup and the insert: settle this
    // chunk row by row, which retries each row against the unique constraints.
    if (!isUniqueViolation(error)) throw error;
    for (const row of rows) await processRow(app, creatorImport.agencyId, row);
  }
  await recountProgress(db, importId);
  return { processed: rows.length };
}

/** Last step: completed, and the file may be imported again. */
export async function completeCreatorImport(app: EventApp, importId: string): Promise<void> {
  await endImport(app, importId, 'completed');
}

/** Ends a queued or processing import with its final counts; only the first end emits its event. */
async function endImport(app: EventApp, importId: string, status: 'completed' | 'failed'): Promise<void> {
  const { db } = app;
  await recountProgress(db, importId);
  await db.$transaction(async (tx) => {
    const ended = await tx.creatorImport.updateMany({
      where: { id: importId, status: { in: ['queued', 'processing'] } },
      data: { status, completedAt: new Date(), activeKey: null },
    });
    if (ended.count > 0) await emitImportEnded(app.jobs, tx, importId, `creator_import.${status}`);
  });
}

/** The import as GET /creator-imports/{id} returns it, in the event that says it ended. */
async function emitImportEnded(jobs: EventApp['jobs'], tx: Prisma.TransactionClient, importId: string, type: 'creator_import.completed' | 'creator_import.failed'): Promise<void> {
  const row = await tx.creatorImport.findUniqueOrThrow({ where: { id: importId } });
  await emitEvents(jobs, tx, { type: 'agency', id: row.agencyId }, async () => {
    const rows = await tx.creatorImportRow.findMany({ where: { importId }, orderBy: { rowNumber: 'asc' } });
    return [{ type, data: creatorImportView({ ...row, rows }) }];
  });
}

export async function failCreatorImport(app: EventApp, importId: string, reason: string): Promise<void> {
  await app.db.creatorImportRow.updateMany({ where: { importId, status: 'pending' }, data: { status: 'failed', errors: [reason] } });
  await endImport(app, importId, 'failed');
}

/**
 * The whole import as steps: `start`, one `chunk-<n>` per 50 rows, `complete`. In process each step
 * just runs; on Inngest each is a memoized `step.run`, so a retry resumes after the last finished step.
 */
export async function runCreatorImport(app: EventApp, importId: string, step: JobStep = inlineStep): Promise<void> {
  const { db } = app;
  const { chunks } = await step.run('start', () => startCreatorImport(db, importId));
  for (let chunk = 0; chunk < chunks; chunk += 1) {
    await step.run(`chunk-${chunk + 1}`, () => processCreatorImportChunk(app, importId, chunk));
  }
  await step.run('complete', () => completeCreatorImport(app, importId));
}

export async function getCreatorImport(db: Db, agencyId: string, importId: string) {
  const found = await db.creatorImport.findFirst({
    where: { id: importId, agencyId },
    include: { rows: { orderBy: { rowNumber: 'asc' } } },
  });
  if (!found) throw notFound('creator import', importId);
  return found;
}

export function creatorImportView(row: CreatorImport & { rows?: CreatorImportRow[] }) {
  return {
    id: row.id,
    status: row.status,
    source_filename: row.sourceFilename,
    progress: {
      total: row.total,
      processed: row.processed,
      created: row.created,
      socials_attached: row.socialsAttached,
      failed: row.failed,
    },
    rows: (row.rows ?? []).map((r) => ({
      row_number: r.rowNumber,
      status: r.status,
      creator_id: r.creatorId,
      media_kit_id: r.mediaKitId,
      social_ids: r.socialIds,
      errors: r.errors,
    })),
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
