import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createKey, formAlert, formStatus, screenshot, signUp } from './support';

async function api(request: APIRequestContext, secret: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await request.fetch(`/public/v1${path}`, { method, headers: { authorization: `Bearer ${secret}` }, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data;
}

/** The path of an absolute editor_url, so the test follows the URL the API hands out. */
const pathOf = (url: string) => new URL(url).pathname;

/** Opens `url` as a visitor without a session (a context of its own), runs `check`, and closes it. */
async function asVisitor(browser: Browser, url: string, check: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(pathOf(url));
    await check(page);
  } finally {
    await context.close();
  }
}

async function expectNotFound(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
}

test('an agency edits the media kit, deck and campaign behind their editor_urls; another account gets 404', async ({ page, browser, request }, testInfo) => {
  await signUp(page, 'agency', 'editor');
  await page.goto('/settings/api-keys');
  const secret = await createKey(page, 'Editor test', ['roster:write', 'media_kits:read', 'decks:write', 'decks:read', 'campaigns:write', 'campaigns:read']);

  const added = await api(request, secret, 'POST', '/creators', { display_name: 'Nia Nakamura' });
  const kit = added.media_kit;
  const deck = await api(request, secret, 'POST', '/decks', { title: 'Spring roster', creator_ids: [added.creator.id] });
  const campaign = await api(request, secret, 'POST', '/campaigns', { name: 'Launch week' });

  // Media kit: change the name and headline; the API reads back the same values.
  await page.goto(pathOf(kit.editor_url));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(kit.name);
  await page.getByLabel('Name', { exact: true }).fill('Nia — brand kit');
  await page.getByLabel('Headline').fill('Tokyo food and travel');
  await page.getByLabel('Accent colour').fill('not a colour');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(formAlert(page)).toContainText('Check the highlighted fields');
  await expect(page.getByLabel('Accent colour')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Accent colour').fill('#0F766E');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(formStatus(page)).toHaveText('Changes saved.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nia — brand kit');
  await screenshot(page, testInfo, 'editor-media-kit');
  const storedKit = await api(request, secret, 'GET', `/media-kits/${kit.id}`);
  expect(storedKit).toMatchObject({ name: 'Nia — brand kit', headline: 'Tokyo food and travel', accent_color: '#0F766E' });

  // Deck and campaign.
  await page.goto(pathOf(deck.editor_url));
  await page.getByLabel('Title').fill('Spring roster 2026');
  await page.getByLabel('Tags').fill('food, travel');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(formStatus(page)).toHaveText('Changes saved.');
  await screenshot(page, testInfo, 'editor-deck');
  expect(await api(request, secret, 'GET', `/decks/${deck.id}`)).toMatchObject({ title: 'Spring roster 2026', tags: ['food', 'travel'] });

  // Deck viewer password: too short is refused; set, it guards the share page; removed, it opens again.
  const passwordForm = page.getByRole('form', { name: 'Viewer password' });
  await passwordForm.getByLabel('Password', { exact: true }).fill('short');
  await passwordForm.getByRole('button', { name: 'Set password' }).click();
  await expect(passwordForm.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await passwordForm.getByLabel('Password', { exact: true }).fill('spring secret 26');
  await passwordForm.getByRole('button', { name: 'Set password' }).click();
  await expect(formStatus(passwordForm)).toHaveText('Password set: viewers must enter it.');
  expect((await api(request, secret, 'GET', `/decks/${deck.id}`)).has_password).toBe(true);
  await asVisitor(browser, deck.share_url, async (viewer) => {
    await expect(viewer.getByRole('heading', { level: 3, name: 'Nia Nakamura' })).toHaveCount(0);
    await viewer.getByLabel('Password').fill('spring secret 26');
    await viewer.getByRole('button', { name: 'View deck' }).click();
    await expect(viewer.getByRole('heading', { level: 3, name: 'Nia Nakamura' })).toBeVisible();
  });
  await passwordForm.getByRole('button', { name: 'Remove password' }).click();
  await expect(formStatus(passwordForm)).toHaveText('Password removed: anyone with the link can open the deck.');
  expect((await api(request, secret, 'GET', `/decks/${deck.id}`)).has_password).toBe(false);
  await asVisitor(browser, deck.share_url, (anyone) => expect(anyone.getByRole('heading', { level: 3, name: 'Nia Nakamura' })).toBeVisible());

  await page.goto(pathOf(campaign.editor_url));
  await page.getByLabel('Starts (UTC)').fill('2026-03-01T09:00');
  await page.getByLabel('Ends (UTC)').fill('2026-02-01T09:00');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(formAlert(page)).toBeVisible();
  await page.getByLabel('Ends (UTC)').fill('2026-03-31T18:00');
  await page.getByLabel('CPM Instagram').fill('12.5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(formStatus(page)).toHaveText('Changes saved.');
  await screenshot(page, testInfo, 'editor-campaign');
  const storedCampaign = await api(request, secret, 'GET', `/campaigns/${campaign.id}`);
  expect(storedCampaign).toMatchObject({ starts_at: '2026-03-01T09:00:00.000Z', ends_at: '2026-03-31T18:00:00.000Z' });
  expect(storedCampaign.cpm.instagram).toBe(12.5);

  // The overview links to each editor.
  await page.goto('/settings');
  await expect(page.getByRole('link', { name: 'Nia — brand kit' })).toHaveAttribute('href', pathOf(kit.editor_url));
  await expect(page.getByRole('link', { name: 'Launch week' })).toHaveAttribute('href', pathOf(campaign.editor_url));

  // Someone else: the same URLs are 404, with no hint that they exist.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUp(other, 'agency', 'intruder');
  for (const url of [kit.editor_url, deck.editor_url, campaign.editor_url]) await expectNotFound(other, pathOf(url));
  await screenshot(other, testInfo, 'editor-not-found');
  await otherContext.close();
});

test('a creator edits their link-in-bio page; an agency gets 404 there', async ({ page, browser, request }, testInfo) => {
  await signUp(page, 'creator', 'bio');
  await page.goto('/settings/api-keys');
  const secret = await createKey(page, 'Bio', ['link_in_bio:write', 'link_in_bio:read']);
  const slug = `cleo-${Date.now().toString(36)}`;
  const created = await api(request, secret, 'POST', '/link-in-bio', {
    slug,
    username: slug.replace(/-/g, '_'),
    bio: 'Hello',
    blocks: [{ client_id: 'a', type: 'link', title: 'My shop', url: 'https://shop.example.com' }],
  });

  await page.goto(pathOf(created.editor_url));
  const shop = page.getByRole('form', { name: 'Link block: My shop' });
  await expect(shop.getByLabel('URL')).toHaveValue('https://shop.example.com');
  await page.getByLabel('Bio').fill('Recipes every Friday');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(formStatus(page)).toHaveText('Changes saved.');
  await screenshot(page, testInfo, 'editor-link-in-bio');
  expect(await api(request, secret, 'GET', '/link-in-bio')).toMatchObject({ bio: 'Recipes every Friday' });
  await page.goto('/editor/link-in-bio');
  await expect(page.getByLabel('Bio')).toHaveValue('Recipes every Friday');

  // Blocks: edit one (a bad URL is refused next to the field), hide it, then add a heading.
  await shop.getByLabel('Title').fill('The shop');
  await shop.getByLabel('URL').fill('javascript:alert(1)');
  await shop.getByRole('button', { name: 'Save block' }).click();
  await expect(shop.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  await shop.getByLabel('URL').fill('https://shop.example.com/spring');
  await shop.getByRole('button', { name: 'Save block' }).click();
  await expect(formStatus(page.getByRole('form', { name: 'Link block: The shop' }))).toHaveText('Block saved.');
  await page.getByRole('button', { name: 'Hide “The shop”' }).click();
  await expect(page.locator('.block-order > .alert-success')).toHaveText('“The shop” is hidden from your page.');
  const adder = page.getByRole('form', { name: 'Add a block' });
  await adder.getByLabel('Type').selectOption('title');
  await adder.getByLabel('Title or text').fill('Weekly recipes');
  await adder.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByRole('form', { name: 'Heading block: Weekly recipes' })).toBeVisible();
  await screenshot(page, testInfo, 'editor-link-in-bio-blocks');
  const stored = await api(request, secret, 'GET', '/link-in-bio');
  expect(stored.blocks.map((b: { type: string; title: string; url: string | null; visible: boolean }) => [b.type, b.title, b.url, b.visible])).toEqual([
    ['link', 'The shop', 'https://shop.example.com/spring', false],
    ['title', 'Weekly recipes', null, true],
  ]);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUp(other, 'agency', 'bio-intruder');
  await expectNotFound(other, pathOf(created.editor_url));
  await expectNotFound(other, '/editor/link-in-bio');
  await otherContext.close();
});
