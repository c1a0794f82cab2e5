/**
 * End-to-end tests of the settings UI in Debian's Chromium (never a downloaded browser build):
 * `npm run test:e2e`, and the second half of `npm test`. The web server is the real service
 * (server.ts: API handler + Next) on a throwaway in-memory database, built first if needed.
 * DATABASE_URL / REDIS_URL pass through when set, as in CI.
 */
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3200);
const BASE_URL = `http://localhost:${PORT}`;
// A second server that delivers mail over SMTP to the mailbox the mail specs run in their own
// process (e2e/mail.ts); the first keeps mail in its dev outbox, as on a developer's machine.
const MAIL_SERVER_PORT = PORT + 10_000;
const MAIL_SMTP_PORT = PORT + 20_000;
// Sign-ins are also limited per client address (X-Forwarded-For). Each run comes from its own
// documentation-range address, so runs sharing one Redis within ten minutes never add up.
const CLIENT_ADDRESS = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One worker: the tests share one service and the machine has two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'x-forwarded-for': CLIENT_ADDRESS },
    // Pages show and take times in the browser's zone and name it ("Starts (UTC)"): one zone for every
    // spec whatever the machine's, except where a spec sets its own (e2e/time-zones.spec.ts).
    timezoneId: 'UTC',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: 'node scripts/ensure-next-build.mjs && node scripts/ensure-server-build.mjs && node dist/server.js',
      url: `${BASE_URL}/sign-in`,
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv(PORT),
        // No SMTP: every mail lands in /dev/outbox, where the sign-up helper (e2e/support.ts) follows its link.
        MAIL_OUTBOX: 'true',
      },
    },
    {
      // Started after the first (which builds), on the same build.
      command: 'node dist/server.js',
      url: `http://localhost:${MAIL_SERVER_PORT}/sign-in`,
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv(MAIL_SERVER_PORT),
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        MAIL_FROM: 'creator-api e2e <no-reply@creator-api.test>',
      },
    },
  ],
});

function serverEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    PGLITE_DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // The browser talks to the server over loopback as if through a proxy, so the per-run
    // X-Forwarded-For address above is the client address the sign-in limits count.
    TRUSTED_PROXIES: '127.0.0.1/32,::1/128',
    // Webhook endpoints in e2e/webhooks.spec.ts are a receiver on loopback (test-only switch).
    FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
    NEXT_TELEMETRY_DISABLED: '1',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
}
