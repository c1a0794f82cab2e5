import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of
 * random bytes; a signature is `v1,` + base64 HMAC-SHA256, keyed with those bytes, of
 * `<webhook-id>.<webhook-timestamp>.<body>`. Several signatures (one per secret during a rotation) are
 * sent space-separated in one `webhook-signature` header; a verifier accepts any that matches.
 */
export const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function signatureFor(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three request headers for one delivery attempt, signed with every secret given (current first). */
export function webhookHeaders(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signatureFor(secret, messageId, timestampSeconds, body)).join(' '),
  };
}
