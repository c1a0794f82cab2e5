import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite may open a data folder from one process only. Whoever opens it (the service or the
 * operator CLI) first takes this lock; the other is refused with a message that says who holds it,
 * instead of both writing to the same files.
 */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; command: string; startedAt: string },
  ) {
    super(
      `The embedded database in ${dataDir} is open in another process (pid ${holder.pid}: ${holder.command}, since ${holder.startedAt}). ` +
        'PGlite allows one process per data folder: stop that process first, or run both against PostgreSQL by setting DATABASE_URL.',
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockPathFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** Takes the lock or throws EmbeddedDatabaseBusyError; returns the release function. */
export function acquireEmbeddedLock(dataDir: string, command: string): () => void {
  const lockPath = lockPathFor(dataDir);
  mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, command, startedAt: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        rmSync(lockPath, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid: number; command: string; startedAt: string } | null = null;
      try {
        holder = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number; command: string; startedAt: string };
      } catch {
        holder = null;
      }
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new EmbeddedDatabaseBusyError(path.resolve(dataDir), holder);
      }
      // A lock left by a process that is gone: take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the embedded database lock ${lockPath}`);
}
