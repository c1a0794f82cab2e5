// `npm start` runs this first: build the web app once on a fresh checkout (or after sources change),
// so the quick start stays `npm install && npm start`. Its sibling scripts/ensure-server-build.mjs
// compiles server.ts the same way (dist/server.js); `npm start` then runs that with plain node.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const buildId = '.next/BUILD_ID';
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}
const sources = ['app', 'src'].filter((dir) => existsSync(dir));
const stale = !existsSync(buildId) || sources.some((dir) => newestMtime(dir) > statSync(buildId).mtimeMs);
if (stale) {
  console.log('Building the web app (first start or sources changed)…');
  try {
    execSync('npx next build', { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  } catch (error) {
    // next build writes BUILD_ID before prerendering: a build that failed after it would otherwise
    // count as fresh, and the next start would fail on the missing files instead of rebuilding.
    rmSync(buildId, { force: true });
    console.error('next build failed; the next start will build again.');
    process.exit(typeof error?.status === 'number' ? error.status : 1);
  }
}
