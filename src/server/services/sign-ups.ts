import type { Db } from '../db/database';
import { createAgency, createCreatorAccount } from './accounts';

/**
 * Sign-up in two steps. The form creates an unconfirmed user (better-auth: the password, no
 * session) and records here what it asked for; the agency or creator is created when the address is
 * confirmed (`completeSignUp`, called by better-auth's after-verification and after-reset hooks).
 * Until then the account owns nothing, cannot sign in, and a later sign-up for the same address
 * replaces it — so typing someone else's address into the form first claims nothing.
 */
export type SignUpChoice = { accountType: 'agency'; agencyName: string } | { accountType: 'creator' };

/** How long an unconfirmed sign-up is kept before it is swept. */
export const UNCONFIRMED_SIGN_UP_DAYS = 7;

/**
 * Deletes an unconfirmed sign-up for this email, so a new sign-up can take its place. Only a user
 * that came from the sign-up form (it has a pending sign-up), never confirmed, and owns nothing.
 */
export async function replaceUnconfirmedSignUp(db: Db, email: string): Promise<boolean> {
  const { count } = await db.user.deleteMany({
    where: {
      email: email.trim().toLowerCase(),
      emailVerified: false,
      pendingSignUp: { isNot: null },
      agencies: { none: {} },
      creator: { is: null },
      apiKeys: { none: {} },
    },
  });
  return count > 0;
}

/** Records the choice for a user the sign-up just created; a no-op for the stand-in better-auth answers for a taken address. */
export async function recordSignUpChoice(db: Db, user: { id: string; email: string }, choice: SignUpChoice): Promise<void> {
  const created = await db.user.findFirst({ where: { id: user.id, email: user.email, emailVerified: false }, select: { id: true } });
  if (!created) return;
  await db.pendingSignUp.createMany({
    data: [{ userId: user.id, accountType: choice.accountType, agencyName: choice.accountType === 'agency' ? choice.agencyName : null }],
    skipDuplicates: true,
  });
}

/**
 * The address is confirmed: create the agency or creator the sign-up asked for. Idempotent — the
 * pending row is claimed (deleted) first, so a repeated call creates nothing twice. A user who
 * already acts for something gets nothing more.
 */
export async function completeSignUp(db: Db, userId: string): Promise<void> {
  const pending = await db.pendingSignUp.findUnique({ where: { userId }, include: { user: { select: { name: true, email: true } } } });
  if (!pending) return;
  const { count } = await db.pendingSignUp.deleteMany({ where: { userId } });
  if (count === 0) return;
  const [agency, creator] = await Promise.all([db.agency.findFirst({ where: { ownerUserId: userId }, select: { id: true } }), db.creator.findUnique({ where: { userId }, select: { id: true } })]);
  if (agency || creator) return;
  if (pending.accountType === 'agency') await createAgency(db, { name: pending.agencyName ?? pending.user.email, ownerUserId: userId });
  else await createCreatorAccount(db, { displayName: pending.user.name ?? pending.user.email.split('@')[0]!, ownerUserId: userId });
}

/** Deletes unconfirmed sign-ups older than a week (a bounded batch per call). */
export async function sweepUnconfirmedSignUps(db: Db, now = new Date()): Promise<number> {
  const stale = await db.pendingSignUp.findMany({
    where: { createdAt: { lt: new Date(now.getTime() - UNCONFIRMED_SIGN_UP_DAYS * 24 * 3600 * 1000) }, user: { emailVerified: false } },
    select: { userId: true },
    take: 100,
  });
  if (stale.length === 0) return 0;
  const { count } = await db.user.deleteMany({
    where: { id: { in: stale.map((s) => s.userId) }, emailVerified: false, agencies: { none: {} }, creator: { is: null }, apiKeys: { none: {} } },
  });
  return count;
}
