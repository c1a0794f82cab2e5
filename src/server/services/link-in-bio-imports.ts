import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import { ApiError, fieldError, notFound } from '../domain/errors';
import { extractLinkPage, type ExtractedItem } from '../lib/link-page-extract';
import { newObjectId } from '../lib/object-id';
import { inlineStep, type JobStep } from '../domain/jobs';
import { checkFetchableUrl, SAFE_FETCH_DEFAULTS, SafeFetchError, safeFetchText } from '../lib/safe-fetch';
import type { AppServices } from '../domain/app-services';
import { LINK_IN_BIO_LIMITS, urlProblem, type NewBlockInput } from './link-in-bio-rules';
import { linkInBioPageView } from './link-in-bio-view';
import { newBlockRows, readPage, withPageLock } from './link-in-bio';
import type { LinkInBioImport, Prisma } from '../../generated/prisma/client';
import { emitEvents, EVENT_BASE_URL, type EventApp, type NewEvent } from './webhook-events';
import { unstorableTextProblem } from '../lib/storable-text';

/**
 * Imports from another provider's link-in-bio page (an extension: the contract documents only the
 * status read). POST queues an import; a background job (the app's job runner: Inngest when
 * configured, in-process otherwise) fetches the page SSRF-safely, extracts its links and titles and
 * appends them as blocks. Each block's client_id is derived from the source page and the item, so
 * running the same import again (or a retried job) adds only what is new.
 */
export const LINK_IN_BIO_IMPORT_EVENT = 'link-in-bio/import.requested';
export const LINK_IN_BIO_IMPORT_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type LinkInBioImportStatus = (typeof LINK_IN_BIO_IMPORT_STATUSES)[number];

type ImportServices = Pick<AppServices, 'db' | 'config' | 'logger'> & EventApp;


export function importFetchOptions(config: Pick<AppServices['config'], 'fetchAllowPrivateNetworks' | 'publicBaseUrl'>) {
  return {
    ...SAFE_FETCH_DEFAULTS,
    allowPrivateNetworks: config.fetchAllowPrivateNetworks,
    userAgent: `creator-api-link-import/1.0 (+${config.publicBaseUrl})`,
    accept: ['text/html', 'application/xhtml+xml'],
  };
}

/** The part of the source URL that identifies the page: host and path, without query or fragment. */
function sourceKey(sourceUrl: string): string {
  const url = new URL(sourceUrl);
  return `${url.hostname.toLowerCase()}${url.pathname.replace(/\/+$/, '')}`;
}

/** Stable per (source page, item): the same link imported from the same page gets the same client_id. */
export function importedClientId(sourceUrl: string, item: ExtractedItem): string {
  const value = item.type === 'link' ? item.url : item.title.toLowerCase();
  const digest = createHash('sha256').update(`${sourceKey(sourceUrl)}\n${item.type}\n${value}`).digest('hex').slice(0, 32);
  return `import:${digest}`;
}

/** POST /link-in-bio/imports: checks the URL (400) and the page (404), records the import, queues the job. */
export async function startLinkInBioImport(app: Pick<AppServices, 'db' | 'config' | 'jobs'>, creatorId: string, sourceUrl: string): Promise<LinkInBioImport> {
  let url: URL;
  try {
    url = checkFetchableUrl(sourceUrl, { allowPrivateNetworks: app.config.fetchAllowPrivateNetworks });
  } catch (error) {
    if (error instanceof SafeFetchError) throw fieldError('body.source_url', `The source URL ${error.message}.`, error.code === 'invalid-url' ? 'invalid_url' : 'blocked_url');
    throw error;
  }
  const page = await app.db.linkInBioPage.findUnique({ where: { creatorId }, select: { id: true } });
  if (!page) throw new ApiError('not-found', 'You have no link-in-bio page yet; create it with POST /link-in-bio, then import into it.');
  // The import and its job commit together: no import is ever left without the job that runs it.
  return app.db.$transaction(async (tx) => {
    const created = await tx.linkInBioImport.create({
      data: { id: newObjectId(), pageId: page.id, creatorId, sourceUrl: url.toString() },
    });
    await app.jobs.enqueue(tx, { kind: LINK_IN_BIO_IMPORT_EVENT, account: { type: 'creator', id: creatorId }, payload: { importId: created.id } });
    return created;
  });
}

