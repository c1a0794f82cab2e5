import type { Actor } from '../domain/actor';
import { recordAudit } from './audit-events';
import { randomBytes } from 'node:crypto';
import { ownedBy, type Owner } from '../domain/owner';
import type { Db } from '../db/database';
import { invalidateSharePages } from './share-page-invalidation';
import { emptyPatch, notFound, preconditionFailed } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import type { SubjectType } from '../auth/scopes';
import { isUniqueViolation } from '../db/unique-violation';
import { slugify } from '../lib/slug';
import { presentColumns } from '../lib/patch-columns';
import { emitEvents, type EventApp, EVENT_BASE_URL } from './webhook-events';
import type { MediaKit as MediaKitRow, Prisma } from '../../generated/prisma/client';
import { keysetWindow } from '../domain/pagination';

/** Built-in templates a media kit can use (GET /media-kit-templates). */
export const MEDIA_KIT_SECTIONS = ['about', 'socials', 'audience', 'content', 'brands', 'rates', 'contact'] as const;
export type MediaKitSection = (typeof MEDIA_KIT_SECTIONS)[number];
export const MEDIA_KIT_THEMES = ['light', 'dark'] as const;
export const MEDIA_KIT_VISIBILITIES = ['link', 'private'] as const;

export const MEDIA_KIT_TEMPLATES = [
  {
    id: 'classic',
    name: 'Classic',
    description: 'A portrait header, a short bio and every section in one column.',
    theme: 'light',
    accent_color: '#2563EB',
    background_color: '#FFFFFF',
    sections: ['about', 'socials', 'audience', 'content', 'brands', 'contact'],
  },
  {
    id: 'minimal',
    name: 'Minimal',
    description: 'Name, headline and reach figures only; nothing else competes for attention.',
    theme: 'light',
    accent_color: '#111827',
    background_color: '#FAFAFA',
    sections: ['about', 'socials', 'contact'],
  },
  {
    id: 'bold',
    name: 'Bold',
    description: 'A full-width cover image and large audience numbers, for creators with strong visuals.',
    theme: 'dark',
    accent_color: '#F43F5E',
    background_color: '#0B0B0F',
    sections: ['about', 'socials', 'audience', 'content', 'rates', 'contact'],
  },
  {
    id: 'editorial',
    name: 'Editorial',
    description: 'Magazine-style layout with brand collaborations and rates up front, for pitching.',
    theme: 'light',
    accent_color: '#B45309',
    background_color: '#FFFBF5',
    sections: ['about', 'brands', 'rates', 'audience', 'socials', 'contact'],
  },
] as const satisfies readonly {
  id: string;
  name: string;
  description: string;
  theme: (typeof MEDIA_KIT_THEMES)[number];
  accent_color: string;
  background_color: string;
  sections: readonly MediaKitSection[];
}[];

export type MediaKitTemplateId = (typeof MEDIA_KIT_TEMPLATES)[number]['id'];
export const MEDIA_KIT_TEMPLATE_IDS = MEDIA_KIT_TEMPLATES.map((t) => t.id) as [MediaKitTemplateId, ...MediaKitTemplateId[]];

/** Content and design fields a kit can be created or patched with (null clears an optional field). */
export interface MediaKitContent {
  name?: string;
  visibility?: (typeof MEDIA_KIT_VISIBILITIES)[number];
  template?: MediaKitTemplateId;
  headline?: string | null;
  bio?: string | null;
  contact_email?: string | null;
  sections?: MediaKitSection[];
  theme?: (typeof MEDIA_KIT_THEMES)[number];
  accent_color?: string | null;
  background_color?: string | null;
  picture_url?: string | null;
  cover_url?: string | null;
}

export interface MediaKitView {
  id: string;
  creator_id: string;
  owner_type: SubjectType;
  owner_id: string;
  is_default: boolean;
  name: string;
  slug: string;
  visibility: (typeof MEDIA_KIT_VISIBILITIES)[number];
  template: MediaKitTemplateId;
  headline: string | null;
  bio: string | null;
  contact_email: string | null;
  sections: (typeof MEDIA_KIT_SECTIONS)[number][];
  theme: (typeof MEDIA_KIT_THEMES)[number];
  accent_color: string | null;
  background_color: string | null;
  picture_url: string | null;
  cover_url: string | null;
  editor_url: string;
  share_url: string;
  created_at: string;
  updated_at: string;
}

