import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { Logger } from '../lib/logger';
import { appSecretFileFor, newAppSecret, readOrCreateSecretFile } from '../lib/secret-file';

/** The settings row earlier versions kept the generated app secret in (and development on PostgreSQL still does). */
const STORED_SECRET_KEY = 'app_secret';

/** The command that prints the secret a database still holds: for the operator, so the value itself is never logged. */
export const EXPORT_STORED_SECRET_COMMAND = `export APP_SECRET="$(psql "$DATABASE_URL" -Atc "SELECT value FROM settings WHERE key = '${STORED_SECRET_KEY}'")"`;

/** The service must not start: what to set is in the message. */
export class AppSecretMissingError extends Error {
  override name = 'AppSecretMissingError';
}

/**
 * The master secret, which must not live in the database it protects (a copy of the database would
 * carry the key to its own encrypted columns, cursors and cookies):
 * - APP_SECRET / APP_SECRET_FILE when set (a copy an earlier version stored in `settings` is then deleted);
 * - embedded database: a file beside the data folder (mode 0600), created on first start — adopting
 *   the value an earlier version stored in the database, so nothing signed or encrypted is lost;
 *   an in-memory database gets one for the process;
 * - PostgreSQL in production: refused (set APP_SECRET; the message says how to move a stored one);
 * - PostgreSQL in development and tests: generated once and kept in `settings`, with a warning.
 */
export async function resolveAppSecret(db: Db, config: Pick<AppConfig, 'appSecret' | 'databaseUrl' | 'pgliteDataDir' | 'production'>, logger: Logger): Promise<string> {
  const stored = (await db.setting.findUnique({ where: { key: STORED_SECRET_KEY } }))?.value ?? null;
  const moved = async (secret: string, where: string) => {
    if (stored === null) return secret;
    if (stored === secret) {
      await db.setting.deleteMany({ where: { key: STORED_SECRET_KEY, value: stored } });
      logger.info(`the app secret is no longer kept in the database: ${where} holds it`);
    } else {
      logger.warn(`the database still holds an app secret other than the one in ${where}; once nothing needs the old one, delete it: DELETE FROM settings WHERE key = '${STORED_SECRET_KEY}'`);
    }
    return secret;
  };

  if (config.appSecret) return moved(config.appSecret, 'APP_SECRET');

  if (!config.databaseUrl) {
    if (config.pgliteDataDir.startsWith('memory://')) return stored ?? newAppSecret();
    const file = appSecretFileFor(config.pgliteDataDir);
    const { secret, created, looseMode } = await readOrCreateSecretFile(file, () => stored ?? newAppSecret());
    if (created) logger.info(`app secret ${stored === null ? 'generated' : 'moved out of the database'} into ${file} (keep it with the data folder's backups, apart from them)`);
    if (looseMode) logger.warn(`${file} can be read by other users: chmod 600 it`);
    return moved(secret, file);
  }

  if (config.production) {
    throw new AppSecretMissingError(
      stored === null
        ? 'APP_SECRET is not set. With PostgreSQL (DATABASE_URL) in production the app secret must come from the environment, never the database: generate one (openssl rand -base64 32) and set APP_SECRET, or APP_SECRET_FILE to a file holding it. Every instance needs the same value.'
        : `APP_SECRET is not set, and this database still holds the app secret an earlier version generated. Move it out of the database (it keys cursors, cookies and the encrypted webhook secrets, so keep its value): run ${EXPORT_STORED_SECRET_COMMAND} (or put that value in your secret store / APP_SECRET_FILE) and start again with it; the copy in the database is then deleted.`,
    );
  }
  logger.warn('APP_SECRET is not set: using an app secret kept in the database (development only; production on PostgreSQL refuses to start without APP_SECRET)');
  return generatedInDatabase(db);
}

/** Insert-if-absent (ON CONFLICT DO NOTHING), then read: concurrent first starts agree on one secret. */
async function generatedInDatabase(db: Db): Promise<string> {
  // Not upsert: Prisma runs it as a read then an insert, and two first starts both insert.
  await db.setting.createMany({ data: [{ key: STORED_SECRET_KEY, value: newAppSecret() }], skipDuplicates: true });
  return (await db.setting.findUniqueOrThrow({ where: { key: STORED_SECRET_KEY } })).value;
}
