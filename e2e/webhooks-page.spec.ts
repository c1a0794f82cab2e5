import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, screenshot, signUp } from './support';

/** A receiver on loopback whose answer (status, body, delay) the test changes as it goes. */
async function startReceiver() {
  const answer = { status: 200, body: 'ok', delayMs: 0 };
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      const { status, body, delayMs } = answer;
      setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end(body), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, answer, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function openWebhooks(page: Page) {
  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
}

/** The page never scrolls sideways (a table that must scroll does so inside its own region). */
async function expectNoPageOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label}: horizontal page overflow in px`).toBeLessThanOrEqual(0);
}

/** WCAG 2.5.3 label in name: every button's accessible name contains the text it shows. */
async function expectLabelInName(scope: Locator) {
  for (const button of await scope.getByRole('button').all()) {
    const visible = (await button.innerText()).trim();
    const name = (await button.getAttribute('aria-label')) ?? visible;
    if (visible && visible !== '…') expect(name.toLowerCase(), `button "${visible}"`).toContain(visible.toLowerCase());
  }
}

async function atWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectNoPageOverflow(page, `${name} at ${width}px`);
    await expectAccessible(page, `${name} at ${width}px`);
    await screenshot(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the add-endpoint dialog offers the event types that fire for the account type, with readable descriptions', async ({ browser }) => {
  for (const type of ['agency', 'creator'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signUp(page, type, `webhook-types-${type}`);
      await openWebhooks(page);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await expect(dialog.getByRole('checkbox', { name: /media_kit\.updated/ })).toBeVisible();
      const names = dialog.locator('.choice-list code');
      const types = await names.allInnerTexts();
      expect(types).toContain('media_kit.updated');
      expect(types).toContain('campaign.created');
      expect(types).not.toContain('webhook.test');
      if (type === 'agency') {
        expect(types).toEqual(expect.arrayContaining(['creator.created', 'creator_import.completed', 'deck.created', 'deck.updated']));
        expect(types.filter((t) => t.startsWith('link_in_bio'))).toEqual([]);
        // `data.rows` in the catalogue's description is a code span, not backticks.
        await expect(dialog.locator('.choice-text small code', { hasText: 'data.rows' })).toBeVisible();
      } else {
        expect(types).toEqual(expect.arrayContaining(['link_in_bio.created', 'link_in_bio.updated', 'link_in_bio_import.completed', 'link_in_bio_import.failed']));
        expect(types.filter((t) => t.startsWith('deck.') || t.startsWith('creator'))).toEqual([]);
      }
      expect(await dialog.innerText()).not.toContain('`');
    } finally {
      await context.close();
    }
  }
});

test('an integrator watches a delivery go live, opens it, and replays what failed', async ({ page }, testInfo) => {
  const receiver = await startReceiver();
  try {
    await signUp(page, 'agency', 'webhook-viewer');
    await openWebhooks(page);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('Ops receiver');
    await dialog.getByRole('checkbox', { name: /All events/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('dialog', { name: 'Copy your endpoint’s signing secret' }).getByRole('button', { name: 'Done, I stored it' }).click();
    const card = page.locator('section.webhook-endpoint', { hasText: receiver.url });
    await expect(card).toContainText('Enabled');
    await expectLabelInName(card);

    // Live status: the receiver holds its answer, so the delivery shows pending, then succeeded — no reload.
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    receiver.answer.delayMs = 2_500;
    await card.getByRole('button', { name: 'Send test event to Ops receiver' }).click();
    const row = card.getByRole('row', { name: /webhook\.test/ });
    await expect(row).toContainText('Pending');
    await expect(page.getByTestId('live-refresh')).toBeVisible();
    await expect(row).toContainText('Succeeded', { timeout: 20_000 });
    await expect(row).toContainText('200');
    await expect(page.getByTestId('live-refresh')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

    // A manual retry of a finished delivery is one attempt: the receiver now refuses it, so it fails.
    receiver.answer.delayMs = 0;
    receiver.answer.status = 500;
    receiver.answer.body = 'receiver says: database locked';
    await row.getByRole('button', { name: /^Retry webhook\.test delivery/ }).click();
    await expect(row).toContainText('Failed', { timeout: 20_000 });
    await expect(row).toContainText('500');
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    await expectLabelInName(card);
    await atWidths(page, testInfo, 'webhooks-page');

    // The viewer: the body as POSTed and both attempts.
    await row.getByRole('link', { name: /^View webhook\.test delivery/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Delivery of webhook.test');
    const payload = page.getByTestId('delivery-payload');
    await expect(payload).toContainText('"type": "webhook.test"');
    await expect(payload).toContainText('"endpoint_id"');
    expect(JSON.parse(await payload.innerText())).toEqual(JSON.parse(receiver.received[0]!));
    const attempts = page.locator('table.attempt-table tbody tr');
    await expect(attempts).toHaveCount(2);
    await expect(attempts.nth(0)).toContainText('Manual');
    await expect(attempts.nth(0)).toContainText('500');
    await expect(attempts.nth(0)).toContainText('Non-2xx status');
    await expect(attempts.nth(0)).toContainText('receiver says: database locked');
    await expect(attempts.nth(0)).toContainText(/\d+ ms/);
    await expect(attempts.nth(1)).toContainText('Scheduled');
    await expect(attempts.nth(1)).toContainText('200');
    await atWidths(page, testInfo, 'webhook-delivery-viewer');
    await page.getByRole('link', { name: /All webhook endpoints/ }).click();

    // Replay: the failed delivery is queued again (default window: the last 24 h) and succeeds.
    receiver.answer.status = 200;
    receiver.answer.body = 'ok';
    const before = receiver.received.length;
    const replay = card.getByRole('form', { name: 'Replay failed deliveries to Ops receiver' });
    await expect(replay.getByLabel('Replay failed deliveries since (UTC)')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    await replay.getByRole('button', { name: 'Replay failed deliveries to Ops receiver' }).click();
    await expect(replay.getByRole('status')).toContainText('1 failed delivery queued to be sent again.');
    await expect(row).toContainText('Succeeded', { timeout: 20_000 });
    expect(receiver.received.length).toBe(before + 1);
    // Nothing left to replay.
    await replay.getByRole('button', { name: 'Replay failed deliveries to Ops receiver' }).click();
    await expect(replay.getByRole('status')).toContainText('No failed deliveries since then');
    await screenshot(page, testInfo, 'webhooks-replayed');
  } finally {
    await receiver.close();
  }
});
