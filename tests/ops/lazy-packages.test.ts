import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Memory of an API process (README, Benchmarks: RSS after load ≤ 200 MB): a package stays resident
 * once loaded, so the production build (`node dist/server.js --api-only`, as `npm start` and the
 * benches run it) must not load what this process does not use. In one bundle every package any module
 * imports became a top-level import — better-auth was loaded though the composition root imports it
 * with `import()` on first use — and the OpenTelemetry, Inngest, ioredis and PGlite packages were
 * imported at the top of modules whose features were off. A resolve hook records every package the
 * process loads while it starts and answers a request.
 */
const exec = promisify(execFile);
const NEVER_LOADED = ['better-auth', '@better-auth/oauth-provider', '@opentelemetry/sdk-trace-node', '@opentelemetry/sdk-metrics', '@opentelemetry/exporter-prometheus', 'inngest', 'ioredis', '@electric-sql/pglite'];

describe('the API-only production process', () => {
  const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it.runIf(process.env.DATABASE_URL)('does not load the packages of features it does not use', async () => {
    await exec(process.execPath, ['scripts/ensure-server-build.mjs']);
    const dir = await mkdtemp(path.join(tmpdir(), 'lazy-packages-'));
    const log = path.join(dir, 'loaded.txt');
    await writeFile(
      path.join(dir, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');
  return resolved;
}`,
    );
    await writeFile(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${path.join(dir, 'hooks.mjs')}`)});\n`);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      DATABASE_URL: process.env.DATABASE_URL,
      NODE_ENV: 'production',
      APP_SECRET: 'lazy-packages-test-secret-not-used-elsewhere',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
    };
    const child = spawn(process.execPath, ['--import', path.join(dir, 'register.mjs'), 'dist/server.js', '--api-only'], { env, stdio: 'ignore' });
    children.push(child);
    let answered = false;
    for (let i = 0; i < 240 && !answered; i += 1) {
      try {
        await (await fetch(`http://127.0.0.1:${port}/healthz`)).arrayBuffer();
        answered = true;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    expect(answered).toBe(true);
    // A REST call (refused: no key) goes through the door, the gateway and the request log.
    expect((await fetch(`http://127.0.0.1:${port}/public/v1/me`)).status).toBe(401);
    child.kill('SIGTERM');

    const loaded = new Set(
      (await readFile(log, 'utf8'))
        .split('\n')
        .map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    expect(loaded.has('pg')).toBe(true); // the hook saw the packages the process does use
    expect(NEVER_LOADED.filter((name) => loaded.has(name))).toEqual([]);
  });
});
