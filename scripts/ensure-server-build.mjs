// Compiles server.ts (and everything it imports from src/) into one ES module, dist/server.js, with
// esbuild; packages in node_modules stay external and load from there at run time. Production runs
// that file with plain `node`: no TypeScript loader and no wrapper process on the serving path.
// Skips the work when dist/server.js is newer than every source (so `npm start` builds once).
// `--force` rebuilds regardless.
import { build } from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
  await build({
    entryPoints: ['server.ts'],
    outfile,
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
