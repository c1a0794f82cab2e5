/**
 * An invitee without an account signs up through the invitation link (issue 32). The link was
 * mailed to the address, so opening it proves the mailbox as a confirmation link would: the user is
 * created confirmed, with the password they chose (argon2id, as better-auth hashes it: see auth.ts),
 * and joins the agency in the same step. Nothing else creates users outside better-auth's sign-up.
 */
import { hash } from '@node-rs/argon2';
import type { App } from '../app';
import type { ClientInfo } from '../domain/actor';
import { ApiError } from '../domain/errors';
import { newObjectId } from '../lib/object-id';
import { acceptInvitation, lookUpInvitation } from '../services/members';

export async function signUpThroughInvitation(app: App, token: string, input: { name: string; password: string }, client: ClientInfo): Promise<{ email: string; agencyId: string }> {
  const { db } = app.services;
  const invitation = await lookUpInvitation(db, token);
  if (invitation.status === 'expired') throw new ApiError('conflict', 'This invitation has expired. Ask the agency to send it again.');
  if (invitation.status !== 'valid') throw new ApiError('not-found', 'This invitation link is no longer valid: it was used, revoked or replaced by a newer one.');
  if (invitation.hasAccount) throw new ApiError('conflict', `${invitation.email} already has an account: sign in to accept the invitation.`);
  const passwordHash = await hash(input.password);
  const userId = newObjectId();
  // The unique email settles a double submit: the second insert fails and nothing half-made stays.
  await db.$transaction([
    db.user.create({ data: { id: userId, email: invitation.email, name: input.name, emailVerified: true } }),
    db.authAccount.create({ data: { id: newObjectId(), accountId: userId, providerId: 'credential', userId, password: passwordHash } }),
  ]);
  const joined = await acceptInvitation(db, token, { id: userId, email: invitation.email }, client);
  return { email: invitation.email, agencyId: joined.agencyId };
}
