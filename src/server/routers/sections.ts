import { anySubject } from '../trpc/operation';
import { section } from '../trpc/section';

// The sections of the OpenAPI document (one tag per public operation), each with the access its
// operations need to read (GET) and to write (any other method) unless one declares its own.
export const identitySection = section('Identity', 'The key and the subject it acts for.', { read: anySubject(null) });
export const creatorsSection = section('Creators', 'The agency roster and creator profiles.', { read: { agency: 'roster:read' }, write: { agency: 'roster:write' } });
export const creatorImportsSection = section('Creator imports', 'CSV roster imports.', { read: { agency: 'roster:read' }, write: { agency: 'roster:write' } });
export const socialsSection = section('Socials', 'Connected social accounts.', { read: { agency: 'roster:read', creator: 'profile:read' } });
export const mediaKitsSection = section('Media kits', 'Media kits and their templates.', { read: anySubject('media_kits:read'), write: anySubject('media_kits:write') });
export const linkInBioSection = section('Link in bio', 'The creator’s link-in-bio page.', { read: { creator: 'link_in_bio:read' }, write: { creator: 'link_in_bio:write' } });
export const decksSection = section('Decks', 'Agency pitch decks.', { read: { agency: 'decks:read' }, write: { agency: 'decks:write' } });
export const campaignsSection = section('Campaigns', 'Campaigns owned by a creator or an agency.', { read: anySubject('campaigns:read'), write: anySubject('campaigns:write') });
export const analyticsSection = section('Analytics', 'Page-view analytics.', { read: anySubject('analytics:read') });
export const sponsorshipsSection = section('Sponsorships', 'Sponsorship matches.', { read: anySubject('sponsorships:read') });
export const webhooksSection = section(
  'Webhooks',
  'Webhook endpoints, their delivery log and the event catalogue; the events themselves are under `webhooks`.',
  { read: anySubject('webhooks:read'), write: anySubject('webhooks:write') },
);
export const auditSection = section('Audit', 'The account’s audit log: who changed keys, webhooks, the plan or sharing.', { read: anySubject('audit:read') });

export const requestLogsSection = section(
  'Request logs',
  'Every call the subject made to `/public/v1` and `/mcp` in the key’s mode, newest first; searchable by request id.',
  { read: anySubject('logs:read') },
);

/** In the order the document lists them. */
export const DOCUMENT_SECTIONS = [
  identitySection,
  creatorsSection,
  creatorImportsSection,
  socialsSection,
  mediaKitsSection,
  linkInBioSection,
  decksSection,
  campaignsSection,
  analyticsSection,
  sponsorshipsSection,
  webhooksSection,
  auditSection,
  requestLogsSection,
];