export async function getLinkInBioImport(db: Db, creatorId: string, importId: string): Promise<LinkInBioImport> {
  const found = await db.linkInBioImport.findFirst({ where: { id: importId, creatorId } });
  if (!found) throw notFound('link-in-bio import', importId);
  return found;
}

type FetchOutcome = { ok: true; items: ExtractedItem[]; dropped: number } | { ok: false; error: string };

/**
 * Step 1: queued → processing. Null when the import has already ended. `processing` is taken too:
 * that is a run taken over from an instance that stopped mid-import (the job's lease, or Inngest's
 * one-run-per-job concurrency key, guarantees nobody else is running it).
 */
async function claimImport(db: Db, importId: string): Promise<{ pageId: string; sourceUrl: string } | null> {
  const current = await db.linkInBioImport.findUnique({ where: { id: importId }, select: { status: true } });
  if (current?.status === 'processing') return db.linkInBioImport.findUniqueOrThrow({ where: { id: importId }, select: { pageId: true, sourceUrl: true } });
  const claimed = await db.linkInBioImport.updateMany({ where: { id: importId, status: 'queued' }, data: { status: 'processing', startedAt: new Date() } });
  if (claimed.count === 0) return null;
  const row = await db.linkInBioImport.findUniqueOrThrow({ where: { id: importId }, select: { pageId: true, sourceUrl: true } });
  return row;
}

/** Step 2: fetch and extract. Failures become a message for the import's `errors`, never a throw. */
async function fetchSource(app: ImportServices, importId: string, sourceUrl: string): Promise<FetchOutcome> {
  try {
    const page = await safeFetchText(sourceUrl, importFetchOptions(app.config));
    const extracted = extractLinkPage(page.body, page.url, {
      maxItems: LINK_IN_BIO_LIMITS.blocksPerPage,
      titleMax: LINK_IN_BIO_LIMITS.title,
      urlMax: LINK_IN_BIO_LIMITS.url,
    });
    // Imported links obey the same URL rules as links sent through the API, and text we cannot store
    // (NUL, lone surrogates from a page's JSON) is left out and counted, as the API would refuse it.
    const items = extracted.items.filter(
      (item) =>
        unstorableTextProblem(item.title ?? '') === null &&
        (item.type !== 'link' || (unstorableTextProblem(item.url) === null && urlProblem(item.url, 'link') === null)),
    );
    return { ok: true, items, dropped: extracted.dropped + (extracted.items.length - items.length) };
  } catch (error) {
    if (error instanceof SafeFetchError) return { ok: false, error: `The source page could not be imported: ${error.message}.` };
    app.logger.error('link-in-bio import failed', { import_id: importId, error: (error as Error).stack ?? String(error) });
    return { ok: false, error: 'The source page could not be imported because of an unexpected error on our side.' };
  }
}

