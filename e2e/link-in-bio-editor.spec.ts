import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signUp } from './support';

/**
 * The link-in-bio editor at Linktree's level: a link typed as `etsy.com/shop/x` gets https://, each
 * block appears once (its row holds its form; no raw position numbers), Show/Hide is one click, and
 * the order can be changed from the keyboard alone, with the focus following the block.
 */

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

    // The public page: the hidden shop is gone, the normalised link works.
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const visitor = await context.newPage();
    await visitor.goto(publicPath);
    await expect(visitor.getByRole('link', { name: 'Latest video' })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=abc123');
    await expect(visitor.getByRole('link', { name: 'My shop' })).toHaveCount(0);
    await context.close();
  });
}
