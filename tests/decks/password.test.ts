import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { capturingLogger } from '../support/capturing-logger';
import { rosterCreator } from './fixtures';

/** Distinctive strings, so a match anywhere (body, header, log line) can only be a leak. */
const FIRST = 'Tr0ub4dor-first-3xq9';
const SECOND = 'c0rrect-h0rse-SECOND-7mvk';
const REJECTED = 'rejected-pw-91zz'.repeat(9); // 144 characters: too long, refused with 400
const PASSWORDS = [FIRST, SECOND, REJECTED];

describe('deck passwords are write-only: never returned, never logged', () => {
  let t: TestApp;
  let agencyId: string;
  let key: string;
  let member: string;
  // Every line the service logs, with its fields, as text: a password in any of them is a leak.
  const logger = capturingLogger();
  const captured = { join: () => logger.lines.map((line) => JSON.stringify(line)).join('\n') };

  beforeAll(async () => {
    t = await startTestApp({ config: { logLevel: 'debug' }, logger });
    agencyId = (await t.agency({ plan: 'free' })).id;
    key = await t.key({ type: 'agency', id: agencyId }, ['decks:read', 'decks:write']);
    member = await rosterCreator(t, agencyId);
  });
  afterAll(() => t.close());

  beforeEach(() => {
    logger.lines.length = 0;
  });

  /** Sends a request and fails if any password shows up in the status line, headers or body. */
  async function send(path: string, init: RequestInit & { json?: unknown } = {}) {
    const response = await t.request(path, { ...init, key });
    const text = await response.text();
    const headers = JSON.stringify([...response.headers]);
    for (const password of PASSWORDS) {
      expect(text).not.toContain(password);
      expect(headers).not.toContain(password);
    }
    return { status: response.status, body: JSON.parse(text) };
  }

  it('sets, replaces and clears the password; responses only say has_password; logs never carry it', async () => {
    t.app.services.logger.debug('capture probe');
    expect(captured.join()).toContain('capture probe');

    const created = await send('/public/v1/decks', { method: 'POST', json: { title: 'Locked', creator_ids: [member], password: FIRST } });
    expect(created.status).toBe(201);
    expect(created.body.data.has_password).toBe(true);
    expect(Object.keys(created.body.data)).not.toContain('password');
    const id = created.body.data.id as string;

    const stored = await t.db.deck.findUniqueOrThrow({ where: { id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored)).not.toContain(FIRST);
    expect(await verify(stored.passwordHash!, FIRST)).toBe(true);

    const replaced = await send(`/public/v1/decks/${id}`, { method: 'PATCH', json: { password: SECOND } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.has_password).toBe(true);
    const rehashed = (await t.db.deck.findUniqueOrThrow({ where: { id } })).passwordHash!;
    expect(await verify(rehashed, SECOND)).toBe(true);
    expect(await verify(rehashed, FIRST)).toBe(false);

    const untouched = await send(`/public/v1/decks/${id}`, { method: 'PATCH', json: { title: 'Still locked' } });
    expect(untouched.body.data.has_password).toBe(true);
    expect((await t.db.deck.findUniqueOrThrow({ where: { id } })).passwordHash).toBe(rehashed);

    expect((await send(`/public/v1/decks/${id}`)).body.data.has_password).toBe(true);
    expect((await send('/public/v1/decks')).body.data[0].has_password).toBe(true);

    const cleared = await send(`/public/v1/decks/${id}`, { method: 'PATCH', json: { password: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.has_password).toBe(false);
    expect((await t.db.deck.findUniqueOrThrow({ where: { id } })).passwordHash).toBeNull();

    expect(captured.join()).not.toMatch(new RegExp(PASSWORDS.join('|')));
  });

  it('keeps the password out of every refusal (400, 404, 409, 403) and its log output', async () => {
    const tooShort = await send('/public/v1/decks', { method: 'POST', json: { title: 'Short', password: 'seven77' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.errors[0].path).toBe('body.password');
    expect(JSON.stringify(tooShort.body)).not.toContain('seven77');

    const tooLong = await send('/public/v1/decks', { method: 'POST', json: { title: 'Long', password: REJECTED } });
    expect(tooLong.status).toBe(400);
    const offRoster = await send('/public/v1/decks', { method: 'POST', json: { title: 'Nope', creator_ids: ['0123456789abcdef01234567'], password: FIRST } });
    expect(offRoster.status).toBe(404);
    const first = await send('/public/v1/decks', { method: 'POST', json: { title: 'Slugged', slug: `slugged-${agencyId}`, password: FIRST } });
    expect(first.status).toBe(201);
    const clash = await send('/public/v1/decks', { method: 'POST', json: { title: 'Clash', slug: `slugged-${agencyId}`, password: SECOND } });
    expect(clash.status).toBe(409);
    const noSuchDeck = await send('/public/v1/decks/0123456789abcdef01234567', { method: 'PATCH', json: { password: SECOND } });
    expect(noSuchDeck.status).toBe(404);
    const badPatch = await send(`/public/v1/decks/${first.body.data.id}`, { method: 'PATCH', json: { password: SECOND, visibility: 'nope' } });
    expect(badPatch.status).toBe(400);
    const third = await send('/public/v1/decks', { method: 'POST', json: { title: 'Third', password: FIRST } });
    expect(third.status).toBe(201);
    const overAllowance = await send('/public/v1/decks', { method: 'POST', json: { title: 'Fourth', password: SECOND } });
    expect(overAllowance.status).toBe(403);

    expect(captured.join()).not.toMatch(new RegExp(`${PASSWORDS.join('|')}|seven77`));
  });
});