export function mediaKitView(row: MediaKitRow, baseUrl: string): MediaKitView {
  return {
    id: row.id,
    creator_id: row.creatorId,
    owner_type: row.ownerType,
    owner_id: row.ownerId,
    is_default: row.defaultKey !== null,
    name: row.name,
    slug: row.slug,
    visibility: row.visibility,
    // Stored values were validated against these lists on the way in.
    template: row.templateId as MediaKitTemplateId,
    headline: row.headline,
    bio: row.bio,
    contact_email: row.contactEmail,
    sections: row.sectionsShown as MediaKitView['sections'],
    theme: row.theme,
    accent_color: row.accentColor,
    background_color: row.backgroundColor,
    picture_url: row.pictureUrl,
    cover_url: row.coverUrl,
    editor_url: `${baseUrl}/editor/media-kits/${row.id}`,
    share_url: `${baseUrl}/m/${row.slug}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Name-based, with a random suffix: share links are unguessable and never collide in practice. */
export function mediaKitSlug(name: string): string {
  return `${slugify(name, 'media-kit').slice(0, 40)}-${randomBytes(5).toString('hex')}`;
}

function defaultKeyOf(owner: Owner, creatorId: string): string {
  return `${owner.type}:${owner.id}:${creatorId}`;
}

function contentData(content: MediaKitContent): Prisma.MediaKitUncheckedUpdateInput {
  return presentColumns<MediaKitContent, Prisma.MediaKitUncheckedUpdateInput>(content, {
    name: 'name',
    visibility: 'visibility',
    template: 'templateId',
    headline: 'headline',
    bio: 'bio',
    contact_email: 'contactEmail',
    sections: 'sectionsShown',
    theme: 'theme',
    accent_color: 'accentColor',
    background_color: 'backgroundColor',
    picture_url: 'pictureUrl',
    cover_url: 'coverUrl',
  });
}

function templateDefaults(templateId: MediaKitTemplateId = 'classic') {
  const template = MEDIA_KIT_TEMPLATES.find((t) => t.id === templateId)!;
  return {
    templateId: template.id,
    theme: template.theme,
    accentColor: template.accent_color,
    backgroundColor: template.background_color,
    sectionsShown: [...template.sections],
  };
}

/**
 * The whole row of a new default kit, every column decided here (nothing left to column defaults), for
 * writers that insert it with raw SQL in one statement and answer with this row without reading it back.
 */
export function defaultKitRow(owner: Owner, creator: { id: string; displayName: string }, now: Date): MediaKitRow {
  const name = `${creator.displayName} — media kit`;
  return {
    id: newObjectId(),
    creatorId: creator.id,
    ...ownedBy(owner),
    defaultKey: defaultKeyOf(owner, creator.id),
    name,
    slug: mediaKitSlug(creator.displayName),
    visibility: 'link',
    ...templateDefaults(),
    headline: null,
    bio: null,
    contactEmail: null,
    pictureUrl: null,
    coverUrl: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The data of a new default kit (the import's bulk insert, ensureDefaultMediaKit). */
export function defaultKitData(owner: Owner, creator: { id: string; displayName: string }): Prisma.MediaKitUncheckedCreateInput {
  return defaultKitRow(owner, creator, new Date());
}

/**
 * The owner's default kit for a creator: created if missing, otherwise the existing one.
 * Concurrent calls are settled by the unique default_key: the loser reads the winner's row.
 */
export async function ensureDefaultMediaKit(
  app: EventApp,
  owner: Owner,
  creator: { id: string; displayName: string },
): Promise<{ created: boolean; kit: MediaKitRow }> {
  const { db } = app;
  const defaultKey = defaultKeyOf(owner, creator.id);
  const existing = await db.mediaKit.findUnique({ where: { defaultKey } });
  if (existing) return { created: false, kit: existing };
  try {
    const kit = await db.$transaction(async (tx) => {
      const created = await tx.mediaKit.create({ data: defaultKitData(owner, creator) });
      await emitEvents(app.jobs, tx, owner, [{ type: 'media_kit.created', data: mediaKitView(created, EVENT_BASE_URL) }]);
      await invalidateSharePages(tx, [`media_kit:${created.id}`]);
      return created;
    });
    return { created: true, kit };
  } catch (error) {
    if (!isUniqueViolation(error, 'default_key')) throw error;
    return { created: false, kit: await db.mediaKit.findUniqueOrThrow({ where: { defaultKey } }) };
  }
}

/** A named, non-default kit with initial content (POST /media-kits/new). */
export async function createMediaKit(
  app: EventApp,
  owner: Owner,
  creatorId: string,
  content: MediaKitContent & { name: string },
): Promise<MediaKitRow> {
  const { db } = app;
  return db.$transaction(async (tx) => {
    const kit = await tx.mediaKit.create({
      data: {
        ...templateDefaults(content.template),
        ...(contentData(content) as Omit<Prisma.MediaKitUncheckedCreateInput, 'id' | 'creatorId' | 'ownerType' | 'ownerId' | 'slug'>),
        id: newObjectId(),
        creatorId,
        ...ownedBy(owner),
        slug: mediaKitSlug(content.name),
        name: content.name,
      },
    });
    await emitEvents(app.jobs, tx, owner, [{ type: 'media_kit.created', data: mediaKitView(kit, EVENT_BASE_URL) }]);
    await invalidateSharePages(tx, [`media_kit:${kit.id}`]);
    return kit;
  });
}

export async function getOwnedMediaKit(db: Db, owner: Owner, kitId: string): Promise<MediaKitRow> {
  const kit = await db.mediaKit.findFirst({ where: { id: kitId, ...ownedBy(owner) } });
  if (!kit) throw notFound('media kit', kitId);
  return kit;
}

/**
 * Applies the supplied fields; omitted ones stay. Choosing a template without theme/colors/sections
 * adopts the template's defaults for those fields.
 */
export async function updateMediaKit(
  app: EventApp,
  actor: Actor,
  owner: Owner,
  kitId: string,
  content: MediaKitContent,
  options: { expectedUpdatedAt?: Date } = {},
): Promise<MediaKitRow> {
  const { db } = app;
  if (Object.keys(content).length === 0) throw emptyPatch();
  const data = contentData(content);
  if (content.template !== undefined) {
    const defaults = templateDefaults(content.template);
    data.theme ??= defaults.theme;
    data.accentColor ??= defaults.accentColor;
    data.backgroundColor ??= defaults.backgroundColor;
    data.sectionsShown ??= defaults.sectionsShown;
  }
  const owned = { id: kitId, ...ownedBy(owner) };
  // With If-Match, the write only lands on the version that was checked (compare-and-set).
  const version = options.expectedUpdatedAt ? { updatedAt: options.expectedUpdatedAt } : {};
  return db.$transaction(async (tx) => {
    // Who can see the kit is audited: its visibility before, under the row lock.
    const [before] =
      content.visibility !== undefined
        ? await tx.$queryRaw<{ visibility: string }[]>`
            SELECT visibility::text AS visibility FROM media_kits WHERE id = ${kitId} AND owner_type = ${owner.type} AND owner_id = ${owner.id} FOR UPDATE`
        : [];
    const updated = await tx.mediaKit.updateMany({ where: { ...owned, ...version }, data: { ...data, updatedAt: new Date() } });
    if (updated.count === 0) {
      if (options.expectedUpdatedAt && (await tx.mediaKit.count({ where: owned })) > 0) throw preconditionFailed();
      throw notFound('media kit', kitId);
    }
    const kit = await tx.mediaKit.findUniqueOrThrow({ where: { id: kitId } });
    if (before && before.visibility !== kit.visibility) {
      await recordAudit(tx, actor, { subject: owner, action: 'media_kit.visibility_changed', target: { type: 'media_kit', id: kitId }, changes: { visibility: [before.visibility, kit.visibility] } });
    }
    await emitEvents(app.jobs, tx, owner, [{ type: 'media_kit.updated', data: mediaKitView(kit, EVENT_BASE_URL) }]);
    await invalidateSharePages(tx, [`media_kit:${kitId}`]);
    return kit;
  });
}

export async function listOwnedMediaKits(
  db: Db,
  owner: Owner,
  filter: { creatorId?: string },
  afterId: string | undefined,
  take: number,
): Promise<MediaKitRow[]> {
  return db.mediaKit.findMany(keysetWindow({ ...ownedBy(owner), ...(filter.creatorId ? { creatorId: filter.creatorId } : {}) }, afterId, take));
}
