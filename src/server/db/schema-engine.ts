import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';

/**
 * Prisma's own schema engine, compiled to wasm, driven directly: it applies `prisma/migrations`
 * exactly as `prisma migrate deploy` would (same `_prisma_migrations` table and checksums) and
 * diffs schema.prisma against them, with no native binary to download.
 */

export const PRISMA_DIR = path.resolve(process.env.PRISMA_DIR ?? 'prisma');
const EMPTY_MIGRATION = '-- This is an empty migration.';
const NO_FILTERS = { externalTables: [], externalEnums: [] };

type SchemaEngine = glue.SchemaEngine;

let wasmReady: Promise<void> | undefined;

/** Instantiates the wasm once per process: the engine shipped with the installed Prisma CLI. */
function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    // webpackIgnore: under Next's bundler a bare require.resolve becomes a module id, not a path.
    const wasmPath = path.join(path.dirname(require.resolve(/* webpackIgnore: true */ 'prisma/package.json')), 'build/schema_engine_bg.wasm');
    const bytes = await readFile(wasmPath);
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start(): void };
    glue.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  return wasmReady;
}

export interface MigrationList {
  baseDir: string;
  lockfile: { path: string; content: string | null };
  migrationDirectories: {
    path: string;
    migrationFile: { path: string; content: { tag: 'ok'; value: string } };
  }[];
  shadowDbInitScript: string;
}

export async function readMigrations(prismaDir = PRISMA_DIR): Promise<MigrationList> {
  const baseDir = path.join(prismaDir, 'migrations');
  let entries: string[] = [];
  try {
    entries = (await readdir(baseDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    entries = [];
  }
  entries.sort();
  const migrationDirectories = await Promise.all(
    entries.map(async (dir) => ({
      path: dir,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: await readFile(path.join(baseDir, dir, 'migration.sql'), 'utf8') },
      },
    })),
  );
  let lock: string | null = null;
  try {
    lock = await readFile(path.join(baseDir, 'migration_lock.toml'), 'utf8');
  } catch {
    lock = null;
  }
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: lock },
    migrationDirectories,
    shadowDbInitScript: '',
  };
}

async function readSchema(prismaDir: string): Promise<{ path: string; content: string }> {
  const schemaPath = path.join(prismaDir, 'schema.prisma');
  return { path: schemaPath, content: await readFile(schemaPath, 'utf8') };
}

async function withEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  prismaDir: string,
  run: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadWasm();
  const schema = await readSchema(prismaDir);
  const engine = (await glue.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  ));
  try {
    return await run(engine);
  } finally {
    engine.free();
  }
}

/** `prisma migrate deploy`: applies the migrations not yet recorded, in name order. */
export async function applyMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
  prismaDir = PRISMA_DIR,
): Promise<string[]> {
  const migrationsList = await readMigrations(prismaDir);
  return withEngine(factory, prismaDir, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    return result.appliedMigrationNames;
  });
}

/**
 * The SQL that takes a database built from the migrations to schema.prisma, or null when they agree.
 * Needs a factory whose `connectToShadowDb()` hands out an empty database (PGlite's does).
 */
export async function diffMigrationsToSchema(
  factory: SqlMigrationAwareDriverAdapterFactory,
  prismaDir = PRISMA_DIR,
): Promise<string | null> {
  const migrationsList = await readMigrations(prismaDir);
  const schema = await readSchema(prismaDir);
  return withEngine(factory, prismaDir, async (engine) => {
    const from =
      migrationsList.migrationDirectories.length === 0
        ? { tag: 'empty' as const }
        : { tag: 'migrations' as const, ...migrationsList };
    const result = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    const sql = result.stdout?.trim() ?? '';
    return sql === '' || sql === EMPTY_MIGRATION ? null : `${sql}\n`;
  });
}
