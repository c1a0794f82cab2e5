import type { Db } from '../db/database';
import { storedJson } from '../db/json';
import { invalidateSharePages } from './share-page-invalidation';
import { ApiError, emptyPatch, preconditionFailed, type FieldError } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import type { NormalizedSocial } from '../lib/social-identity';
import { presentColumns } from '../lib/patch-columns';
import { isUniqueViolation } from '../db/unique-violation';
import type { Prisma } from '../../generated/prisma/client';
import { emitEvents, type EventApp, EVENT_BASE_URL } from './webhook-events';
import {
  blockContentIssues,
  LINK_IN_BIO_LIMITS,
  type BlockChange,
  type BlockContent,
  type BlockFieldsInput,
  type BlockType,
  type CreatePageInput,
  type NewBlockInput,
  type PageFieldsInput,
  type StoredSocialLink,
  type UpdatePageInput,
} from './link-in-bio-rules';
import { linkInBioPageView, type PageWithBlocks } from './link-in-bio-view';

/**
 * The creator's one link-in-bio page and its blocks, as stored: the rules they obey live in
 * link-in-bio-rules.ts, their JSON shape in link-in-bio-view.ts.
 * - One page per creator, slugs and usernames unique among pages: unique constraints decide (409).
 * - Every write that touches blocks runs in a transaction that first locks the page row, so the block
 *   count bound, `order` defaults and client_id checks see every earlier write; the unique
 *   (page_id, client_id) constraint stays as the last guarantee that a retried create never duplicates.
 * - Blocks are never deleted (hide with visible: false).
 */

const WITH_BLOCKS = { blocks: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } } satisfies Prisma.LinkInBioPageInclude;
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

type Tx = Prisma.TransactionClient;

function pageNotFound(): ApiError {
  return new ApiError('not-found', 'You have no link-in-bio page yet; create it with POST /link-in-bio.');
}

/** 409s from the page's unique keys, with the field that clashed. */
function uniqueConflict(error: unknown, input: PageFieldsInput): ApiError | null {
  if (!isUniqueViolation(error)) return null;
  if (isUniqueViolation(error, 'creator_id')) {
    return new ApiError('conflict', 'You already have a link-in-bio page (one per creator); change it with PATCH /link-in-bio.');
  }
  for (const field of ['slug', 'username'] as const) {
    if (isUniqueViolation(error, field)) {
      return new ApiError('conflict', `The ${field} "${input[field]}" is already used by another link-in-bio page; choose another.`, {
        errors: [{ path: `body.${field}`, message: 'Already used by another page.', code: 'taken' }],
      });
    }
  }
  return null;
}

function socialLinksJson(links: NormalizedSocial[]): StoredSocialLink[] {
  return links.map((s) => ({ platform: s.platform, identity: s.identity, username: s.username, url: s.profileUrl }));
}

function pageData(input: PageFieldsInput): Prisma.LinkInBioPageUncheckedUpdateInput {
  const data = presentColumns<PageFieldsInput, Prisma.LinkInBioPageUncheckedUpdateInput>(input, {
    slug: 'slug',
    username: 'username',
    bio: 'bio',
    theme: 'theme',
    button_style: 'buttonStyle',
    accent_color: 'accentColor',
    background_color: 'backgroundColor',
    picture_url: 'pictureUrl',
  });
  if (input.social_links !== undefined) data.socialLinks = storedJson(socialLinksJson(input.social_links));
  return data;
}

function contentData(fields: BlockFieldsInput): Prisma.LinkInBioBlockUncheckedUpdateInput {
  return presentColumns<BlockFieldsInput, Prisma.LinkInBioBlockUncheckedUpdateInput>(fields, {
    title: 'title',
    url: 'url',
    media_url: 'mediaUrl',
    visible: 'visible',
    order: 'position',
  });
}

/**
 * Rows for new blocks. A block without `order` goes after every block of the page — existing ones and
 * those with an explicit order in the same request — in the order given.
 */
export function newBlockRows(pageId: string, blocks: NewBlockInput[], highestExistingOrder: number): Prisma.LinkInBioBlockCreateManyInput[] {
  let next = Math.max(highestExistingOrder, ...blocks.map((b) => b.order ?? -1)) + 1;
  return blocks.map((block) => ({
    id: newObjectId(),
    pageId,
    clientId: block.client_id,
    type: block.type,
    title: block.title ?? null,
    url: block.url ?? null,
    mediaUrl: block.media_url ?? null,
    visible: block.visible ?? true,
    position: block.order ?? next++,
  }));
}

