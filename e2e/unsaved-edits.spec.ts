import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createKey, formStatus, signUp } from './support';

/**
 * The deck editor has three sections saved on their own (details, creators, viewer password).
 * Saving one must never throw away what was typed in another, leaving with unsaved input asks
 * first (the browser's beforeunload prompt and in-app links), and a save answers at once.
 */

async function api(request: APIRequestContext, secret: string, path: string, data: unknown) {
  const response = await request.post(`/public/v1${path}`, { headers: { authorization: `Bearer ${secret}` }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data;
}

async function deckEditorWithCreator(page: Page, request: APIRequestContext, label: string) {
  await signUp(page, 'agency', label);
  await page.goto('/settings/api-keys');
  const secret = await createKey(page, 'Unsaved edits', ['roster:write', 'decks:write']);
  const added = await api(request, secret, '/creators', { display_name: 'Nia Nakamura' });
  const second = await api(request, secret, '/creators', { display_name: 'Omar Osei' });
  const deck = await api(request, secret, '/decks', { title: 'Spring roster', creator_ids: [added.creator.id] });
  await page.goto(new URL(deck.editor_url).pathname);
  return { deck, second };
}

for (const width of [1280, 390]) {
  test(`at ${width} px, saving one deck section keeps unsaved input in the others, and leaving asks first`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await deckEditorWithCreator(page, request, `unsaved-${width}`);
    const details = page.getByRole('form', { name: 'Deck details' });
    const creators = page.getByRole('form', { name: 'Creators in this deck' });
    const password = page.getByRole('form', { name: 'Viewer password' });

    // Typed in the details, then the password is set: the typed email survives the password save.
    await details.getByLabel('Contact email').fill('bookings@acme.test');
    await details.getByLabel('Introduction').fill('Our spring line-up.');
    await expect(details.getByText('Unsaved changes')).toBeVisible();
    await password.getByLabel('Password', { exact: true }).fill('spring secret 26');
    await password.getByRole('button', { name: 'Set password' }).click();
    await expect(formStatus(password)).toHaveText('Password set: viewers must enter it.');
    await expect(details.getByLabel('Contact email')).toHaveValue('bookings@acme.test');
    await expect(details.getByLabel('Introduction')).toHaveValue('Our spring line-up.');

    // A creators save keeps them too, and the details still say they are not saved.
    await creators.getByRole('checkbox', { name: 'Omar Osei' }).check();
    await creators.getByRole('button', { name: 'Save creators' }).click();
    await expect(formStatus(creators)).toHaveText('Saved: 2 creators.');
    await expect(details.getByLabel('Contact email')).toHaveValue('bookings@acme.test');
    await expect(details.getByText('Unsaved changes')).toBeVisible();

    // Leaving through an in-app link asks; staying keeps everything.
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first();
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await breadcrumb.click();
    await expect.poll(() => asked).toContain('unsaved');
    expect(new URL(page.url()).pathname).toMatch(/^\/editor\/decks\//);
    await expect(details.getByLabel('Contact email')).toHaveValue('bookings@acme.test');

    // Closing or reloading the tab: the browser's own "leave site?" prompt (beforeunload).
    let beforeUnload = false;
    page.once('dialog', (dialog) => {
      beforeUnload = dialog.type() === 'beforeunload';
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => beforeUnload).toBe(true);
  });
}

test('a details save says so at once, and a saved editor leaves without asking', async ({ page, request }) => {
  await deckEditorWithCreator(page, request, 'unsaved-saved');
  const details = page.getByRole('form', { name: 'Deck details' });
  await details.getByLabel('Contact email').fill('bookings@acme.test');
  await details.getByRole('button', { name: 'Save changes' }).click();
  // Optimistic: the section reads "Saving…" before the server has answered, then the answer.
  await expect(details.getByText(/Saving…|Changes saved\./).first()).toBeVisible();
  await expect(formStatus(details)).toHaveText('Changes saved.');
  await expect(details.getByText('Unsaved changes')).toHaveCount(0);
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.accept();
  });
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first().click();
  await expect(page).not.toHaveURL(/\/editor\/decks\//);
  expect(asked).toBe(false);
});
