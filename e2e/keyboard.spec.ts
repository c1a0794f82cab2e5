import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support';

/** Presses Tab until `target` has the focus (at most `limit` times), like a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the key dialog works with the keyboard alone', async ({ page }) => {
  await signUp(page, 'agency', 'keyboard');
  await page.goto('/settings/api-keys');
  const trigger = page.getByRole('button', { name: 'Create API key' });

  // Open with Enter; focus lands on the name field; Escape closes and gives the focus back.
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // Open again with Space, fill in everything from the keyboard, submit with Enter.
  await page.keyboard.press(' ');
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type('Keyboard key');
  const rosterRead = dialog.getByRole('checkbox', { name: 'roster:read' });
  await tabTo(page, rosterRead, 10);
  await page.keyboard.press(' ');
  await expect(rosterRead).toBeChecked();
  const mediaKitsRead = dialog.getByRole('checkbox', { name: 'media_kits:read' });
  await tabTo(page, mediaKitsRead, 10);
  await page.keyboard.press(' ');
  await expect(mediaKitsRead).toBeChecked();
  const submit = dialog.getByRole('button', { name: 'Create key' });
  await tabTo(page, submit, 20);
  await page.keyboard.press('Enter');

  // The secret view takes the focus; Tab reaches Copy and Done; Enter on Done closes.
  const secretDialog = page.getByRole('dialog', { name: /Copy your new key/ });
  await expect(secretDialog.getByLabel('Secret key')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(secretDialog.getByRole('button', { name: 'Copy' })).toBeFocused();
  const done = secretDialog.getByRole('button', { name: 'Done, I stored it' });
  await tabTo(page, done, 5);
  await page.keyboard.press('Enter');
  await expect(secretDialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(page.getByRole('row', { name: /Keyboard key/ })).toContainText('media_kits:read');

  // Revoke from the keyboard: Cancel has the focus first, so a stray Enter does not revoke.
  const revoke = page.getByRole('button', { name: 'Revoke Keyboard key' });
  await tabTo(page, revoke);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Revoke “Keyboard key”?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: /Keyboard key/ })).toContainText('Active');
});
