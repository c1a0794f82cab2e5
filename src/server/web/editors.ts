/**
 * The editor pages' forms: which fields each resource's editor offers and how stored rows become
 * form values. The update operation behind each editor validates what is sent (web/editor.ts).
 */
import type { Campaign as CampaignRow, Deck as DeckRow, LinkInBioPage, MediaKit as MediaKitRow } from '../../generated/prisma/client';
import { CPM_PLATFORMS, REFRESH_CADENCES, REFRESH_STATES } from '../services/campaigns';
import { DECK_CTAS, DECK_THEMES, DECK_VISIBILITIES } from '../services/decks';
import { BUTTON_STYLES, LINK_IN_BIO_LIMITS, LINK_IN_BIO_THEMES } from '../services/link-in-bio-rules';
import { MEDIA_KIT_TEMPLATES, MEDIA_KIT_THEMES } from '../services/media-kits';
import { dateTimeLocalIn } from './viewer-time';
import type { EditorField, EditorValues } from './editor-fields';

const options = (values: readonly string[], labels: Record<string, string> = {}) => values.map((value) => ({ value, label: labels[value] ?? value }));
const THEME_LABELS = { light: 'Light', dark: 'Dark' };
const VISIBILITY_LABELS = { link: 'Anyone with the link', private: 'Private (only you)' };
const COLOR_HINT = 'A hex colour like #2563EB; leave empty for the default.';

/** The two design colours kits, decks and link-in-bio pages share (a page's accent colours its buttons). */
const colorFields = (accentLabel: string) =>
  [
    { name: 'accent_color', label: accentLabel, kind: 'color', nullable: true, hint: COLOR_HINT },
    { name: 'background_color', label: 'Background colour', kind: 'color', nullable: true, hint: COLOR_HINT },
  ] as const satisfies readonly EditorField[];
const colorValues = (row: { accentColor: string | null; backgroundColor: string | null }): EditorValues => ({
  accent_color: row.accentColor ?? '',
  background_color: row.backgroundColor ?? '',
});

/**
 * The media-kit sections the share page can fill today. `content`, `brands` and `rates` have no data
 * behind them yet (the API accepts them for its contract), so the editor does not offer them and
 * saving the checklist drops them rather than showing empty headings.
 */
export const SHOWN_KIT_SECTIONS = ['about', 'socials', 'audience', 'contact'] as const;
const SECTION_LABELS: Record<(typeof SHOWN_KIT_SECTIONS)[number], string> = {
  about: 'About (the bio)',
  socials: 'Platforms',
  audience: 'Audience figures',
  contact: 'Contact button',
};

export const mediaKitEditor = {
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100 },
    { name: 'visibility', label: 'Visibility', kind: 'select', options: options(['link', 'private'], VISIBILITY_LABELS) },
    {
      name: 'template',
      label: 'Template',
      kind: 'select',
      options: MEDIA_KIT_TEMPLATES.map((t) => ({ value: t.id, label: t.name })),
      hint: 'A new template brings its own theme, colours and sections unless you change those too.',
    },
    { name: 'theme', label: 'Theme', kind: 'select', options: options(MEDIA_KIT_THEMES, THEME_LABELS) },
    { name: 'headline', label: 'Headline', kind: 'text', maxLength: 120, nullable: true, wide: true },
    { name: 'bio', label: 'Bio', kind: 'textarea', maxLength: 2000, nullable: true, wide: true },
    { name: 'contact_email', label: 'Contact email', kind: 'email', nullable: true },
    {
      name: 'sections',
      label: 'Sections shown',
      kind: 'checklist',
      options: SHOWN_KIT_SECTIONS.map((value) => ({ value, label: SECTION_LABELS[value] })),
      hint: 'In this order on the page. Sections without data (no bio, no measured audience, no contact email) stay hidden.',
      wide: true,
    },
    ...colorFields('Accent colour'),
    { name: 'picture_url', label: 'Picture URL', kind: 'url', nullable: true, hint: 'An https:// image address; uploads are not supported.' },
    { name: 'cover_url', label: 'Cover image URL', kind: 'url', nullable: true, hint: 'An https:// image address.' },
  ] as const satisfies readonly EditorField[],
  values: (kit: MediaKitRow): EditorValues => ({
    name: kit.name,
    visibility: kit.visibility,
    template: kit.templateId,
    theme: kit.theme,
    headline: kit.headline ?? '',
    bio: kit.bio ?? '',
    contact_email: kit.contactEmail ?? '',
    sections: kit.sectionsShown.filter((section) => (SHOWN_KIT_SECTIONS as readonly string[]).includes(section)).join(','),
    ...colorValues(kit),
    picture_url: kit.pictureUrl ?? '',
    cover_url: kit.coverUrl ?? '',
  }),
};

const CTA_LABELS = { partnerWithMe: 'Partner with me', contactUs: 'Contact us', requestRates: 'Request rates', bookACall: 'Book a call', none: 'No button' };

