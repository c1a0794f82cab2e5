import type { AppServices } from '../domain/app-services';
import type { Db } from '../db/database';
import { addressGroup } from '../lib/client-address';
import { newObjectId } from '../lib/object-id';
import type { AttemptKey, AttemptRule } from '../rate-limit/attempt-limiter';

/**
 * Browser sign-in limits that cannot lock the owner out, and the record of attempts shown to them.
 *
 * Nothing is keyed by the email alone for everyone: someone hammering an address from elsewhere only
 * slows themselves. Three keys, each with growing delays (rate-limit/attempt-limiter.ts), never a lock:
 * - `sign-in-pair`: this email from this address group (an IPv4 address or an IPv6 /64): 5 free
 *   tries, then 1 s, 2 s, 4 s … at most 15 minutes apart; cleared by a right password.
 * - `sign-in-address`: any email from this address group (password spraying): 20 free, then the same.
 * - `sign-in-account`: this email from addresses it has never signed in from (a botnet guessing one
 *   account): 20 free, then 2 s doubling to at most 5 minutes. An address group the account signed in
 *   from in the last 90 days skips it, so the owner's own address is never slowed by strangers.
 *
 * Attempts on existing accounts are recorded (sign_in_attempts, 90 days): the owner sees the failed
 * ones since their last sign-in, and the addresses of successful ones make the "known" set above.
 */
export const SIGN_IN_RULES = {
  pair: { name: 'sign-in-pair', free: 5, baseDelaySeconds: 1, maxDelaySeconds: 900, forgetAfterSeconds: 3600, onSuccess: 'clear' },
  address: { name: 'sign-in-address', free: 20, baseDelaySeconds: 1, maxDelaySeconds: 900, forgetAfterSeconds: 3600, onSuccess: 'refund' },
  account: { name: 'sign-in-account', free: 20, baseDelaySeconds: 2, maxDelaySeconds: 300, forgetAfterSeconds: 3600, onSuccess: 'refund' },
} as const satisfies Record<string, AttemptRule>;

const KEEP_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;

export interface SignInClient {
  email: string;
  /** The client address as the node layer resolved it. */
  address: string;
  userAgent?: string | null;
}

export type SignInGate =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** The account this email belongs to, if any (never shown to the client). */
      userId: string | null;
      /** The password was right and a session was made: clears the pair, records the sign-in. */
      signedIn(): Promise<{ failedSinceLastSignIn: number }>;
      /** The password was right but no session was made (e.g. the address is not confirmed yet). */
      passwordAccepted(): Promise<void>;
      /** The password was wrong: already counted; recorded for the owner to see. */
      failed(): Promise<void>;
    };

type Services = Pick<AppServices, 'db' | 'attempts' | 'logger'>;

/** Asks the limits before any password is checked: argon2 runs only for attempts let through. */
export async function beginSignIn(services: Services, client: SignInClient): Promise<SignInGate> {
  const { db, attempts, logger } = services;
  const email = client.email.trim().toLowerCase();
  const group = addressGroup(client.address);
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  const known = user ? await isKnownAddress(db, user.id, group) : false;
  const keys: AttemptKey[] = [
    { rule: SIGN_IN_RULES.pair, subject: `${email}\n${group}` },
    { rule: SIGN_IN_RULES.address, subject: group },
    ...(known ? [] : [{ rule: SIGN_IN_RULES.account, subject: email }]),
  ];
  const decision = await attempts.begin(keys);
  if (!decision.allowed) {
    logger.info('sign-in attempt held back', { rule: decision.rule, retry_after_seconds: decision.retryAfterSeconds, address: client.address, user_id: user?.id ?? null });
    return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds };
  }
  const record = (succeeded: boolean) =>
    user
      ? db.signInAttempt.create({
          data: { id: newObjectId(), userId: user.id, succeeded, address: client.address.slice(0, 64), addressKey: group.slice(0, 64), userAgent: client.userAgent?.slice(0, 256) ?? null },
        })
      : Promise.resolve(null);
  return {
    allowed: true,
    userId: user?.id ?? null,
    async signedIn() {
      await decision.succeeded();
      const failedSinceLastSignIn = user ? await failedSignInsSinceLastSignIn(db, user.id) : 0;
      await record(true);
      if (user) await db.signInAttempt.deleteMany({ where: { userId: user.id, createdAt: { lt: new Date(Date.now() - KEEP_DAYS * DAY_MS) } } });
      return { failedSinceLastSignIn };
    },
    passwordAccepted: () => decision.succeeded(),
    async failed() {
      await record(false);
      const [fromHere, fromAddress, forAccount = 0] = decision.counts;
      // Logged when a key starts slowing and every tenth failure after, not on every guess.
      const crossing = (count: number | undefined, rule: AttemptRule) => count !== undefined && count >= rule.free && (count - rule.free) % 10 === 0;
      if (crossing(fromHere, SIGN_IN_RULES.pair) || crossing(fromAddress, SIGN_IN_RULES.address) || crossing(forAccount, SIGN_IN_RULES.account)) {
        logger.warn('repeated failed sign-ins', {
          user_id: user?.id ?? null,
          address: client.address,
          failures_this_account_from_address: fromHere,
          failures_from_address: fromAddress,
          failures_this_account_from_unknown_addresses: known ? null : forAccount,
        });
      }
    },
  };
}

