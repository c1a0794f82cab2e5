import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { createKey, screenshot, signUp } from './support';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A real receiver on loopback (the e2e server runs with the test-only private-network switch). */
async function startReceiver(answer: (index: number) => number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') }) - 1;
      res.writeHead(answer(index)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('an agency adds a webhook endpoint, keeps the secret, tests, retries, rotates and disables it', async ({ page, request }, testInfo) => {
  // The first delivery is refused (500), so there is a failed attempt to retry; then the receiver accepts.
  const receiver = await startReceiver((index) => (index === 0 ? 500 : 200));
  try {
    await signUp(page, 'agency', 'webhooks');
    await page.goto('/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await expect(page.getByText('No endpoints yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('CRM sync');
    await dialog.getByRole('checkbox', { name: /creator\.created/ }).check();
    await dialog.getByRole('checkbox', { name: /deck\.created/ }).check();
    await screenshot(page, testInfo, 'webhooks-add-dialog');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Copy your endpoint’s signing secret' });
    await expect(secretDialog.getByText('This is the only time the secret is shown.')).toBeVisible();
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await expect(secretDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await screenshot(page, testInfo, 'webhooks-secret-once');
    await secretDialog.getByRole('button', { name: 'Done, I stored it' }).click();

    const card = page.locator('section.webhook-endpoint', { hasText: receiver.url });
    await expect(card).toContainText('Enabled');
    await expect(card).toContainText('creator.created, deck.created');
    expect(await page.content()).not.toContain(secret);

    // A real change through the API reaches the receiver, signed with the secret shown once.
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API keys' }).click();
    const key = await createKey(page, 'Webhook test', ['roster:write']);
    const created = await request.post('/public/v1/creators', { headers: { authorization: `Bearer ${key}` }, data: { display_name: 'Ada from the UI' } });
    expect(created.status()).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const first = receiver.received[0]!;
    expect(new Webhook(secret).verify(first.body, first.headers)).toMatchObject({ type: 'creator.created', data: { display_name: 'Ada from the UI' } });

    // The refused attempt shows as pending with its 500; retry it now.
    await page.goto('/settings/webhooks');
    const row = card.getByRole('row', { name: /creator\.created/ });
    await expect(row).toContainText('500');
    await screenshot(page, testInfo, 'webhooks-delivery-failed');
    await row.getByRole('button', { name: /Retry creator\.created delivery/ }).click();
    await expect(row.getByRole('status')).toContainText('Retry queued');
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await expect(async () => {
      await page.reload();
      await expect(card.getByRole('row', { name: /creator\.created/ })).toContainText('Succeeded', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(card.getByRole('row', { name: /creator\.created/ })).toContainText('200');

    // A test event.
    await card.getByRole('button', { name: /Send test event to/ }).click();
    await expect(card.getByRole('status').first()).toContainText('Test event queued');
    await expect.poll(() => receiver.received.some((r) => JSON.parse(r.body).type === 'webhook.test'), { timeout: 10_000 }).toBe(true);
    await expect(async () => {
      await page.reload();
      await expect(card.getByRole('row', { name: /webhook\.test/ })).toContainText('Succeeded', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });

    // Rotate: a new secret, shown once; both secrets sign for 24 h.
    await card.getByRole('button', { name: /Rotate secret of/ }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'Copy the new signing secret' });
    const newSecret = await rotated.getByLabel('Signing secret').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done, I stored it' }).click();
    await expect(card).toContainText('previous secret signs until');
    await card.getByRole('button', { name: /Send test event to/ }).click();
    await expect.poll(() => receiver.received.filter((r) => JSON.parse(r.body).type === 'webhook.test').length, { timeout: 10_000 }).toBe(2);
    const afterRotation = receiver.received.filter((r) => JSON.parse(r.body).type === 'webhook.test')[1]!;
    expect(new Webhook(newSecret).verify(afterRotation.body, afterRotation.headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(secret).verify(afterRotation.body, afterRotation.headers)).toMatchObject({ type: 'webhook.test' });

    // Disable: shown as such, and nothing more is sent.
    await card.getByRole('button', { name: /^Disable / }).click();
    await expect(card).toContainText('Disabled');
    await expect(card.getByRole('button', { name: /Send test event to/ })).toHaveCount(0);
    const count = receiver.received.length;
    await request.post('/public/v1/creators', { headers: { authorization: `Bearer ${key}` }, data: { display_name: 'Nobody hears this' } });
    await page.waitForTimeout(1_000);
    expect(receiver.received.length).toBe(count);
    await screenshot(page, testInfo, 'webhooks-disabled');
  } finally {
    await receiver.close();
  }
});