export const deckEditor = {
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 120 },
    { name: 'slug', label: 'Link slug', kind: 'text', required: true, maxLength: 64, hint: 'Lowercase letters, digits and hyphens. Changing it breaks links already shared.' },
    { name: 'visibility', label: 'Visibility', kind: 'select', options: options(DECK_VISIBILITIES, VISIBILITY_LABELS) },
    { name: 'cta', label: 'Call to action', kind: 'select', options: options(DECK_CTAS, CTA_LABELS) },
    { name: 'bio', label: 'Introduction', kind: 'textarea', maxLength: 2000, nullable: true, wide: true },
    { name: 'contact_email', label: 'Contact email', kind: 'email', nullable: true },
    { name: 'location', label: 'Location', kind: 'text', maxLength: 100, nullable: true },
    { name: 'tags', label: 'Tags', kind: 'tags', hint: 'Comma-separated, up to 20.', wide: true },
    { name: 'theme', label: 'Theme', kind: 'select', options: options(DECK_THEMES, THEME_LABELS) },
    ...colorFields('Accent colour'),
  ] as const satisfies readonly EditorField[],
  values: (deck: DeckRow): EditorValues => ({
    title: deck.title,
    slug: deck.slug,
    visibility: deck.visibility,
    cta: deck.cta,
    bio: deck.bio ?? '',
    contact_email: deck.contactEmail ?? '',
    location: deck.location ?? '',
    tags: deck.tags.join(', '),
    theme: deck.theme,
    ...colorValues(deck),
  }),
};

const PLATFORM_LABELS: Record<string, string> = { instagram: 'Instagram', tiktok: 'TikTok', youtube: 'YouTube', twitter: 'X (Twitter)' };

export const campaignEditor = {
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
    { name: 'description', label: 'Description', kind: 'textarea', maxLength: 5000, nullable: true, wide: true },
    // The form adds the zone its times are in to these labels ("Starts (Tokyo time)").
    { name: 'starts_at', label: 'Starts', kind: 'datetime', nullable: true },
    { name: 'ends_at', label: 'Ends', kind: 'datetime', nullable: true, hint: 'Not before the start.' },
    { name: 'refresh_cadence', label: 'Metrics refresh', kind: 'select', options: options(REFRESH_CADENCES, { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly' }) },
    { name: 'refresh_state', label: 'Refresh state', kind: 'select', options: options(REFRESH_STATES, { active: 'Active', paused: 'Paused' }) },
    ...CPM_PLATFORMS.map(
      (platform) =>
        ({
          name: `cpm.${platform}`,
          label: `CPM ${PLATFORM_LABELS[platform] ?? platform}`,
          kind: 'number',
          // No currency is stored with amounts (the API's contract has none): say which one they are in.
          hint: 'Cost per 1,000 views, in your reporting currency: the one currency you use for every CPM and EMV.',
        }) as const,
    ),
    {
      name: 'emv_override',
      label: 'EMV override',
      kind: 'number',
      nullable: true,
      hint: 'In your reporting currency, like the CPMs. Leave empty to compute earned media value from the CPMs.',
    },
  ] satisfies readonly EditorField[],
  /** The stored campaign as the form shows it, its times in `zone` (the viewer's; the form's on save). */
  values: (campaign: CampaignRow, zone: string): EditorValues => ({
    name: campaign.name,
    description: campaign.description ?? '',
    starts_at: dateTimeLocalIn(zone, campaign.startsAt),
    ends_at: dateTimeLocalIn(zone, campaign.endsAt),
    refresh_cadence: campaign.refreshCadence,
    refresh_state: campaign.refreshState,
    'cpm.instagram': String(campaign.cpmInstagram ?? 0),
    'cpm.tiktok': String(campaign.cpmTiktok ?? 0),
    'cpm.youtube': String(campaign.cpmYoutube ?? 0),
    'cpm.twitter': String(campaign.cpmTwitter ?? 0),
    emv_override: campaign.emvOverride === null ? '' : String(campaign.emvOverride),
  }),
};

export const linkInBioEditor = {
  fields: [
    {
      name: 'username',
      label: 'Username',
      kind: 'text',
      required: true,
      maxLength: LINK_IN_BIO_LIMITS.usernameMax,
      hint: 'Letters, digits, periods and underscores, without @.',
    },
    {
      name: 'slug',
      label: 'Link slug',
      kind: 'text',
      required: true,
      maxLength: LINK_IN_BIO_LIMITS.slugMax,
      hint: '3–40 lowercase letters, digits and inner hyphens. Changing it breaks links already shared.',
    },
    { name: 'bio', label: 'Bio', kind: 'textarea', maxLength: LINK_IN_BIO_LIMITS.bio, nullable: true, wide: true },
    { name: 'theme', label: 'Theme', kind: 'select', options: options(LINK_IN_BIO_THEMES, THEME_LABELS) },
    {
      name: 'button_style',
      label: 'Button style',
      kind: 'select',
      options: options(BUTTON_STYLES, { rounded: 'Rounded', pill: 'Pill', square: 'Square', outline: 'Outline' }),
    },
    ...colorFields('Button colour'),
    { name: 'picture_url', label: 'Picture URL', kind: 'url', nullable: true, hint: 'An https:// image address of your profile picture; uploads are not supported.', wide: true },
  ] as const satisfies readonly EditorField[],
  values: (page: LinkInBioPage): EditorValues => ({
    username: page.username,
    slug: page.slug,
    bio: page.bio ?? '',
    theme: page.theme,
    button_style: page.buttonStyle,
    ...colorValues(page),
    picture_url: page.pictureUrl ?? '',
  }),
};

/** The campaign form's starting values on the "new campaign" page: fields left as they are take the API's defaults. */
export const campaignCreateDefaults: EditorValues = {
  name: '',
  description: '',
  starts_at: '',
  ends_at: '',
  refresh_cadence: 'daily',
  refresh_state: 'active',
  'cpm.instagram': '0',
  'cpm.tiktok': '0',
  'cpm.youtube': '0',
  'cpm.twitter': '0',
  emv_override: '',
};