/** A sign-in without a password check (a used reset link): recorded like any other. */
export async function recordSignIn(db: Db, userId: string, client: Omit<SignInClient, 'email'>): Promise<void> {
  await db.signInAttempt.create({
    data: { id: newObjectId(), userId, succeeded: true, address: client.address.slice(0, 64), addressKey: addressGroup(client.address).slice(0, 64), userAgent: client.userAgent?.slice(0, 256) ?? null },
  });
}

async function isKnownAddress(db: Db, userId: string, group: string): Promise<boolean> {
  const found = await db.signInAttempt.findFirst({
    where: { userId, addressKey: group, succeeded: true, createdAt: { gte: new Date(Date.now() - KEEP_DAYS * DAY_MS) } },
    select: { id: true },
  });
  return found !== null;
}

/**
 * Housekeeping, on a schedule (jobs/housekeeping.ts): attempts older than their 90 days go for every
 * account, not only for those that sign in again. At most `limit` per call; returns how many.
 */
export async function sweepSignInAttempts(db: Db, options: { limit: number; now?: Date }): Promise<number> {
  const { count } = await db.signInAttempt.deleteMany({
    where: { createdAt: { lt: new Date((options.now ?? new Date()).getTime() - KEEP_DAYS * DAY_MS) } },
    limit: options.limit,
  });
  return count;
}

/** Failed attempts on the account after its latest successful sign-in (all of them if it never had one). */
export async function failedSignInsSinceLastSignIn(db: Db, userId: string): Promise<number> {
  const last = await db.signInAttempt.findFirst({ where: { userId, succeeded: true }, orderBy: { createdAt: 'desc' }, select: { createdAt: true } });
  return db.signInAttempt.count({ where: { userId, succeeded: false, ...(last ? { createdAt: { gt: last.createdAt } } : {}) } });
}

export interface SignInActivity {
  at: Date;
  succeeded: boolean;
  address: string;
  userAgent: string | null;
}

/** The newest attempts on the account, for its owner (settings → Account). */
export async function recentSignInActivity(db: Db, userId: string, limit = 20): Promise<SignInActivity[]> {
  const rows = await db.signInAttempt.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { createdAt: true, succeeded: true, address: true, userAgent: true },
  });
  return rows.map((row) => ({ at: row.createdAt, succeeded: row.succeeded, address: row.address, userAgent: row.userAgent }));
}

/**
 * Mail a visitor can make us send (sign-up confirmations, reset links): per recipient, 5 within six
 * quiet hours, then 1 minute doubling to at most an hour between mails, so nobody can fill a
 * stranger's inbox; per address group, 30 (an office behind one address signs up together), then
 * 10 s doubling to at most 15 minutes, so one client cannot spray many inboxes.
 */
export const MAIL_RULES = {
  recipient: { name: 'mail-recipient', free: 5, baseDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterSeconds: 6 * 3600, onSuccess: 'keep' },
  address: { name: 'mail-address', free: 30, baseDelaySeconds: 10, maxDelaySeconds: 900, forgetAfterSeconds: 3600, onSuccess: 'keep' },
} as const satisfies Record<string, AttemptRule>;

/** Counts one mail-sending request; null when allowed, else the seconds to wait. Says nothing about accounts. */
export async function mailRetryAfter(services: Pick<AppServices, 'attempts'>, request: { to: string; address: string }): Promise<number | null> {
  const decision = await services.attempts.begin([
    { rule: MAIL_RULES.recipient, subject: request.to.trim().toLowerCase() },
    { rule: MAIL_RULES.address, subject: addressGroup(request.address) },
  ]);
  return decision.allowed ? null : decision.retryAfterSeconds;
}
