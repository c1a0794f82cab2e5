/**
 * Problems in words a person reads. problem+json stays exact for the API (field paths, rule
 * wording, ISO timestamps); at the UI's edge (operation-call.ts `problemState`) each field's message
 * names the field in words ("End date", not `ends_at`), says the rule plainly ("Name can't be
 * empty", not "must be at least 1 character"), and the problem's detail loses HTTP methods, paths
 * and raw field names. A field the map does not know is spelled out from its name. Instants are
 * written in the viewer's time zone, named (viewer-time.ts).
 */
import { formatInstantIn } from './viewer-time';

/** Form input names (the field path without `body.`) → the words the form's label uses. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  title: 'Title',
  slug: 'Link slug',
  username: 'Username',
  display_name: 'Name',
  agency_name: 'Agency name',
  headline: 'Headline',
  bio: 'Bio',
  description: 'Description',
  contact_email: 'Contact email',
  email: 'Email',
  new_email: 'New email',
  password: 'Password',
  current_password: 'Current password',
  visibility: 'Visibility',
  template: 'Template',
  template_id: 'Template',
  theme: 'Theme',
  sections: 'Sections shown',
  sections_shown: 'Sections shown',
  accent_color: 'Accent colour',
  background_color: 'Background colour',
  picture_url: 'Picture URL',
  cover_url: 'Cover image URL',
  avatar_url: 'Picture URL',
  button_style: 'Button style',
  cta: 'Call to action',
  location: 'Location',
  country: 'Country',
  languages: 'Languages',
  tags: 'Tags',
  socials: 'Socials',
  creator_id: 'Creator',
  creator_ids: 'Creators',
  starts_at: 'Start date',
  ends_at: 'End date',
  status: 'Status',
  refresh_cadence: 'Metrics refresh',
  refresh_state: 'Refresh state',
  emv_override: 'EMV override',
  cpm: 'CPM',
  'cpm.instagram': 'Instagram CPM',
  'cpm.tiktok': 'TikTok CPM',
  'cpm.youtube': 'YouTube CPM',
  'cpm.twitter': 'X (Twitter) CPM',
  url: 'URL',
  posted_at: 'Posted date',
  views: 'Views',
  impressions: 'Impressions',
  engagements: 'Engagements',
  platform: 'Platform',
  events: 'Event types',
  since: 'Replay start',
  until: 'Replay end',
  expires_in_days: 'Expiry',
  scopes: 'Permissions',
  grace: 'Grace period',
  file: 'CSV file',
  type: 'Block type',
  blocks: 'Blocks',
  position: 'Order',
  hidden: 'Hidden',
  form: 'This form',
};

/** `socials.1.handle_or_url` → "Socials 2: handle or URL"; known names come from FIELD_LABELS. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const parts = field.split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (/^\d+$/.test(part)) {
      words[words.length - 1] = `${words.at(-1) ?? 'Item'} ${Number(part) + 1}`;
      continue;
    }
    const label = FIELD_LABELS[part] ?? part.replace(/_url$/, '_URL').replace(/_/g, ' ');
    words.push(i === 0 ? label : label.toLowerCase().replace(/\burl\b/g, 'URL'));
  }
  const text = words.join(': ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const lower = (label: string) => (/^[A-Z]{2,}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));
const sentence = (text: string) => {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

/** A stand-alone ISO 8601 instant → "1 Mar 2026, 09:00 Tokyo time" in the viewer's zone (UTC, named, before the browser said). */
const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})\b/g;
function readableInstants(text: string, zone: string): string {
  return text.replace(ISO_INSTANT, (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : formatInstantIn(zone, date);
  });
}

const HTTP = '(?:GET|POST|PUT|PATCH|DELETE)';

/**
 * Plain words for text written for developers: "(PATCH status: enabled)" and "with POST /x" go,
 * any other "PATCH /x/{id}" becomes "the API", `code spans` and known field names become words.
 */
export function humanText(text: string, zone = 'UTC'): string {
  let out = text
    .replace(new RegExp(`\\s*\\(${HTTP}\\b[^)]*\\)`, 'g'), '')
    .replace(new RegExp(`\\s*(?:with|through|via|using)\\s+${HTTP} \\/[^\\s;,)]*[^\\s;,).]`, 'g'), '')
    .replace(new RegExp(`${HTTP} \\/[^\\s;,)]*[^\\s;,).]`, 'g'), 'the API')
    .replace(/`([^`]+)`/g, (_, inner: string) => (/^[a-z][a-z0-9_.]*$/.test(inner) ? lower(fieldLabel(inner)) : inner))
    .replace(/\b(?:body|query|path)\.([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)/g, (_, path: string) => lower(fieldLabel(path)));
  // Bare snake_case field names the map knows (ends_at, contact_email); plain words stay as they are.
  out = out.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (word) => (FIELD_LABELS[word] ? lower(FIELD_LABELS[word]) : word));
  return readableInstants(out, zone);
}

/** Messages that need their own words, by the field error's code. */
const BY_CODE: Record<string, (label: string) => string> = {
  ends_before_start: () => 'The end date is before the start date: a campaign cannot end before it starts.',
};

/** One field's message under its input: the field named in words, the rule said plainly. */
export function humanFieldMessage(field: string, message: string, code?: string, zone = 'UTC'): string {
  const label = fieldLabel(field);
  const special = code ? BY_CODE[code] : undefined;
  if (special) return special(label);
  const m = message.trim();
  if (m === 'Required.' || m === 'Required' || /^required\b/i.test(m)) return `${label} is required.`;
  let rule = /^(?:must|has|does|is|cannot|can't|should)\b/i.test(m) ? m.charAt(0).toLowerCase() + m.slice(1) : null;
  if (rule) {
    rule = rule.replace(/^must be at least 1 character$/, "can't be empty");
    rule = rule.replace(/^must be at least (\d+) characters$/, 'needs at least $1 characters');
    rule = rule.replace(/^must be at most (\d+) characters?$/, 'can be at most $1 characters long');
    rule = rule.replace(/^must have at least 1 items?$/, 'needs at least one');
    rule = rule.replace(/^must be an ISO 8601 date-time.*$/, 'must be a date and time');
    rule = rule.replace(/^must be a date like .*$/, 'must be a date');
    rule = rule.replace(/^must be an absolute URL$/, 'must be a full web address, like https://example.com');
    rule = rule.replace(/^must be https$/, 'must start with https://');
    rule = rule.replace(/^must be a string$/, 'must be text');
    rule = rule.replace(/^must be one of .*$/, 'must be one of the choices offered');
    rule = rule.replace(/^must be ≥ (\S+)$/, 'must be $1 or more').replace(/^must be ≤ (\S+)$/, 'must be $1 or less');
    return sentence(`${label} ${humanText(rule, zone)}`);
  }
  // A message of its own ("This post is already tracked…"): keep it, in plain words.
  return sentence(humanText(m.charAt(0).toUpperCase() + m.slice(1), zone));
}
