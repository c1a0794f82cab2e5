import type { Actor } from '../domain/actor';
import { recordAudit } from './audit-events';
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/database';
import { invalidateSharePages } from './share-page-invalidation';
import { ApiError, emptyPatch, notFound, preconditionFailed, type FieldError } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import { caseInsensitiveUnique } from '../lib/unique-values';
import { isUniqueViolation } from '../db/unique-violation';
import { slugify, unguessableSlug } from '../lib/slug';
import { presentColumns } from '../lib/patch-columns';
import { emitEvents, type EventApp, EVENT_BASE_URL } from './webhook-events';
import type { Deck as DeckRow, Prisma } from '../../generated/prisma/client';
import { keysetWindow } from '../domain/pagination';

/** Value sets of the deck's enumerated fields (the contract shows one value of each). */
export const DECK_VISIBILITIES = ['link', 'private'] as const;
export const DECK_THEMES = ['light', 'dark'] as const;
export const DECK_CTAS = ['partnerWithMe', 'contactUs', 'requestRates', 'bookACall', 'none'] as const;
export const DECK_MAX_CREATORS = 100;
export const DECK_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type DeckVisibility = (typeof DECK_VISIBILITIES)[number];
export type DeckTheme = (typeof DECK_THEMES)[number];
export type DeckCta = (typeof DECK_CTAS)[number];

/** Fields a deck is created or patched with; null clears an optional field. */
export interface DeckFields {
  slug?: string;
  title?: string;
  bio?: string | null;
  contact_email?: string | null;
  creator_ids?: string[];
  tags?: string[];
  picture_url?: string | null;
  cover_url?: string | null;
  theme?: DeckTheme;
  accent_color?: string | null;
  background_color?: string | null;
  cta?: DeckCta;
  location?: string | null;
  visibility?: DeckVisibility;
  /** Write-only: hashed here, never stored or returned in clear. */
  password?: string | null;
}

const WITH_CREATORS = { creators: { orderBy: { position: 'asc' }, select: { creatorId: true } } } as const;
export type DeckWithCreators = DeckRow & { creators: { creatorId: string }[] };

export interface DeckView {
  id: string;
  agency_id: string;
  creator_ids: string[];
  slug: string;
  title: string;
  bio: string | null;
  contact_email: string | null;
  tags: string[];
  picture_url: string | null;
  cover_url: string | null;
  theme: DeckTheme;
  accent_color: string | null;
  background_color: string | null;
  cta: DeckCta;
  location: string | null;
  visibility: DeckVisibility;
  has_password: boolean;
  editor_url: string;
  share_url: string;
  created_at: string;
  updated_at: string;
}

