/**
 * Browser sign-in for the settings UI, on better-auth: email + password, argon2id hashes, sessions in
 * http-only cookies. better-auth's user model is our `users` table (ids are our ObjectIds); sessions,
 * sign-in methods and one-time tokens have their own tables. Only the server calls it (`auth.api.*`
 * from server actions and server components); its HTTP endpoints are not mounted, so nothing can
 * create a user without the agency or creator that sign-up creates with it.
 */
import { createHmac } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { nextCookies } from 'better-auth/next-js';
import type { App } from '../app';
import type { AppConfig } from '../config';
import { CLIENT_ADDRESS_HEADER } from '../lib/client-address';
import { newObjectId } from '../lib/object-id';
import { loadAppSecret } from '../services/settings';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules';

/** Sessions last a week and slide forward once a day while used. */
const SESSION_SECONDS = 7 * 24 * 3600;

/**
 * Browsers keep `Secure` cookies on https origins and on http://localhost; on any other plain-http
 * origin they would drop them and nobody could sign in, so only there the flag is left off.
 */
export function sessionCookiesSecure(publicBaseUrl: string): boolean {
  const url = new URL(publicBaseUrl);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function createAuth(app: App, secret: string) {
  const { config } = app.services;
  return betterAuth({
    appName: 'creator-api',
    baseURL: config.publicBaseUrl,
    secret,
    trustedOrigins: [config.publicBaseUrl],
    database: prismaAdapter(app.services.db, { provider: 'postgresql' }),
    user: { modelName: 'user' },
    session: { modelName: 'session', expiresIn: SESSION_SECONDS, updateAge: 24 * 3600 },
    account: { modelName: 'authAccount' },
    verification: { modelName: 'verification' },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // argon2id with the library defaults (m=19 MiB, t=2, p=1: the OWASP baseline).
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    // Sign-in attempts are limited by the service's own limiter (src/server/web/sign-in-limit.ts):
    // better-auth's limiter only guards its HTTP endpoints, which are not mounted here.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Into the service's JSON logger (and its LOG_LEVEL) instead of better-auth's console output.
    logger: {
      level: 'debug',
      log: (level, message, ...args) => app.services.logger[level](`auth: ${message}`, args.length > 0 ? { details: args.map(String) } : undefined),
    },
    advanced: {
      cookiePrefix: 'creator-api',
      useSecureCookies: sessionCookiesSecure(config.publicBaseUrl),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => newObjectId() },
      // Sessions record the address the node layer resolved (TRUSTED_PROXIES), not a forgeable X-Forwarded-For.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // Last: it copies the Set-Cookie headers of auth.api calls onto the server action's response.
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare global {
  /** One better-auth instance per App (see app-singleton.ts for why globalThis). */
  var __creatorApiAuth: WeakMap<App, Promise<Auth>> | undefined;
}

/** better-auth's secret, derived from the app secret so the service still needs no configuration. */
async function authSecret(app: App, config: AppConfig): Promise<string> {
  const appSecret = await loadAppSecret(app.services.db, config.appSecret);
  return createHmac('sha256', appSecret).update('creator-api browser sessions').digest('base64url');
}

export function authFor(app: App): Promise<Auth> {
  globalThis.__creatorApiAuth ??= new WeakMap();
  let auth = globalThis.__creatorApiAuth.get(app);
  if (!auth) {
    auth = authSecret(app, app.services.config).then((secret) => createAuth(app, secret));
    globalThis.__creatorApiAuth.set(app, auth);
  }
  return auth;
}

/** The gateway's session verifier: the UI's cookie → the signed-in user and session, or null. */
export async function verifyBrowserSession(app: App, headers: Headers): Promise<{ userId: string; sessionId: string } | null> {
  const auth = await authFor(app);
  const session = await auth.api.getSession({ headers });
  return session ? { userId: session.user.id, sessionId: session.session.id } : null;
}
