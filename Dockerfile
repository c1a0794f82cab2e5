# syntax=docker/dockerfile:1
# creator-api image: build with dev dependencies, run with production dependencies only, as `node`.
#   docker build -t creator-api .
#   docker run --rm -e DATABASE_URL=… creator-api npm run db:migrate     # migrations: a separate step
#   docker run -p 3000:3000 -e DATABASE_URL=… -e APP_SECRET=… creator-api
# APP_SECRET (or APP_SECRET_FILE) is required with DATABASE_URL: the image runs NODE_ENV=production.
# scripts/check-image.sh performs these same steps without Docker and proves /readyz answers.

FROM node:24-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
# `npm install` rather than `npm ci`: the lockfile lists platform builds the registry may not serve.
RUN npm install --no-audit --no-fund --ignore-scripts
COPY . .
RUN npx prisma generate && npm run build

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force

FROM node:24-slim AS runtime
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/next.config.mjs /app/tsconfig.json /app/prisma.config.ts ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/.next ./.next
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
# The migration command (`npm run db:migrate`, run by tsx) and the operator CLI (`npm run admin`) read sources.
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/src ./src
# Never root; the app writes nothing but its embedded database folder (unused with DATABASE_URL).
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# Liveness only: readiness (/readyz) is for the balancer, which must not restart instances over a database outage.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Exec form: node is PID 1's child-free process and receives SIGTERM itself (drain, then exit 0).
CMD ["node", "dist/server.js"]
