import v8 from 'node:v8';

/**
 * V8 settings for the server process, applied before anything compiles WebAssembly (import this
 * module first).
 *
 * On PostgreSQL the only large wasm module is Prisma's query compiler (plus the schema engine when a
 * migration is pending). V8's optimizing wasm compiler (TurboFan) spends ~60 MB of memory and about a
 * second of start-up on it, for code that runs microseconds per query; its baseline compiler
 * (Liftoff) is enough there. Not on the embedded database: PGlite is PostgreSQL compiled to wasm and
 * does all the query work in it. `node --no-liftoff-only` keeps the default.
 */
if (process.env.DATABASE_URL && !process.execArgv.includes('--no-liftoff-only')) {
  v8.setFlagsFromString('--liftoff-only');
}
