import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/** The secret that signs cursors: APP_SECRET when set, else generated once and kept in the database. */
export async function loadAppSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(32).toString('base64url');
  // Insert-if-absent (ON CONFLICT DO NOTHING), then read: concurrent first starts agree on one secret.
  // Not upsert: Prisma runs it as a read then an insert, and two first starts both insert.
  await db.setting.createMany({ data: [{ key: 'app_secret', value: candidate }], skipDuplicates: true });
  const row = await db.setting.findUniqueOrThrow({ where: { key: 'app_secret' } });
  return row.value;
}
