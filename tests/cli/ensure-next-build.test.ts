import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * scripts/ensure-next-build.mjs (what `npm start` runs first) in a scratch folder, with a stand-in
 * `npx` on PATH that records each call, writes .next/BUILD_ID as next build does before
 * prerendering, and then succeeds or fails as told.
 */
const script = path.resolve(import.meta.dirname, '../../scripts/ensure-next-build.mjs');

function scratch(buildExitCode: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ensure-next-build-'));
  mkdirSync(path.join(dir, 'app'));
  writeFileSync(path.join(dir, 'app', 'page.tsx'), 'export default function Page() { return null; }\n');
  mkdirSync(path.join(dir, 'bin'));
  const npx = path.join(dir, 'bin', 'npx');
  writeFileSync(npx, `#!/bin/sh\necho "$*" >> calls.log\nmkdir -p .next && echo id > .next/BUILD_ID\nexit ${buildExitCode}\n`);
  chmodSync(npx, 0o755);
  const run = () => spawnSync(process.execPath, [script], { cwd: dir, env: { ...process.env, PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` }, encoding: 'utf8' });
  const calls = () => (existsSync(path.join(dir, 'calls.log')) ? readFileSync(path.join(dir, 'calls.log'), 'utf8').trim().split('\n') : []);
  return { dir, run, calls };
}

describe('ensure-next-build', () => {
  it('builds once, then trusts the build while the sources are older than it', () => {
    const { dir, run, calls } = scratch(0);
    expect(run().status).toBe(0);
    expect(run().status).toBe(0);
    expect(calls()).toEqual(['next build']);
    expect(existsSync(path.join(dir, '.next', 'BUILD_ID'))).toBe(true);
  });

  it('a failed build leaves no BUILD_ID, so the next start builds again instead of serving half a build', () => {
    const { dir, run, calls } = scratch(1);
    const first = run();
    expect(first.status).toBe(1);
    expect(first.stderr).toContain('next build failed');
    expect(existsSync(path.join(dir, '.next', 'BUILD_ID'))).toBe(false);
    expect(run().status).toBe(1);
    expect(calls()).toEqual(['next build', 'next build']);
  });
});
