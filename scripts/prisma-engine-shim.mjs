#!/usr/bin/env node
// Stand-in for Prisma's native schema engine, which cannot be downloaded here. `prisma generate`
// only checks that this file exists; anything that would really run the engine is pointed at the
// wasm-based scripts instead.
console.error(
  'The native Prisma schema engine is not used by creator-api.\n' +
    'Apply migrations with `npm run db:migrate`; author one with `npm run db:migration -- <name>`.',
);
process.exit(1);
