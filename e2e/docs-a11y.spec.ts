import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * /docs is where developers live: the whole page, Scalar's reference included, has no serious or
 * critical axe findings, at desktop and phone widths, before and after opening "Test Request".
 */

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function openDocs(page: Page) {
  await page.goto('/docs');
  await expect(page.getByText('Authentication').first()).toBeVisible({ timeout: 30_000 });
  // Scalar renders operations lazily as they come into view; wait until the first section is there.
  await expect(page.locator('.section').first()).toBeVisible({ timeout: 30_000 });
}

for (const width of [1280, 390]) {
  test(`/docs at ${width} px has no serious or critical axe findings`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await openDocs(page);
    expect(await seriousFindings(page)).toEqual([]);
  });
}

test('/docs with the request client open has no serious or critical axe findings', async ({ page }) => {
  test.setTimeout(120_000);
  await openDocs(page);
  const tryIt = page.getByRole('button', { name: /Test Request/ }).first();
  await tryIt.scrollIntoViewIfNeeded();
  await tryIt.click();
  await expect(page.getByRole('dialog').first()).toBeVisible({ timeout: 20_000 });
  expect(await seriousFindings(page)).toEqual([]);
});
