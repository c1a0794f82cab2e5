import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** The app secret's file for an embedded data folder: beside it, `<folder>.app-secret` (`.data/pglite.app-secret`). */
export function appSecretFileFor(pgliteDataDir: string): string {
  return `${path.resolve(pgliteDataDir).replace(/[/\\]+$/, '')}.app-secret`;
}

export function newAppSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Reads the secret in `file`, creating it (mode 0600) with `initial()` when absent. The create is
 * atomic: the value is written to a temporary file opened O_EXCL, then hard-linked into place, and a
 * link never replaces an existing file — so processes starting together all end up reading the one
 * value that won, never a half-written file.
 */
export async function readOrCreateSecretFile(file: string, initial: () => string): Promise<{ secret: string; created: boolean; looseMode: boolean }> {
  const existing = await readSecretFile(file);
  if (existing) return existing;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await fs.open(temporary, 'wx', 0o600);
  let created = false;
  try {
    await handle.writeFile(`${initial()}\n`, 'utf8');
    await handle.sync();
    await handle.close();
    await fs.link(temporary, file).then(
      () => (created = true),
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      },
    );
  } finally {
    await handle.close().catch(() => undefined);
    await fs.unlink(temporary).catch(() => undefined);
  }
  const read = await readSecretFile(file);
  if (!read) throw new Error(`${file} is empty: delete it to have a new app secret generated, or restore its value`);
  return { ...read, created };
}

async function readSecretFile(file: string): Promise<{ secret: string; created: false; looseMode: boolean } | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const secret = text.trim();
  if (secret === '') return null;
  const { mode } = await fs.stat(file);
  return { secret, created: false, looseMode: (mode & 0o077) !== 0 };
}
