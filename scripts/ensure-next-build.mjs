// `npm start` runs this first: build the web app once on a fresh checkout (or after sources change),
// so the quick start stays `npm install && npm start`. Its sibling scripts/ensure-server-build.mjs
// compiles server.ts the same way (dist/server.js); `npm start` then runs that with plain node.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
  execSync('npx next build', { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
}