function blockLimitConflict(existing: number, adding: number): ApiError {
  return new ApiError(
    'conflict',
    `A page holds at most ${LINK_IN_BIO_LIMITS.blocksPerPage} blocks (hidden ones included); it has ${existing} and this request adds ${adding}. Reuse blocks you have hidden instead.`,
  );
}

/**
 * Runs `work` in a transaction holding the page row lock (SELECT … FOR UPDATE): writers of one
 * page's blocks queue behind each other, writers of different pages do not.
 */
export async function withPageLock<T>(
  db: Db,
  where: { creatorId: string } | { pageId: string },
  work: (tx: Tx, pageId: string) => Promise<T>,
  input: PageFieldsInput = {},
): Promise<T> {
  try {
    return await db.$transaction(async (tx) => {
      const rows =
        'creatorId' in where
          ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM link_in_bio_pages WHERE creator_id = ${where.creatorId} FOR UPDATE`
          : await tx.$queryRaw<{ id: string }[]>`SELECT id FROM link_in_bio_pages WHERE id = ${where.pageId} FOR UPDATE`;
      if (!rows[0]) throw pageNotFound();
      const result = await work(tx, rows[0].id);
      // Every locked write (page patch, block save, import) changes the public page: delivered on commit.
      await invalidateSharePages(tx, [`link_in_bio:${rows[0].id}`]);
      return result;
    }, TRANSACTION_OPTIONS);
  } catch (error) {
    throw uniqueConflict(error, input) ?? error;
  }
}

export interface BlockChangeResult {
  /** One entry per requested change, in request order. */
  results: { id: string; created: boolean }[];
  changed: boolean;
}

/**
 * Applies block edits (by `id`) and creations (by `client_id`) to a locked page. A `client_id`
 * that already names a block of the page means "already created": that block is returned as it is.
 * `pathOf(i)` names where change i sits in the request, for error paths.
 */
export async function applyBlockChanges(tx: Tx, pageId: string, changes: BlockChange[], pathOf: (index: number) => string): Promise<BlockChangeResult> {
  const existing = await tx.linkInBioBlock.findMany({ where: { pageId } });
  const byId = new Map(existing.map((b) => [b.id, b]));
  const byClientId = new Map(existing.map((b) => [b.clientId, b]));
  const errors: FieldError[] = [];
  const edits: { id: string; data: Prisma.LinkInBioBlockUncheckedUpdateInput }[] = [];
  const creations: NewBlockInput[] = [];
  const results: BlockChangeResult['results'] = [];

  changes.forEach((change, index) => {
    const path = pathOf(index);
    if ('id' in change) {
      const block = byId.get(change.id);
      if (!block) {
        throw new ApiError('not-found', `No block with id ${change.id} is on your page.`, {
          errors: [{ path: `${path}.${path === 'body' ? 'block_id' : 'id'}`, message: 'Not a block of your page.', code: 'not_found' }],
        });
      }
      const type = block.type;
      if (change.type !== undefined && change.type !== type) {
        errors.push({ path: `${path}.type`, message: `A block's type cannot change; this one is a ${type} block.`, code: 'immutable' });
      } else {
        const merged: BlockContent = {
          title: change.title !== undefined ? change.title : block.title,
          url: change.url !== undefined ? change.url : block.url,
          media_url: change.media_url !== undefined ? change.media_url : block.mediaUrl,
        };
        for (const issue of blockContentIssues(type, merged)) errors.push({ path: `${path}.${issue.field}`, message: issue.message, code: issue.code });
      }
      const data = contentData(change);
      if (Object.keys(data).length > 0) edits.push({ id: block.id, data });
      results.push({ id: block.id, created: false });
      return;
    }
    const known = byClientId.get(change.client_id);
    if (known) {
      results.push({ id: known.id, created: false });
      return;
    }
    creations.push(change);
    results.push({ id: '', created: true });
  });

  if (errors.length > 0) {
    throw new ApiError('validation-error', errors.length === 1 ? `${errors[0]!.path}: ${errors[0]!.message}` : `${errors.length} block fields are invalid.`, { errors });
  }
  if (existing.length + creations.length > LINK_IN_BIO_LIMITS.blocksPerPage) throw blockLimitConflict(existing.length, creations.length);

  for (const edit of edits) await tx.linkInBioBlock.update({ where: { id: edit.id }, data: edit.data });
  // New blocks go after the others as they stand once this request's reorders apply.
  const orders = new Map(existing.map((b) => [b.id, b.position]));
  for (const edit of edits) if (typeof edit.data.position === 'number') orders.set(edit.id, edit.data.position);
  const rows = newBlockRows(pageId, creations, Math.max(-1, ...orders.values()));
  if (rows.length > 0) await tx.linkInBioBlock.createMany({ data: rows });
  let created = 0;
  for (const result of results) if (result.created) result.id = rows[created++]!.id;
  return { results, changed: edits.length > 0 || rows.length > 0 };
}

