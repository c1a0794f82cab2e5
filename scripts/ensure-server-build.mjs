// Compiles server.ts (and everything it imports from src/) into ES modules, dist/server.js and its
// chunks in dist/chunks/, with esbuild; packages in node_modules stay external and load from there at
// run time. Production runs dist/server.js with plain `node`: no TypeScript loader and no wrapper
// process on the serving path. Code splitting keeps a dynamic `import()` lazy: in one bundle every
// package any module imports is a top-level import, so better-auth (the settings UI's sessions, the
// OAuth server) was loaded — about 14 MB of RSS — by API-only processes that never use it.
// Skips the work when dist/server.js is newer than every source (so `npm start` builds once).
// `--force` rebuilds regardless.
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const outfile = 'dist/server.js';
const inputs = ['server.ts', 'src', 'package.json', 'tsconfig.json'];

function newestMtime(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const force = process.argv.includes('--force');
const stale = force || !existsSync(outfile) || inputs.filter((p) => existsSync(p)).some((p) => newestMtime(p) > statSync(outfile).mtimeMs);
if (stale) {
  const started = Date.now();
  // Chunk names carry a content hash: drop the last build's, or they pile up.
  rmSync('dist/chunks', { recursive: true, force: true });
  await build({
    entryPoints: ['server.ts'],
    outdir: path.dirname(outfile),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // node_modules load at run time (Next, Prisma's runtime, pg…); only our own TypeScript is compiled.
    packages: 'external',
    sourcemap: true,
    // No keepNames: unminified output keeps our function names in stack traces anyway (and the source
    // map maps them under --enable-source-maps); keepNames wrapped every closure built per request.
    logLevel: 'warning',
    legalComments: 'none',
  });
  console.log(`Compiled server.ts → ${outfile} in ${Date.now() - started} ms`);
}
