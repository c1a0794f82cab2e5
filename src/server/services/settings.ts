import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/** The secret that signs cursors: APP_SECRET when set, else generated once and kept in the database. */
export async function loadAppSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(32).toString('base64url');
  // Insert-if-absent, then read: concurrent first starts agree on one secret.
  await db.setting.upsert({ where: { key: 'app_secret' }, create: { key: 'app_secret', value: candidate }, update: {} });
  const row = await db.setting.findUniqueOrThrow({ where: { key: 'app_secret' } });
  return row.value;
}
