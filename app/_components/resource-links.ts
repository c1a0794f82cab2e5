/** Where each kind of thing lives in the editor: its index page, its editor, and its name in words. */
export type ResourceKind = 'media_kit' | 'deck' | 'campaign' | 'link_in_bio' | 'roster';

export const KIND_LABELS: Record<ResourceKind, { one: string; many: string }> = {
  media_kit: { one: 'Media kit', many: 'Media kits' },
  deck: { one: 'Pitch deck', many: 'Pitch decks' },
  campaign: { one: 'Campaign', many: 'Campaigns' },
  link_in_bio: { one: 'Link in bio', many: 'Link in bio' },
  roster: { one: 'Roster', many: 'Roster' },
};

export const INDEX_HREFS: Record<ResourceKind, string> = {
  media_kit: '/editor/media-kits',
  deck: '/editor/decks',
  campaign: '/editor/campaigns',
  link_in_bio: '/editor/link-in-bio',
  roster: '/editor/roster',
};

export function editHref(kind: ResourceKind, id: string): string {
  return kind === 'link_in_bio' || kind === 'roster' ? INDEX_HREFS[kind] : `${INDEX_HREFS[kind]}/${id}`;
}

/** The kind whose index page a breadcrumb's "Media kits" step links to, from the editor's kind label. */
export function kindOfLabel(label: string): ResourceKind | null {
  for (const [kind, labels] of Object.entries(KIND_LABELS) as [ResourceKind, { one: string; many: string }][]) {
    if (labels.one === label || labels.many === label) return kind;
  }
  return null;
}