export function deckView(row: DeckWithCreators, baseUrl: string): DeckView {
  return {
    id: row.id,
    agency_id: row.agencyId,
    creator_ids: row.creators.map((c) => c.creatorId),
    slug: row.slug,
    title: row.title,
    bio: row.bio,
    contact_email: row.contactEmail,
    tags: row.tags,
    picture_url: row.pictureUrl,
    cover_url: row.coverUrl,
    theme: row.theme,
    accent_color: row.accentColor,
    background_color: row.backgroundColor,
    cta: row.cta,
    location: row.location,
    visibility: row.visibility,
    has_password: row.passwordHash !== null,
    editor_url: `${baseUrl}/editor/decks/${row.id}`,
    share_url: `${baseUrl}/d/${row.slug}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** argon2id with the library defaults (m=19 MiB, t=2, p=1: the OWASP baseline). */
export function hashDeckPassword(password: string): Promise<string> {
  return hash(password);
}

function fieldData(fields: DeckFields, passwordHash: string | null | undefined): Prisma.DeckUncheckedUpdateInput {
  const data = presentColumns<DeckFields, Prisma.DeckUncheckedUpdateInput>(fields, {
    slug: 'slug',
    title: 'title',
    bio: 'bio',
    contact_email: 'contactEmail',
    picture_url: 'pictureUrl',
    cover_url: 'coverUrl',
    theme: 'theme',
    accent_color: 'accentColor',
    background_color: 'backgroundColor',
    cta: 'cta',
    location: 'location',
    visibility: 'visibility',
  });
  if (fields.tags !== undefined) data.tags = caseInsensitiveUnique(fields.tags);
  if (passwordHash !== undefined) data.passwordHash = passwordHash;
  return data;
}

/** 404 naming every id that is not on the agency roster (each at its position in body.creator_ids). */
async function assertOnRoster(tx: Prisma.TransactionClient, agencyId: string, creatorIds: string[]): Promise<void> {
  if (creatorIds.length === 0) return;
  const members = await tx.rosterMembership.findMany({
    where: { agencyId, creatorId: { in: creatorIds } },
    select: { creatorId: true },
  });
  const onRoster = new Set(members.map((m) => m.creatorId));
  const missing = creatorIds.flatMap((id, index) => (onRoster.has(id) ? [] : [{ id, index }]));
  if (missing.length === 0) return;
  const errors: FieldError[] = missing.map(({ id, index }) => ({
    path: `body.creator_ids[${index}]`,
    message: `No creator with id ${id} is on your roster.`,
    code: 'not_on_roster',
  }));
  const detail =
    missing.length === 1
      ? `No creator with id ${missing[0]!.id} is on your roster; a deck can only present roster creators. Nothing was changed.`
      : `These creator_ids are not on your roster: ${missing.map((m) => m.id).join(', ')}. A deck can only present roster creators. Nothing was changed.`;
  throw new ApiError('not-found', detail, { errors });
}

/**
 * Claims one pitch-deck slot of the agency's plan in a single conditional UPDATE: concurrent creates
 * queue on the agency row and re-check the condition, so the allowance can never be exceeded.
 */
async function claimDeckSlot(tx: Prisma.TransactionClient, agencyId: string): Promise<void> {
  const claimed = await tx.$executeRaw`
    UPDATE agencies AS a SET deck_count = a.deck_count + 1
    FROM plans AS p
    WHERE a.id = ${agencyId} AND p.code = a.plan_code AND a.deck_count < p.pitch_deck_allowance`;
  if (claimed > 0) return;
  const agency = await tx.agency.findUniqueOrThrow({ where: { id: agencyId }, include: { plan: true } });
  throw new ApiError(
    'plan-limit-reached',
    `The ${agency.plan.code} plan allows ${agency.plan.pitchDeckAllowance} pitch decks and this agency has created ${agency.deckCount}. Move to a plan with a larger allowance to create more; existing decks can still be edited.`,
  );
}

function slugTaken(slug: string): ApiError {
  return new ApiError('conflict', `The deck slug "${slug}" is already taken. Choose another, or omit slug on create to have one generated from the title.`, {
    errors: [{ path: 'body.slug', message: 'This slug is already taken.', code: 'slug_taken' }],
  });
}

const SLUG_ATTEMPTS = 6;

/**
 * Creates a deck from roster creators, in one transaction with the allowance claim: a refusal
 * (404 creator, 409 slug) rolls the claim back. Without a chosen slug the deck gets an unguessable
 * one (the title plus a random suffix: a deck's link is meant for the brands it is sent to), retried
 * on the unlikely clash.
 */
export async function createDeck(app: EventApp, agencyId: string, fields: DeckFields & { title: string }): Promise<DeckWithCreators> {
  const { db } = app;
  const creatorIds = fields.creator_ids ?? [];
  const passwordHash = fields.password ? await hashDeckPassword(fields.password) : null;
  const base = slugify(fields.title, 'deck');
  for (let attempt = 0; ; attempt += 1) {
    const slug = fields.slug ?? unguessableSlug(base);
    try {
      return await db.$transaction(async (tx) => {
        await assertOnRoster(tx, agencyId, creatorIds);
        await claimDeckSlot(tx, agencyId);
        const deck = await tx.deck.create({
          data: {
            ...(fieldData(fields, passwordHash) as Omit<Prisma.DeckUncheckedCreateInput, 'id' | 'agencyId' | 'slug' | 'title'>),
            id: newObjectId(),
            agencyId,
            slug,
            title: fields.title,
            creators: { create: creatorIds.map((creatorId, position) => ({ creatorId, position })) },
          },
          include: WITH_CREATORS,
        });
        await invalidateSharePages(tx, [`deck:${deck.id}`]);
        await emitEvents(app.jobs, tx, { type: 'agency', id: agencyId }, [{ type: 'deck.created', data: deckView(deck, EVENT_BASE_URL) }]);
        return deck;
      });
    } catch (error) {
      if (!isUniqueViolation(error, 'slug')) throw error;
      if (fields.slug !== undefined) throw slugTaken(fields.slug);
      if (attempt + 1 >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/**
 * Applies the supplied fields; omitted ones stay. `creator_ids` replaces the selection as a whole.
 * The deck row is updated first, so concurrent patches of one deck queue on its row lock.
 */
export async function updateDeck(
  app: EventApp,
  actor: Actor,
  agencyId: string,
  deckId: string,
  fields: DeckFields,
  options: { expectedUpdatedAt?: Date } = {},
): Promise<DeckWithCreators> {
  const { db } = app;
  if (Object.keys(fields).length === 0) throw emptyPatch();
  if (typeof fields.password === 'string') {
    // 404 before spending a hash on a deck the caller cannot change; the UPDATE below re-checks ownership.
    const owned = await db.deck.findFirst({ where: { id: deckId, agencyId }, select: { id: true } });
    if (!owned) throw notFound('deck', deckId);
  }
  const passwordHash = fields.password === undefined ? undefined : fields.password === null ? null : await hashDeckPassword(fields.password);
  try {
    return await db.$transaction(async (tx) => {
      // Who can see the deck (visibility, password) is audited: its state before, under the row lock.
      const [before] =
        fields.visibility !== undefined || fields.password !== undefined
          ? await tx.$queryRaw<{ visibility: string; protected: boolean }[]>`
              SELECT visibility::text AS visibility, password_hash IS NOT NULL AS protected FROM decks WHERE id = ${deckId} AND agency_id = ${agencyId} FOR UPDATE`
          : [];
      const updated = await tx.deck.updateMany({
        // With If-Match, the write only lands on the version that was checked (compare-and-set).
        where: { id: deckId, agencyId, ...(options.expectedUpdatedAt ? { updatedAt: options.expectedUpdatedAt } : {}) },
        data: { ...(fieldData(fields, passwordHash) as Prisma.DeckUncheckedUpdateManyInput), updatedAt: new Date() },
      });
      if (updated.count === 0) {
        if (options.expectedUpdatedAt && (await tx.deck.count({ where: { id: deckId, agencyId } })) > 0) throw preconditionFailed();
        throw notFound('deck', deckId);
      }
      if (fields.creator_ids !== undefined) {
        await assertOnRoster(tx, agencyId, fields.creator_ids);
        await tx.deckCreator.deleteMany({ where: { deckId } });
        await tx.deckCreator.createMany({ data: fields.creator_ids.map((creatorId, position) => ({ deckId, creatorId, position })) });
      }
      const deck = await tx.deck.findUniqueOrThrow({ where: { id: deckId }, include: WITH_CREATORS });
      if (before) {
        const subject = { type: 'agency' as const, id: agencyId };
        const target = { type: 'deck', id: deckId };
        if (before.visibility !== deck.visibility) {
          await recordAudit(tx, actor, { subject, action: 'deck.visibility_changed', target, changes: { visibility: [before.visibility, deck.visibility] } });
        }
        // Only whether a password is set, never the password or its hash; setting a new one counts as a change.
        if (fields.password !== undefined && (fields.password !== null || before.protected)) {
          await recordAudit(tx, actor, { subject, action: 'deck.password_changed', target, changes: { protected: [before.protected, deck.passwordHash !== null] } });
        }
      }
      await emitEvents(app.jobs, tx, { type: 'agency', id: agencyId }, [{ type: 'deck.updated', data: deckView(deck, EVENT_BASE_URL) }]);
      await invalidateSharePages(tx, [`deck:${deckId}`]);
      return deck;
    });
  } catch (error) {
    if (fields.slug !== undefined && isUniqueViolation(error, 'slug')) throw slugTaken(fields.slug);
    throw error;
  }
}

export async function getAgencyDeck(db: Db, agencyId: string, deckId: string): Promise<DeckWithCreators> {
  const deck = await db.deck.findFirst({ where: { id: deckId, agencyId }, include: WITH_CREATORS });
  if (!deck) throw notFound('deck', deckId);
  return deck;
}

export async function listAgencyDecks(db: Db, agencyId: string, afterId: string | undefined, take: number): Promise<DeckWithCreators[]> {
  return db.deck.findMany({ ...keysetWindow({ agencyId }, afterId, take), include: WITH_CREATORS });
}
