import { describe, expect, it } from 'vitest';
import { fieldLabel, humanFieldMessage, humanText } from '../../src/server/web/human-copy';
import { problemState } from '../../src/server/web/operation-call';

describe('human copy at the UI edge: field names in words, no HTTP in messages', () => {
  it('names fields in words', () => {
    expect(fieldLabel('ends_at')).toBe('End date');
    expect(fieldLabel('cpm.tiktok')).toBe('TikTok CPM');
    expect(fieldLabel('socials.1.handle_or_url')).toBe('Socials 2: handle or URL');
    expect(fieldLabel('some_new_field')).toBe('Some new field');
  });

  it('says which field and the rule plainly', () => {
    expect(humanFieldMessage('name', 'must be at least 1 character')).toBe("Name can't be empty.");
    expect(humanFieldMessage('title', 'must be at most 120 characters')).toBe('Title can be at most 120 characters long.');
    expect(humanFieldMessage('starts_at', 'must be an ISO 8601 date-time with Z or an offset, like 2026-03-01T09:00:00Z')).toBe('Start date must be a date and time.');
    expect(humanFieldMessage('picture_url', 'must be https')).toBe('Picture URL must start with https://.');
    expect(humanFieldMessage('contact_email', 'Required.')).toBe('Contact email is required.');
    expect(humanFieldMessage('until', 'Must be later than `since`.')).toBe('Replay end must be later than replay start.');
    expect(humanFieldMessage('url', 'This post is already tracked in this campaign.')).toBe('This post is already tracked in this campaign.');
  });

  it('rewrites the campaign date rule without field names or ISO timestamps', () => {
    const message = humanFieldMessage('ends_at', 'ends_at (2026-02-01T09:00:00.000Z) is before starts_at (2026-03-01T09:00:00.000Z); a campaign cannot end before it starts.', 'ends_before_start');
    expect(message).toBe('The end date is before the start date: a campaign cannot end before it starts.');
    expect(humanText('ends_at (2026-02-01T09:00:00.000Z) is before starts_at')).toBe('end date (1 Feb 2026, 09:00 UTC) is before start date');
  });

  it('drops HTTP methods and paths from details', () => {
    expect(humanText('The endpoint is disabled; enable it (PATCH status: enabled) before replaying deliveries.')).toBe('The endpoint is disabled; enable it before replaying deliveries.');
    expect(humanText('You have no link-in-bio page yet; create it with POST /link-in-bio.')).toBe('You have no link-in-bio page yet; create it.');
    expect(humanText('PATCH /campaigns/{id} answers 400 for them.')).toBe('the API answers 400 for them.');
  });

  it('problemState: the form gets words, the detail loses jargon', () => {
    const state = problemState({
      slug: 'validation-error',
      status: 400,
      detail: 'body.name: must be at least 1 character',
      errors: [{ path: 'body.name', message: 'must be at least 1 character', code: 'too_small' }],
      headers: {},
    });
    expect(state).toMatchObject({ status: 'error', message: 'Check the highlighted fields.', fieldErrors: { name: "Name can't be empty." } });
    const conflict = problemState({ slug: 'conflict', status: 409, detail: 'You already have a link-in-bio page (one per creator); change it with PATCH /link-in-bio.', headers: {} });
    expect(conflict.message).toBe('You already have a link-in-bio page (one per creator); change it.');
  });
});
