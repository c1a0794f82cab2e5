/**
 * Browser sign-in for the settings UI, on better-auth: email + password, argon2id hashes, sessions in
 * http-only cookies. better-auth's user model is our `users` table (ids are our ObjectIds); sessions,
 * sign-in methods and one-time tokens have their own tables.
 *
 * Only the server calls it (`auth.api.*` from server actions, app/_actions/account*.ts); its HTTP
 * endpoints are not mounted. That keeps one door: every flow passes our limits
 * (services/sign-in-attempts.ts) before better-auth runs, and nothing can create a user without the
 * sign-up that records its agency or creator (services/sign-ups.ts). The links in mails point at our
 * own pages (/verify-email, /reset-password), which call better-auth's verify and reset flows.
 *
 * Addresses are confirmed before an account can sign in (`requireEmailVerification`); sign-up answers
 * the same whether or not the address is taken (better-auth's generic answer, and a mail to the
 * existing owner instead of a second account).
 */
import { createHmac } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { verifyJWT } from 'better-auth/crypto';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { nextCookies } from 'better-auth/next-js';
import type { App } from '../app';
import { CLIENT_ADDRESS_HEADER } from '../lib/client-address';
import { newObjectId } from '../lib/object-id';
import type { MailMessage } from '../mail/message';
import { changeEmailConfirmationMail, confirmNewEmailMail, existingAccountSignUpMail, passwordChangedMail, resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { syncCreatorEmail } from '../services/accounts';
import { completeSignUp } from '../services/sign-ups';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules';
import { oauthProviderPlugin } from './oauth-provider-options';

/** Sessions last a week and slide forward once a day while used. */
const SESSION_SECONDS = 7 * 24 * 3600;
/** Confirmation links (sign-up, change of address) work for a day; they are signed, not stored. */
export const EMAIL_LINK_HOURS = 24;
/** Reset links work once, for an hour; stored hashed. */
export const RESET_LINK_MINUTES = 60;

/**
 * Browsers keep `Secure` cookies on https origins and on http://localhost; on any other plain-http
 * origin they would drop them and nobody could sign in, so only there the flag is left off.
 */
export function sessionCookiesSecure(publicBaseUrl: string): boolean {
  const url = new URL(publicBaseUrl);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function createAuth(app: App, secret: string) {
  const { config, db, logger, mailer } = app.services;
  const base = config.publicBaseUrl;
  const page = (path: string, params: Record<string, string> = {}) => {
    const query = new URLSearchParams(params).toString();
    return `${base}${path}${query ? `?${query}` : ''}`;
  };
  // Mail is sent in the background (advanced.backgroundTasks below): a slow relay neither holds the
  // request nor shows, by its timing, whether an address has an account. Failures are logged.
  const send = (message: MailMessage) => mailer.send(message);
  const sendQuietly = (message: MailMessage) => {
    void send(message).catch((error: unknown) => logger.error('mail could not be sent', { template: message.template, error: String(error) }));
  };

  return betterAuth({
    appName: 'creator-api',
    baseURL: base,
    secret,
    trustedOrigins: [base],
    database: prismaAdapter(db, { provider: 'postgresql' }),
    user: {
      modelName: 'user',
      // Two steps, both better-auth's: the current address approves, then the new one confirms.
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, token }) =>
          send(changeEmailConfirmationMail({ to: user.email, newEmail, url: page('/verify-email', { token }), validHours: EMAIL_LINK_HOURS })),
      },
    },
    databaseHooks: {
      user: {
        update: {
          // A confirmed change of sign-in email reaches the creator account's `email` too.
          after: async (user) => {
            await syncCreatorEmail(db, user).catch((error: unknown) => logger.error('could not copy the new sign-in email to the creator account', { user_id: user.id, error: String(error) }));
          },
        },
      },
    },
    session: { modelName: 'session', expiresIn: SESSION_SECONDS, updateAge: 24 * 3600 },
    account: { modelName: 'authAccount' },
    // Reset tokens are stored as hashes: a read of the table does not hand out working links.
    verification: { modelName: 'verification', storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // argon2id with the library defaults (m=19 MiB, t=2, p=1: the OWASP baseline).
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => send(resetPasswordMail({ to: user.email, url: page('/reset-password', { token }), validMinutes: RESET_LINK_MINUTES })),
      // A reset link was used: whoever holds the mailbox chose this password, so the address is
      // confirmed (and an unconfirmed sign-up completes).
      onPasswordReset: async ({ user }) => {
        await db.user.update({ where: { id: user.id }, data: { emailVerified: true } });
        await completeSignUp(db, user.id);
        sendQuietly(passwordChangedMail({ to: user.email, resetUrl: page('/forgot-password') }));
      },
      // Sign-up with a taken address answers like any other; the owner hears about it instead.
      onExistingUserSignUp: ({ user }) => send(existingAccountSignUpMail({ to: user.email, signInUrl: page('/sign-in'), resetUrl: page('/forgot-password') })),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Sign-in of an unconfirmed account sends a new link itself (app/_actions/account.ts), within the mail limits.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_LINK_HOURS * 3600,
      sendVerificationEmail: async ({ user, token }) => {
        // The same hook sends the sign-up confirmation and the second step of a change of address.
        const link = await readEmailLinkToken(secret, token);
        const url = page('/verify-email', { token });
        await send(
          link.kind === 'change-email-verification'
            ? confirmNewEmailMail({ to: user.email, url, validHours: EMAIL_LINK_HOURS })
            : verifyEmailMail({ to: user.email, name: user.name || null, url, validHours: EMAIL_LINK_HOURS }),
        );
      },
      afterEmailVerification: (user) => completeSignUp(db, user.id),
    },
    // Our own limits (services/sign-in-attempts.ts) run before every auth.api call; better-auth's
    // limiter only guards its HTTP endpoints, which are not mounted here.
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
      // better-auth already catches and logs a failed task; nothing waits for it.
      backgroundTasks: { handler: (task) => void task },
    },
    // The OAuth 2.1 authorization server for hosted AI assistants (web/oauth-provider-options.ts): its
    // endpoints are the only ones mounted over HTTP (web/oauth-server.ts).
    // Last: nextCookies copies the Set-Cookie headers of auth.api calls onto the server action's response.
    plugins: [oauthProviderPlugin(app), nextCookies()],
  });
}

