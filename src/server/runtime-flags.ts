import v8 from 'node:v8';

/**
 * V8 settings for the server process, applied before anything compiles WebAssembly or the heap
 * grows (import this module first). A flag given on node's command line wins over the one here.
 */
const given = (flag: string) => process.execArgv.some((arg) => arg.startsWith(flag) || arg.startsWith(`--no-${flag.slice(2)}`));

/*
 * On PostgreSQL the only large wasm module is Prisma's query compiler (plus the schema engine when a
 * migration is pending). V8's optimizing wasm compiler (TurboFan) spends ~60 MB of memory and about a
 * second of start-up on it, for code that runs microseconds per query; its baseline compiler
 * (Liftoff) is enough there. Not on the embedded database: PGlite is PostgreSQL compiled to wasm and
 * does all the query work in it. `node --no-liftoff-only` keeps the default.
 */
if (process.env.DATABASE_URL && !given('--liftoff-only')) {
  v8.setFlagsFromString('--liftoff-only');
}

/*
 * After each full GC V8 lets the old generation grow to up to 4× what survived before the next one.
 * The server's live heap is ~50 MB, but under load every in-flight request that a scavenge catches is
 * promoted, so the heap filled with promoted garbage up to ~215 MB before a full GC ran (RSS 220–330
 * MB after 20 s of `GET /me` at 50 connections, run to run). Growing by 1.5× instead kept it at
 * 189–196 MB with the same throughput: the extra full GCs mark concurrently and pause for a few ms.
 * `node --heap-growing-percent=N` overrides it.
 */
if (!given('--heap-growing-percent')) {
  v8.setFlagsFromString('--heap-growing-percent=50');
}
