import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('process guards', () => {
  it('log an unhandled rejection and keep running; log an uncaught exception, then shut down with status 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/fixtures/guarded-process.ts'], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stdout).toContain('still serving after the rejection');
    expect(run.stdout).toContain('fatal handler ran: boom in a timer');
    expect(run.status).toBe(1);
    const logs = run.stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; message: string; error?: string; origin?: string });
    expect(logs).toContainEqual(expect.objectContaining({ level: 'error', message: expect.stringContaining('unhandled promise rejection'), error: expect.stringContaining('flush failed') }));
    expect(logs).toContainEqual(expect.objectContaining({ level: 'error', message: expect.stringContaining('uncaught exception'), origin: 'uncaughtException', error: expect.stringContaining('boom in a timer') }));
  });
});
