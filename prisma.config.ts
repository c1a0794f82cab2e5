import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Prisma's CLI downloads its native schema engine before any command, even `generate`, and this
// project must work offline. `generate` never runs the engine, so pointing the CLI at our shim is
// enough; migrations run through the wasm engine (`npm run db:migrate`, and on every start).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve('scripts/prisma-engine-shim.mjs');

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
