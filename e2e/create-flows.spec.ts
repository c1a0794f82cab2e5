import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, formAlert, formStatus, screenshot, signUp } from './support';

/**
 * Everything created from the UI, never the API: a new creator goes from sign-up to a published,
 * themed link-in-bio page; a new agency builds a roster (form and CSV), a deck and a campaign, and
 * publishes the campaign's report with one participant and a post. axe-core checks each page.
 */

// Headless Chromium says "HeadlessChrome", which page-view counting rightly ignores.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' });

async function asVisitor(browser: Browser, path: string, check: (page: Page) => Promise<void>, options: { width?: number } = {}) {
  const context = await browser.newContext({ viewport: options.width ? { width: options.width, height: 844 } : undefined });
  try {
    const page = await context.newPage();
    await page.goto(path);
    await check(page);
  } finally {
    await context.close();
  }
}

test('a new creator goes from sign-up to a published, themed link-in-bio page without the API', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, 'creator', 'lib-create');
  // The settings overview invites the action instead of naming an endpoint.
  await page.goto('/settings');
  await expect(page.getByText('POST /public/v1')).toHaveCount(0);
  await page.getByRole('link', { name: 'Create your page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your link-in-bio page' })).toBeVisible();
  await expectAccessible(page, 'create link-in-bio');
  const slug = `cleo-${Date.now().toString(36)}`;
  await page.getByLabel('Username').fill(`cleo.${Date.now().toString(36)}`);
  await page.getByLabel('Page address').fill(slug);
  await page.getByLabel('Bio (optional)').fill('Recipes, travel and the gear I use.');
  await page.getByRole('button', { name: 'Create my page' }).click();
  await expect(page).toHaveURL(/\/editor\/link-in-bio\?created=1$/);
  await expect(page.getByText('Page created.')).toBeVisible();

  // Three blocks through the "Add a block" form.
  const add = async (type: 'link' | 'title', title: string, url?: string) => {
    const form = page.getByRole('form', { name: 'Add a block' });
    await form.getByLabel('Type').selectOption(type);
    await form.getByLabel('Title or text').fill(title);
    if (url) await form.getByLabel('URL (links only)').fill(url);
    await form.getByRole('button', { name: 'Add block' }).click();
    await expect(page.getByRole('form', { name: new RegExp(`block: ${title}`) })).toBeVisible();
  };
  await add('link', 'My shop', 'https://shop.example.com/');
  await add('link', 'Latest video', 'https://www.youtube.com/watch?v=abc123');
  await add('title', 'Elsewhere');

  // Reorder with the keyboard alternative: move "Elsewhere" to the top.
  const order = page.locator('.order-list');
  await expect(order.locator('li')).toHaveCount(3);
  await page.getByRole('button', { name: 'Move “Elsewhere” up' }).click();
  await expect(page.locator('.block-order > .alert-success')).toContainText('position 2 of 3');
  await page.getByRole('button', { name: 'Move “Elsewhere” up' }).click();
  await expect(page.locator('.block-order > .alert-success')).toContainText('position 1 of 3');
  await page.reload();
  await expect(order.locator('li').first()).toContainText('Elsewhere');

  // Drag and drop: "Latest video" above "My shop".
  await order.locator('li', { hasText: 'Latest video' }).locator('.drag-handle').dragTo(order.locator('li', { hasText: 'My shop' }).locator('.drag-handle'));
  await expect(page.locator('.block-order > .alert-success')).toContainText('Moved “Latest video” to position 2');
  await page.reload();
  await expect(order.locator('li')).toHaveText([/Elsewhere/, /Latest video/, /My shop/]);

  // Hide one block: one click.
  await page.getByRole('button', { name: 'Hide “My shop”' }).click();
  await expect(page.locator('.block-order > .alert-success')).toHaveText('“My shop” is hidden from your page.');

  // Theme: dark with pill buttons in an accent colour.
  await page.getByLabel('Theme').selectOption('dark');
  await page.getByLabel('Button style').selectOption('pill');
  await page.getByLabel('Button colour').fill('#F97316');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(formStatus(page.locator('section[aria-labelledby="edit-heading"]'))).toHaveText('Changes saved.');
  await expectAccessible(page, 'link-in-bio editor');
  await screenshot(page, testInfo, 'create-link-in-bio-editor');

  for (const width of [undefined, 390]) {
    await asVisitor(
      browser,
      `/l/${slug}`,
      async (visitor) => {
        await expect(visitor.getByRole('heading', { level: 1, name: 'Cleo Creator' })).toBeVisible();
        const links = visitor.getByRole('link', { name: /Latest video|My shop/ });
        await expect(links).toHaveText(['Latest video']);
        await expect(visitor.getByRole('heading', { name: 'Elsewhere' })).toBeVisible();
        // The theme and button style reach the page.
        const button = visitor.getByRole('link', { name: 'Latest video' });
        expect(await button.evaluate((el) => getComputedStyle(el).borderRadius)).toMatch(/^(9999|999)px$/);
        expect(await visitor.locator('[data-theme]').first().getAttribute('data-theme')).toBe('dark');
        await expectAccessible(visitor, `public link-in-bio ${width ?? 'desktop'}`);
        await screenshot(visitor, testInfo, width ? 'share-link-in-bio-created-phone' : 'share-link-in-bio-created');
      },
      { width },
    );
  }
});