export async function readPage(tx: Tx | Db, pageId: string): Promise<PageWithBlocks> {
  return tx.linkInBioPage.findUniqueOrThrow({ where: { id: pageId }, include: WITH_BLOCKS });
}

export async function getLinkInBioPage(db: Db, creatorId: string): Promise<PageWithBlocks> {
  const page = await db.linkInBioPage.findUnique({ where: { creatorId }, include: WITH_BLOCKS });
  if (!page) throw pageNotFound();
  return page;
}

/** POST /link-in-bio: the page and its first blocks, in one transaction. */
export async function createLinkInBioPage(app: EventApp, creatorId: string, input: CreatePageInput): Promise<PageWithBlocks> {
  const { db } = app;
  try {
    return await db.$transaction(async (tx) => {
      const page = await tx.linkInBioPage.create({
        data: {
          id: newObjectId(),
          creatorId,
          slug: input.slug,
          username: input.username,
          bio: input.bio ?? null,
          socialLinks: storedJson(socialLinksJson(input.social_links ?? [])),
          theme: input.theme ?? 'light',
          buttonStyle: input.button_style ?? 'rounded',
          accentColor: input.accent_color ?? null,
          backgroundColor: input.background_color ?? null,
          pictureUrl: input.picture_url ?? null,
        },
      });
      const rows = newBlockRows(page.id, input.blocks ?? [], -1);
      if (rows.length > 0) await tx.linkInBioBlock.createMany({ data: rows });
      const created = await readPage(tx, page.id);
      await emitEvents(app.jobs, tx, { type: 'creator', id: creatorId }, [{ type: 'link_in_bio.created', data: linkInBioPageView(created, EVENT_BASE_URL) }]);
      await invalidateSharePages(tx, [`link_in_bio:${page.id}`]);
      return created;
    }, TRANSACTION_OPTIONS);
  } catch (error) {
    throw uniqueConflict(error, input) ?? error;
  }
}

/** PATCH /link-in-bio: supplied page fields, block edits and new blocks, all or nothing. */
export async function updateLinkInBioPage(
  app: EventApp,
  creatorId: string,
  input: UpdatePageInput,
  options: { expectedUpdatedAt?: Date } = {},
): Promise<PageWithBlocks> {
  const { db } = app;
  if (Object.keys(input).length === 0) throw emptyPatch();
  return withPageLock(
    db,
    { creatorId },
    async (tx, pageId) => {
      // With If-Match: the page is locked, so its version cannot move between this check and the write.
      if (options.expectedUpdatedAt) {
        const locked = await tx.linkInBioPage.findUniqueOrThrow({ where: { id: pageId }, select: { updatedAt: true } });
        if (locked.updatedAt.getTime() !== options.expectedUpdatedAt.getTime()) throw preconditionFailed();
      }
      const data = pageData(input);
      const blocks = input.blocks ? await applyBlockChanges(tx, pageId, input.blocks, (i) => `body.blocks[${i}]`) : null;
      // Block changes alone still move the page's updated_at.
      const changed = Object.keys(data).length > 0 || blocks?.changed;
      if (changed) await tx.linkInBioPage.update({ where: { id: pageId }, data: { ...data, updatedAt: new Date() } });
      const page = await readPage(tx, pageId);
      // A retried request that changes nothing (blocks it already created) is no new event.
      if (changed) await emitEvents(app.jobs, tx, { type: 'creator', id: creatorId }, [{ type: 'link_in_bio.updated', data: linkInBioPageView(page, EVENT_BASE_URL) }]);
      return page;
    },
    input,
  );
}

/** POST /link-in-bio/blocks: one block edited (by id) or created (by client_id, retry-safe). */
export async function saveLinkInBioBlock(
  app: EventApp,
  creatorId: string,
  change: BlockChange & { type: BlockType },
): Promise<{ page: PageWithBlocks; blockId: string; created: boolean }> {
  const { db } = app;
  return withPageLock(db, { creatorId }, async (tx, pageId) => {
    const { results, changed } = await applyBlockChanges(tx, pageId, [change], () => 'body');
    if (changed) await tx.linkInBioPage.update({ where: { id: pageId }, data: { updatedAt: new Date() } });
    const page = await readPage(tx, pageId);
    if (changed) await emitEvents(app.jobs, tx, { type: 'creator', id: creatorId }, [{ type: 'link_in_bio.updated', data: linkInBioPageView(page, EVENT_BASE_URL) }]);
    return { page, blockId: results[0]!.id, created: results[0]!.created };
  });
}
