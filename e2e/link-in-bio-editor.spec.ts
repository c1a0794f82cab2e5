import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, formStatus, signUp } from './support';

/**
 * The link-in-bio editor at Linktree's level: a link typed as `etsy.com/shop/x` gets https://, each
 * block appears once (its row holds its form; no raw position numbers), Show/Hide is one click, and
 * the order can be changed from the keyboard alone, with the focus following the block — or by drag.
 * A live phone preview beside the form follows what is typed; each link shows its click count
 * (counted through the page's redirect); the public page has a QR code and a share button.
 */

const BROWSER_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

async function createPage(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signUp(page, 'creator', `lib-editor-${width}`);
  await page.goto('/editor/link-in-bio');
  const stamp = Date.now().toString(36);
  await page.getByLabel('Username').fill(`cleo.${stamp}`);
  await page.getByLabel('Page address').fill(`cleo-${width}-${stamp}`);
  await page.getByRole('button', { name: 'Create my page' }).click();
  await expect(page).toHaveURL(/\/editor\/link-in-bio\?created=1$/);
  return `/l/cleo-${width}-${stamp}`;
}

async function addBlock(page: Page, type: 'link' | 'title', title: string, url?: string) {
  const form = page.getByRole('form', { name: 'Add a block' });
  await form.getByLabel('Type').selectOption(type);
  await form.getByLabel('Title or text').fill(title);
  if (url) await form.getByLabel('URL (links only)').fill(url);
  await form.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByRole('form', { name: new RegExp(`block: ${title}$`) })).toBeVisible();
}

for (const width of [1280, 390]) {
  test(`at ${width} px: URLs get https://, each block once, one-click hide, keyboard reordering`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const publicPath = await createPage(page, width);
    await addBlock(page, 'link', 'My shop', 'etsy.com/shop/x');
    await addBlock(page, 'link', 'Latest video', 'www.youtube.com/watch?v=abc123');
    await addBlock(page, 'title', 'Elsewhere');

    // Normalised, not refused.
    const shop = page.getByRole('form', { name: 'Link block: My shop' });
    await expect(shop.getByLabel('URL')).toHaveValue('https://etsy.com/shop/x');
    await expect(page.getByRole('form', { name: 'Link block: Latest video' }).getByLabel('URL')).toHaveValue('https://www.youtube.com/watch?v=abc123');

    // Each block once: one row per block, holding its form; no "Position" field.
    const rows = page.getByRole('list', { name: 'Blocks in page order' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('form', { name: /block: My shop$/ })).toHaveCount(1);
    await expect(page.getByLabel('Position')).toHaveCount(0);
    await expect(rows.nth(0).getByRole('form', { name: 'Link block: My shop' })).toBeVisible();

    // One click hides, one click shows again.
    await page.getByRole('button', { name: 'Hide “My shop”' }).click();
    await expect(page.locator('.block-order > .alert-success')).toHaveText('“My shop” is hidden from your page.');
    await expect(page.getByRole('button', { name: 'Show “My shop”' })).toBeVisible();

    // Keyboard: Enter on "Move up" twice takes "Elsewhere" to the top; the focus stays with it.
    const up = page.getByRole('button', { name: 'Move “Elsewhere” up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.block-order > .alert-success')).toHaveText('Moved “Elsewhere” to position 2 of 3.');
    await expect(up).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('.block-order > .alert-success')).toHaveText('Moved “Elsewhere” to position 1 of 3.');
    // At the top "Move up" is off: the focus moves to its "Move down".
    await expect(page.getByRole('button', { name: 'Move “Elsewhere” down' })).toBeFocused();
    await expectAccessible(page, `link-in-bio editor (${width})`);
    await page.reload();
    await expect(rows).toHaveText([/Elsewhere/, /My shop/, /Latest video/]);

    // Live preview: follows typing before anything is saved, and the order and Show/Hide above.
    const preview = page.getByTestId('link-in-bio-preview');
    await expect(preview.getByRole('list', { name: 'Blocks as visitors see them' }).getByRole('listitem')).toHaveText(['Elsewhere', 'Latest video']);
    await page.getByLabel('Bio').fill('Recipes from my kitchen');
    await expect(preview.getByText('Recipes from my kitchen')).toBeVisible();
    await page.getByRole('form', { name: 'Link block: Latest video' }).getByLabel('Title').fill('Newest video');
    await expect(preview.getByText('Newest video')).toBeVisible();
    const videoForm = page.getByRole('form', { name: 'Link block: Latest video' });
    await videoForm.getByRole('button', { name: 'Save block' }).click();
    await expect(page.getByRole('form', { name: 'Link block: Newest video' }).locator('.save-state')).toHaveText('');
    const pageForm = page.getByRole('form', { name: 'Edit' });
    await pageForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(formStatus(pageForm)).toHaveText('Changes saved.');

    await page.reload();
    await expect(rows).toHaveText([/Elsewhere/, /My shop/, /Newest video/]);
    if (width === 1280) {
      // Drag (a mouse's way; on a phone the keyboard and move buttons above do it): the last row's handle onto the first row.
      await rows.nth(2).locator('.drag-handle').dragTo(rows.nth(0));
      await expect(page.locator('.block-order > .alert-success')).toHaveText('Moved “Newest video” to position 1 of 3.');
      await expect(preview.getByRole('list', { name: 'Blocks as visitors see them' }).getByRole('listitem')).toHaveText(['Newest video', 'Elsewhere']);
      await page.reload();
      await expect(rows).toHaveText([/Newest video/, /Elsewhere/, /My shop/]);
    }
    const videoRow = rows.filter({ hasText: 'Newest video' });
    await expect(videoRow.getByTestId('click-count')).toHaveText('· 0 clicks');
    await expectAccessible(page, `link-in-bio editor with preview (${width})`);
    if (width === 1280) {
      mkdirSync('docs/screenshots', { recursive: true });
      await page.screenshot({ path: 'docs/screenshots/link-in-bio-editor.png', fullPage: true, caret: 'initial' });
    }

    // The public page: the hidden shop is gone; links go through the click counter to the normalised URL.
    const context = await browser.newContext({ viewport: { width, height: 900 }, userAgent: BROWSER_UA });
    const visitor = await context.newPage();
    await visitor.goto(publicPath);
    const video = visitor.getByRole('link', { name: 'Newest video' });
    const href = (await video.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^${publicPath}/go/[0-9a-f]{24}$`));
    await expect(visitor.getByRole('link', { name: 'My shop' })).toHaveCount(0);
    const click = await visitor.request.get(href, { maxRedirects: 0, headers: { 'user-agent': BROWSER_UA } });
    expect(click.status()).toBe(302);
    expect(click.headers()['location']).toBe('https://www.youtube.com/watch?v=abc123');
    // QR code and share button.
    await expect(visitor.getByRole('button', { name: 'Share' })).toBeVisible();
    await visitor.getByText('QR code').click();
    await expect(visitor.getByRole('img', { name: /^QR code for http/ })).toBeVisible();
    await expectAccessible(visitor, `public link-in-bio page (${width})`);
    await context.close();

    // The click shows in the editor (counted in batches: within a few seconds).
    await expect
      .poll(async () => {
        await page.reload();
        return (await videoRow.getByTestId('click-count').textContent())?.trim();
      }, { timeout: 15_000 })
      .toBe('· 1 click');
  });
}
