import { test as base } from '@playwright/test';
import { startMailbox, type Mailbox } from '../tests/support/mailbox';

/**
 * For specs that read real mail: their pages talk to the second e2e server (playwright.config.ts),
 * which delivers over SMTP to a real SMTP server (smtp-server) running here, in the test worker.
 * They come from their own client address, so their sign-ins and mail count apart from the rest.
 */
const PORT = Number(process.env.E2E_PORT ?? 3200);
export const MAIL_SERVER_URL = `http://localhost:${PORT + 10_000}`;
const SMTP_PORT = PORT + 20_000;

const CLIENT_ADDRESS = `198.19.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export const test = base.extend<object, { mailbox: Mailbox }>({
  baseURL: MAIL_SERVER_URL,
  extraHTTPHeaders: { 'x-forwarded-for': CLIENT_ADDRESS },
  mailbox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mailbox = await startMailbox(SMTP_PORT);
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
