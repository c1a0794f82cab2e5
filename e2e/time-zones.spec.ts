import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createKey, expectAccessible, formStatus, signUp } from './support';

/**
 * Dates in the viewer's time zone (issue 29, "human copy"): the editors' date-time inputs show and
 * take the browser's zone and say which, and a time typed is the time shown after saving — and the
 * instant the API stores; the public report shows the same days. Sign-in activity, "Figures as of" and the webhook replay start follow the
 * same zone. Browsers in Los Angeles and Tokyo, at 1,280 and 390 px.
 */

const WIDTHS = [1280, 390] as const;

const ZONES = [
  // Typed 2026-03-01 09:00 → stored as this instant; 2026-03-02 23:30 → the second.
  { zone: 'America/Los_Angeles', label: 'Los Angeles time', shortName: 'PST', starts: '2026-03-01T17:00:00Z', moved: '2026-03-03T07:30:00Z' },
  { zone: 'Asia/Tokyo', label: 'Tokyo time', shortName: 'GMT+9', starts: '2026-03-01T00:00:00Z', moved: '2026-03-02T14:30:00Z' },
] as const;

async function storedCampaign(request: APIRequestContext, secret: string, id: string) {
  const response = await request.get(`/public/v1/campaigns/${id}`, { headers: { authorization: `Bearer ${secret}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data as { starts_at: string | null; ends_at: string | null };
}

function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** `YYYY-MM-DDTHH:mm` on the clocks of `zone` at `ms`, as a datetime-local input holds it. */
function wallClock(zone: string, ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function campaignIdOf(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/editor\/campaigns\/[a-f0-9]{24}\?created=1$/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

for (const { zone, label, shortName, starts, moved } of ZONES) {
  test.describe(`a browser in ${zone}`, () => {
    test.use({ timezoneId: zone, locale: 'en-US' });

    test(`campaign and post times are typed and shown in ${label}, and stored as that instant`, async ({ page, request }) => {
      test.setTimeout(300_000);
      await signUp(page, 'creator', `tz-${zone.split('/')[1]!.toLowerCase()}`);
      await page.goto('/settings/api-keys');
      const secret = await createKey(page, 'Time zones', ['campaigns:read']);

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/editor/campaigns/new');
        await page.getByLabel('Name', { exact: true }).fill(`Launch at ${width}`);
        await page.getByLabel(`Starts (${label})`).fill('2026-03-01T09:00');
        await page.getByLabel(`Ends (${label})`).fill('2026-03-31T18:00');
        await page.getByRole('button', { name: 'Create campaign' }).click();
        const id = await campaignIdOf(page);

        // The time typed is the time shown, and the API holds the instant it names.
        await expect(page.getByLabel(`Starts (${label})`)).toHaveValue('2026-03-01T09:00');
        await expect(page.getByLabel(`Ends (${label})`)).toHaveValue('2026-03-31T18:00');
        expect(Date.parse((await storedCampaign(request, secret, id)).starts_at!)).toBe(Date.parse(starts));

        // Edited and saved: the same again, after a reload.
        await page.getByLabel(`Starts (${label})`).fill('2026-03-02T23:30');
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect(formStatus(page).filter({ hasText: 'Changes saved.' })).toBeVisible();
        await page.reload();
        await expect(page.getByLabel(`Starts (${label})`)).toHaveValue('2026-03-02T23:30');
        expect(Date.parse((await storedCampaign(request, secret, id)).starts_at!)).toBe(Date.parse(moved));

        // A post's time, typed in the same zone, is listed as typed (drawn by the browser in its own zone).
        await page.getByRole('form', { name: 'Add a participant' }).getByRole('button', { name: 'Add participant' }).click();
        await expect(page.getByRole('button', { name: 'Remove Cleo Creator' })).toBeVisible();
        const post = page.getByRole('form', { name: 'Add a post' });
        await post.getByLabel('Post URL').fill(`https://www.instagram.com/p/tz${width}/`);
        await post.getByLabel(`Posted (${label}, optional)`).fill('2026-03-05T08:15');
        await post.getByRole('button', { name: 'Add post' }).click();
        const listed = page.locator('.post-item').filter({ hasText: `https://www.instagram.com/p/tz${width}/` });
        await expect(listed).toContainText(`posted Mar 5, 2026, 8:15 AM ${shortName}`);
        await expect(page.locator('main')).not.toContainText('(UTC');
        await expectAccessible(page, `campaign editor in ${zone} (${width})`);

        // The public report shows the same days on this reader's calendar (start 2 Mar, posted 5 Mar).
        await page.getByRole('button', { name: 'Publish report' }).click();
        await expect(page.getByText('Published', { exact: true })).toBeVisible();
        const shareUrl = await page.locator('#report-heading ~ p a').first().getAttribute('href');
        await page.goto(new URL(shareUrl!).pathname);
        await expect(page.getByText('Mar 2, 2026 – Mar 31, 2026', { exact: true })).toBeVisible();
        await expect(page.locator('td[data-label="Posted"]').first()).toHaveText('Mar 5, 2026');
      }

      // Other dates in the settings: sign-ins in the viewer's zone, named; "Figures as of" offers their today.
      await page.goto('/settings/account');
      await expect(page.locator('table time').first()).toHaveText(new RegExp(`^[A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M ${shortName.replace('+', '\\+')}$`));
      await page.goto('/settings/profile');
      await page.getByRole('button', { name: 'Add a social account' }).click();
      const asOf = page.getByLabel('Figures as of').last();
      await expect(asOf).toHaveValue(todayIn(zone));
      await expect(asOf).toHaveAttribute('max', todayIn(zone));

      // The webhook replay's start is offered (24 h ago) and read in the same zone, named.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/settings/webhooks');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByLabel('Endpoint URL').fill('http://127.0.0.1:4299/hooks');
      await dialog.getByLabel('Description').fill('Zone receiver');
      await dialog.getByRole('checkbox', { name: /All events/ }).check();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByRole('dialog', { name: 'Copy your endpoint’s signing secret' }).getByRole('button', { name: 'Done, I stored it' }).click();
      const since = page.getByRole('form', { name: 'Replay failed deliveries to Zone receiver' }).getByLabel(`Replay failed deliveries since (${label})`);
      const offered = await since.inputValue();
      // To the minute, and a minute or two may pass between the page and this check.
      expect(Math.abs(Date.parse(`${offered}:00Z`) - Date.parse(`${wallClock(zone, Date.now() - 86_400_000)}:00Z`))).toBeLessThanOrEqual(120_000);
    });
  });
}
