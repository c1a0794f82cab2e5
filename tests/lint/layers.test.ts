import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rule (eslint-rules/layers.mjs, wired in eslint.config.mjs) run through ESLint's Node API
 * with the project's own config. Fixture text is linted under a path inside src/server/, which is
 * what decides its layer; type-aware rules are switched off because that path is not a real file.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }] });

async function layerErrors(text: string, asFile: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, asFile) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'layers/layers').map((m) => ({ line: m.line, message: m.message }));
}

const fixture = (name: string) => readFileSync(path.join(root, 'tests/fixtures/lint', name), 'utf8');

describe('layer rule', () => {
  it('reports a service importing the HTTP and tRPC layers (alias imports, import type too)', async () => {
    const errors = await layerErrors(fixture('upward-import.ts'), 'src/server/services/upward-import.ts');
    expect(errors).toEqual([
      { line: 3, message: expect.stringContaining('@/server/http/problems is in the adapters layer, above this file’s domain layer') },
      { line: 4, message: expect.stringContaining('@/server/trpc/context is in the api layer, above this file’s domain layer') },
    ]);
    expect(errors[0]!.message).toContain('may import only from: generated, lib, domain.');
  });

  it('passes a service that imports only the domain, lib and db layers', async () => {
    expect(await layerErrors(fixture('downward-import.ts'), 'src/server/services/downward-import.ts')).toEqual([]);
  });

  it('resolves relative imports before deciding', async () => {
    const text = [
      "import { ApiError } from '../domain/errors';",
      "import { problemBody } from '../http/problems';",
      "export type { JobRunner } from '../jobs/runner';",
      "export const load = () => import('../trpc/init');",
      'export { ApiError, problemBody };',
    ].join('\n');
    const errors = await layerErrors(text, 'src/server/lib/relative.ts');
    expect(errors.map((e) => e.line)).toEqual([1, 2, 3, 4]);
    // `../app` is the composition root from src/server/http/ but the router from src/server/routers/x/.
    expect(await layerErrors("import { createApp } from '../app';\nexport { createApp };", 'src/server/http/root.ts')).toHaveLength(1);
    expect(await layerErrors("import { appRouter } from '../app';\nexport { appRouter };", 'src/server/routers/x/op.ts')).toEqual([]);
  });

  it('lets entry points import any layer and flags a source file that belongs to none', async () => {
    expect(await layerErrors("import { PROBLEMS } from '@/server/http/problems';\nexport { PROBLEMS };", 'app/docs/x/page.ts')).toEqual([]);
    const [result] = await eslint.lintText('export const x = 1;\n', { filePath: path.join(root, 'src/server/unplaced.ts') });
    expect(result!.messages.map((m) => m.message)).toEqual([expect.stringContaining('This file is in no layer')]);
  });
});

describe('cast rule', () => {
  async function castErrors(text: string, asFile: string) {
    const [result] = await eslint.lintText(text, { filePath: path.join(root, asFile) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' || m.fatal).map((m) => m.line);
  }

  it('refuses `as never` and `as unknown as` in application code, unless disabled at the line with a reason', async () => {
    const text = [
      'declare const value: string;',
      'export const a = value as never;',
      'export const b = value as unknown as number;',
      'export const c = value as string;',
      '// eslint-disable-next-line no-restricted-syntax -- a reason',
      'export const d = value as unknown as number;',
    ].join('\n');
    expect(await castErrors(text, 'src/server/services/casts.ts')).toEqual([2, 3]);
    expect(await castErrors(text, 'scripts/casts.ts')).toEqual([2, 3]);
    // Tests may cast (they build deliberately malformed inputs).
    expect(await castErrors(text, 'tests/casts.test.ts')).toEqual([]);
  });
});