/** Step 3: append what is new, within the page's block bound, and finish the import, in one transaction. */
async function applyImport(app: EventApp, importId: string, claim: { pageId: string; sourceUrl: string }, outcome: { items: ExtractedItem[]; dropped: number }): Promise<void> {
  await withPageLock(app.db, { pageId: claim.pageId }, async (tx, pageId) => {
    const existing = await tx.linkInBioBlock.findMany({ where: { pageId }, select: { clientId: true, position: true } });
    const known = new Set(existing.map((b) => b.clientId));
    const candidates: NewBlockInput[] = outcome.items.map((item) => ({
      client_id: importedClientId(claim.sourceUrl, item),
      type: item.type,
      title: item.title,
      url: item.type === 'link' ? item.url : undefined,
    }));
    const fresh = candidates.filter((c) => !known.has(c.client_id));
    const room = Math.max(0, LINK_IN_BIO_LIMITS.blocksPerPage - existing.length);
    const accepted = fresh.slice(0, room);
    const rows = newBlockRows(pageId, accepted, Math.max(-1, ...existing.map((b) => b.position)));
    if (rows.length > 0) {
      await tx.linkInBioBlock.createMany({ data: rows, skipDuplicates: true });
      await tx.linkInBioPage.update({ where: { id: pageId }, data: { updatedAt: new Date() } });
    }
    const errors: string[] = [];
    if (outcome.items.length === 0) errors.push('No links or titles were found on the source page.');
    if (outcome.dropped > 0) errors.push(`${outcome.dropped} more item(s) on the source page were left out (invalid URLs or text, or beyond ${LINK_IN_BIO_LIMITS.blocksPerPage} items).`);
    if (fresh.length > accepted.length) {
      errors.push(`${fresh.length - accepted.length} item(s) were not added: a page holds at most ${LINK_IN_BIO_LIMITS.blocksPerPage} blocks.`);
    }
    const finished = await tx.linkInBioImport.update({
      where: { id: importId },
      data: { status: 'completed', linksFound: outcome.items.length, blocksCreated: rows.length, errors, completedAt: new Date() },
    });
    const events: NewEvent[] = [{ type: 'link_in_bio_import.completed', data: linkInBioImportView(finished) }];
    if (rows.length > 0) {
      events.push({ type: 'link_in_bio.updated', data: linkInBioPageView(await readPage(tx, pageId), EVENT_BASE_URL) });
    }
    await emitEvents(app.jobs, tx, { type: 'creator', id: finished.creatorId }, events);
  });
}

/** Ends an import `failed` (if it has not ended yet) and emits link_in_bio_import.failed with it. */
async function endImportFailed(jobs: EventApp['jobs'], tx: Prisma.TransactionClient, importId: string, error: string): Promise<void> {
  const ended = await tx.linkInBioImport.updateMany({
    where: { id: importId, status: { in: ['queued', 'processing'] } },
    data: { status: 'failed', errors: [error], completedAt: new Date() },
  });
  if (ended.count === 0) return;
  const row = await tx.linkInBioImport.findUniqueOrThrow({ where: { id: importId } });
  await emitEvents(jobs, tx, { type: 'creator', id: row.creatorId }, [{ type: 'link_in_bio_import.failed', data: linkInBioImportView(row) }]);
}

async function failImport(app: EventApp, importId: string, error: string): Promise<void> {
  await app.db.$transaction((tx) => endImportFailed(app.jobs, tx, importId, error));
}

/** The job gave up (Inngest ran out of retries, or the in-process run threw): end it `failed` unless it already ended. */
export async function abandonLinkInBioImport(app: EventApp, importId: string, error: string): Promise<void> {
  await failImport(app, importId, error);
}

/** The job: claim → fetch → apply (or fail). Each step is a plain function the step runner sequences. */
export async function runLinkInBioImport(app: ImportServices, importId: string, step: JobStep = inlineStep): Promise<void> {
  const claim = await step.run('claim', () => claimImport(app.db, importId));
  if (!claim) return;
  const outcome = await step.run('fetch', () => fetchSource(app, importId, claim.sourceUrl));
  if (!outcome.ok) {
    await step.run('fail', () => failImport(app, importId, outcome.error));
    return;
  }
  await step.run('apply', async () => {
    try {
      await applyImport(app, importId, claim, outcome);
    } catch (error) {
      // Never leave an import `processing` forever: report it failed (the blocks were rolled back).
      app.logger.error('link-in-bio import could not be applied', { import_id: importId, error: (error as Error).stack ?? String(error) });
      await failImport(app, importId, 'The links could not be added to your page because of an unexpected error on our side; start the import again.');
    }
  });
}

export interface LinkInBioImportView {
  id: string;
  status: LinkInBioImportStatus;
  source_url: string;
  progress: { items_found: number; blocks_created: number; items_skipped: number };
  blocks_created: number;
  errors: string[];
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export function linkInBioImportView(row: LinkInBioImport): LinkInBioImportView {
  const done = row.status === 'completed';
  return {
    id: row.id,
    status: row.status,
    source_url: row.sourceUrl,
    progress: {
      items_found: row.linksFound,
      blocks_created: row.blocksCreated,
      items_skipped: done ? row.linksFound - row.blocksCreated : 0,
    },
    blocks_created: row.blocksCreated,
    errors: row.errors,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