/** What a /verify-email link is for, read from its signed token (better-auth's own JWT). */
export type EmailLink =
  | { kind: 'sign-up'; email: string; userId: string | null }
  | { kind: 'change-email-confirmation' | 'change-email-verification'; email: string; newEmail: string; userId: string | null }
  | { kind: 'expired' | 'invalid' };

async function readEmailLinkToken(secret: string, token: string): Promise<EmailLink> {
  const payload = await verifyJWT<{ email?: unknown; updateTo?: unknown; requestType?: unknown; userId?: unknown }>(token, secret);
  if (!payload) {
    // Signature or expiry failed; the expiry claim alone (unverified) only picks the message.
    const claims = token.split('.')[1];
    let exp: unknown;
    try {
      exp = (JSON.parse(Buffer.from(claims ?? '', 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    } catch {
      exp = undefined;
    }
    return { kind: typeof exp === 'number' && exp * 1000 < Date.now() ? 'expired' : 'invalid' };
  }
  if (typeof payload.email !== 'string') return { kind: 'invalid' };
  const userId = typeof payload.userId === 'string' ? payload.userId : null;
  if (typeof payload.updateTo !== 'string') return { kind: 'sign-up', email: payload.email, userId };
  const kind = payload.requestType === 'change-email-confirmation' ? 'change-email-confirmation' : 'change-email-verification';
  return { kind, email: payload.email, newEmail: payload.updateTo, userId };
}

export type Auth = ReturnType<typeof createAuth>;

declare global {
  /** One better-auth instance per App (see app-singleton.ts for why globalThis). */
  var __creatorApiAuth: WeakMap<App, Promise<AuthWithSecret>> | undefined;
}

interface AuthWithSecret {
  auth: Auth;
  secret: string;
}

/** better-auth's secret, derived from the app secret so the service still needs no configuration. */
function authSecret(app: App): string {
  return createHmac('sha256', app.secret).update('creator-api browser sessions').digest('base64url');
}

function authWithSecret(app: App): Promise<AuthWithSecret> {
  globalThis.__creatorApiAuth ??= new WeakMap();
  let entry = globalThis.__creatorApiAuth.get(app);
  if (!entry) {
    const secret = authSecret(app);
    entry = Promise.resolve({ auth: createAuth(app, secret), secret });
    globalThis.__creatorApiAuth.set(app, entry);
  }
  return entry;
}

export async function authFor(app: App): Promise<Auth> {
  return (await authWithSecret(app)).auth;
}

/** Reads a /verify-email link's token (checking its signature) to show the right page for it. */
export async function readEmailLink(app: App, token: string): Promise<EmailLink> {
  if (token.length === 0 || token.length > 4096) return { kind: 'invalid' };
  return readEmailLinkToken((await authWithSecret(app)).secret, token);
}

/** The gateway's session verifier: the UI's cookie → the signed-in user and session, or null. */
export async function verifyBrowserSession(app: App, headers: Headers): Promise<{ userId: string; sessionId: string } | null> {
  const auth = await authFor(app);
  const session = await auth.api.getSession({ headers });
  return session ? { userId: session.user.id, sessionId: session.session.id } : null;
}
