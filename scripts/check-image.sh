#!/usr/bin/env bash
# Performs the Dockerfile's build and start steps without Docker, in a clean temporary directory, and
# proves the resulting server answers /readyz: the build stage (all dependencies, prisma generate,
# npm run build), the deps stage (production dependencies only), the runtime stage (only the files
# the Dockerfile copies), the migration command, then `node dist/server.js` as the image's CMD — on
# the Node major version the Dockerfile names.
#
#   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres scripts/check-image.sh
#
# It creates and drops a database of its own on that server. Takes several minutes (two npm installs
# and a Next build); .ci/run runs it last, after the tests.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ADMIN_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
PORT="${CHECK_IMAGE_PORT:-3399}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/creator-api-image-XXXXXX")"
DB_NAME="creator_api_image_$$"
SERVER_PID=""
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

log() { printf '\n=== %s\n' "$*"; }
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill -KILL "$SERVER_PID" 2>/dev/null || true; fi
  psql "$ADMIN_URL" -q -c "DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# The image's Node, not only this machine's: when the Dockerfile's stages name another major version
# than the one here, that version's binary is fetched from the npm registry (node-linux-<arch>) and
# every step below runs on it, as the image would.
IMAGE_NODE_MAJOR="$(sed -n 's/^FROM node:\([0-9]*\)-slim.*/\1/p' "$ROOT/Dockerfile" | sort -u)"
[ -n "$IMAGE_NODE_MAJOR" ] && [ "$(printf '%s\n' "$IMAGE_NODE_MAJOR" | wc -l)" -eq 1 ] \
  || { echo "the Dockerfile's stages must all name one node:<major>-slim image" >&2; exit 1; }
if [ "$(node -p 'process.versions.node.split(".")[0]')" != "$IMAGE_NODE_MAJOR" ]; then
  NODE_PACKAGE="node-linux-$(uname -m | sed -e 's/x86_64/x64/' -e 's/aarch64/arm64/')"
  log "Node ${IMAGE_NODE_MAJOR}, the image's (${NODE_PACKAGE}@${IMAGE_NODE_MAJOR} from the npm registry)"
  mkdir -p "$WORK/node"
  (cd "$WORK/node" && npm install --no-audit --no-fund --ignore-scripts --no-package-lock --prefix . "${NODE_PACKAGE}@${IMAGE_NODE_MAJOR}" >/dev/null)
  export PATH="$WORK/node/node_modules/${NODE_PACKAGE}/bin:$PATH"
fi
echo "node $(node -v)"
[ "$(node -p 'process.versions.node.split(".")[0]')" = "$IMAGE_NODE_MAJOR" ] || { echo "not running the image's Node ${IMAGE_NODE_MAJOR}" >&2; exit 1; }

log "build stage (COPY . . with .dockerignore → $WORK/build)"
mkdir -p "$WORK/build" "$WORK/deps" "$WORK/runtime"
# The files git would ship (tracked and new, not ignored): what .dockerignore lets through.
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done | tar --null -T - -cf -) | tar -xf - -C "$WORK/build"
(cd "$WORK/build" && npm install --no-audit --no-fund --ignore-scripts --prefer-offline && npx prisma generate && npm run build)

log "deps stage (production dependencies only)"
cp "$WORK/build/package.json" "$WORK/build/package-lock.json" "$WORK/deps/"
(cd "$WORK/deps" && npm install --omit=dev --no-audit --no-fund --ignore-scripts --prefer-offline)

log "runtime stage (only what the Dockerfile copies)"
mv "$WORK/deps/node_modules" "$WORK/runtime/node_modules"
for f in package.json next.config.mjs tsconfig.json prisma.config.ts dist .next public prisma scripts src; do
  cp -R "$WORK/build/$f" "$WORK/runtime/$f"
done
rm -rf "$WORK/build"
# Dev tools stay out of the image. (vitest and @playwright/test do come along: better-auth and Next
# declare them as optional peer dependencies, and npm installs an optional peer the lockfile holds
# even with --omit=dev; eslint is a dev tool nothing in production names.)
test ! -e "$WORK/runtime/node_modules/eslint" || { echo "dev dependency eslint in the runtime stage" >&2; exit 1; }

psql "$ADMIN_URL" -v ON_ERROR_STOP=1 -q -c "CREATE DATABASE ${DB_NAME}"
APP_URL="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$ADMIN_URL" "$DB_NAME")"
export NODE_ENV=production HOST=127.0.0.1 PORT="$PORT" DATABASE_URL="$APP_URL" SEED_DEMO=false
# Production on PostgreSQL refuses to start without APP_SECRET (never kept in the database).
APP_SECRET="$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("base64url"))')"
export APP_SECRET

log "migration command (npm run db:migrate)"
(cd "$WORK/runtime" && npm run db:migrate)

log "CMD node dist/server.js"
(cd "$WORK/runtime" && exec node dist/server.js) &
SERVER_PID=$!
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:${PORT}/readyz" >"$WORK/readyz.json" 2>/dev/null; then break; fi
  kill -0 "$SERVER_PID" 2>/dev/null || { echo "server exited before answering /readyz" >&2; exit 1; }
  sleep 1
done
curl -fsS "http://127.0.0.1:${PORT}/readyz"; echo
curl -fsS "http://127.0.0.1:${PORT}/healthz"; echo
kill -TERM "$SERVER_PID"
wait "$SERVER_PID"
SERVER_PID=""
log "image check passed: /readyz answered 200 and SIGTERM ended the server with status 0"