test('a new agency builds a roster, a deck and a campaign, and publishes the report with one participant', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page, 'agency', 'agency-create');
  await page.getByRole('link', { name: 'Add creators' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
  await expectAccessible(page, 'roster page');

  // One creator through the form, with two socials; a bad handle is named next to its row.
  const form = page.getByRole('form', { name: 'Add a creator' });
  await form.getByLabel('Name').fill('Nia Nakamura');
  await form.getByLabel('Country (optional)').fill('JP');
  await form.getByLabel('Handle or URL 1').fill('https://www.instagram.com/p/not-a-profile/');
  await form.getByRole('button', { name: 'Add creator' }).click();
  await expect(form.getByLabel('Handle or URL 1')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Handle or URL 1').fill('@nia.eats');
  await form.getByRole('button', { name: 'Add another social' }).click();
  await form.getByLabel('Platform 2').selectOption('tiktok');
  await form.getByLabel('Handle or URL 2').fill('nia.eats');
  await form.getByRole('button', { name: 'Add creator' }).click();
  await expect(formStatus(page)).toContainText('Nia Nakamura was added to your roster.');

  // A CSV roster with a progress bar and per-row results (one row fails).
  const csv = ['display_name,instagram,country', 'Omar Haddad,omar.cooks,AE', 'Lena Petrova,lena.travels,DE', ',nobody,US'].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.locator('#import-bar')).toBeVisible();
  await expect(page.getByText('Import finished')).toBeVisible({ timeout: 30_000 });
  const results = page.getByRole('table', { name: 'Row results' });
  await expect(results.getByRole('row')).toHaveCount(4);
  await expect(results).toContainText('Omar Haddad');
  await expect(results).toContainText('Failed');
  await screenshot(page, testInfo, 'create-roster');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
  await expect(page.getByText('3 creators.')).toBeVisible();

  // A deck from two roster creators, in the order ticked.
  await page.goto('/editor/decks/new');
  await expectAccessible(page, 'new deck');
  await page.getByLabel('Title').fill('Food creators for Spring');
  await page.getByRole('checkbox', { name: /Omar Haddad/ }).check();
  await page.getByRole('checkbox', { name: /Nia Nakamura/ }).check();
  await page.getByRole('button', { name: 'Create deck' }).click();
  await expect(page).toHaveURL(/\/editor\/decks\/[a-f0-9]{24}\?created=1$/);
  await expect(page.getByText('Omar Haddad, Nia Nakamura')).toBeVisible();
  await expect(page.getByText('Deck created.')).toBeVisible();
  // The editor changes the selection as a whole: drop Omar, add Lena.
  const picker = page.getByRole('form', { name: 'Creators in this deck' });
  await picker.getByRole('checkbox', { name: /Omar Haddad/ }).uncheck();
  await picker.getByRole('checkbox', { name: /Lena Petrova/ }).check();
  await picker.getByRole('button', { name: 'Save creators' }).click();
  await expect(formStatus(picker)).toHaveText('Saved: 2 creators.');
  await expect(page.getByText('Nia Nakamura, Lena Petrova')).toBeVisible();
  await expectAccessible(page, 'deck editor');

  // A campaign; its report 404s until published.
  await page.goto('/editor/campaigns/new');
  await expectAccessible(page, 'new campaign');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(formAlert(page)).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Spring launch');
  await page.getByLabel('CPM Instagram').fill('25');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/editor\/campaigns\/[a-f0-9]{24}\?created=1$/);

  const participants = page.getByRole('form', { name: 'Add a participant' });
  await participants.getByLabel('Creator').selectOption({ label: 'Nia Nakamura' });
  await participants.getByRole('button', { name: 'Add participant' }).click();
  await expect(page.getByRole('button', { name: 'Remove Nia Nakamura' })).toBeVisible();

  const post = page.getByRole('form', { name: 'Add a post' });
  await post.getByLabel('Post URL').fill('https://www.instagram.com/p/spring1/');
  await post.getByLabel('Views').fill('40000');
  await post.getByLabel('Impressions').fill('52000');
  await post.getByLabel('Engagements').fill('3100');
  await post.getByRole('button', { name: 'Add post' }).click();
  await expect(page.getByRole('link', { name: 'https://www.instagram.com/p/spring1/' })).toBeVisible();
  await expect(page.getByText('1,000', { exact: true })).toBeVisible(); // EMV = 40,000 × 25 / 1000

  await page.getByRole('button', { name: 'Publish report' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  const shareUrl = await page.locator('#report-heading ~ p a').first().getAttribute('href');
  expect(shareUrl).toMatch(/\/r\/[A-Za-z0-9_-]{16}$/);
  await expectAccessible(page, 'campaign editor');
  await screenshot(page, testInfo, 'create-campaign-editor');

  const reportPath = new URL(shareUrl!).pathname;
  for (const width of [undefined, 390]) {
    await asVisitor(
      browser,
      reportPath,
      async (visitor) => {
        await expect(visitor.getByRole('heading', { level: 1, name: 'Spring launch' })).toBeVisible();
        await expect(visitor.getByText('40,000').first()).toBeVisible();
        await expect(visitor.getByText('Nia Nakamura').first()).toBeVisible();
        await expectAccessible(visitor, `public report ${width ?? 'desktop'}`);
        await screenshot(visitor, testInfo, width ? 'share-campaign-report-created-phone' : 'share-campaign-report-created');
      },
      { width },
    );
  }

  // Unpublished, the report is gone again.
  await page.getByRole('button', { name: 'Unpublish report' }).click();
  await expect(page.getByText('Not public', { exact: true }).first()).toBeVisible();
  await asVisitor(browser, reportPath, async (visitor) => {
    await expect(visitor.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  });
});

test('a creator creates a media kit from the UI', async ({ page }) => {
  await signUp(page, 'creator', 'kit-create');
  await page.goto('/editor/media-kits/new');
  await expectAccessible(page, 'new media kit');
  await page.getByLabel('Name').fill('2026 brand kit');
  await page.getByLabel('Template').selectOption('bold');
  await page.getByRole('button', { name: 'Create media kit' }).click();
  await expect(page).toHaveURL(/\/editor\/media-kits\/[a-f0-9]{24}\?created=1$/);
  await expect(page.getByRole('heading', { level: 1, name: '2026 brand kit' })).toBeVisible();
});
