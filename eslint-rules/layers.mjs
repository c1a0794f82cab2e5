import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One direction of dependencies (issue 14). Every source file belongs to a layer, and a file may
 * import only from its own layer or the ones below it. The rule resolves each import (relative, or
 * the `@/` alias of tsconfig.json) to a path before deciding, so `../app` from src/server/http/ (the
 * composition root) and `../app` from src/server/routers/x/ (the router) are told apart; `import
 * type`, `export … from` and `import()` count like any other import. Packages are not checked.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bottom to top. A folder ends with `/`; anything else names one module (without its extension). */
export const LAYERS = [
  { name: 'generated', modules: ['src/generated/'] },
  {
    name: 'lib',
    modules: [
      'src/server/lib/',
      'src/server/db/',
      'src/server/auth/',
      'src/server/rate-limit/',
      'src/server/mail/',
      'src/server/config',
      'src/server/runtime-flags',
      'src/server/process-guards',
    ],
  },
  { name: 'domain', modules: ['src/server/domain/', 'src/server/services/'] },
  { name: 'jobs', modules: ['src/server/jobs/'] },
  { name: 'api', modules: ['src/server/trpc/', 'src/server/routers/'] },
  { name: 'adapters', modules: ['src/server/http/', 'src/server/mcp/', 'src/server/openapi/'] },
  {
    name: 'entry',
    modules: ['src/server/app', 'src/server/app-singleton', 'src/server/next-api-route', 'src/server/web/', 'app/', 'scripts/', 'server'],
  },
];

const SOURCE_EXTENSION = /\.(?:d\.ts|ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** The layer index of a path relative to the repository root, or -1 when it is in none. */
export function layerOf(relative) {
  const module = relative.split(path.sep).join('/').replace(SOURCE_EXTENSION, '').replace(/\/index$/, '');
  return LAYERS.findIndex((layer) => layer.modules.some((m) => (m.endsWith('/') ? module.startsWith(m) : module === m)));
}

function resolveImport(fromFile, source) {
  if (source.startsWith('@/')) return path.join(ROOT, 'src', source.slice(2));
  if (source === '.' || source === '..' || source.startsWith('./') || source.startsWith('../')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

const allowedBelow = (index) => LAYERS.slice(0, index + 1).map((layer) => layer.name).join(', ');

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point down the layers: lib/db → domain → jobs → trpc/routers → http/mcp/openapi → entry points.' },
    schema: [],
    messages: {
      upward: '{{source}} is in the {{target}} layer, above this file’s {{layer}} layer, which may import only from: {{allowed}}.',
      unassigned: 'This file is in no layer; add its folder to LAYERS in eslint-rules/layers.mjs.',
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const relative = path.relative(ROOT, filename);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return {};
    const own = layerOf(relative);
    if (own === -1) {
      // Tests, benchmarks and tooling sit outside the layers; only application source must have one.
      if (relative.startsWith(`src${path.sep}`)) {
        return { Program: (node) => context.report({ node, messageId: 'unassigned' }) };
      }
      return {};
    }

    function check(node, sourceNode) {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const resolved = resolveImport(filename, sourceNode.value);
      if (!resolved) return;
      const target = layerOf(path.relative(ROOT, resolved));
      if (target > own) {
        context.report({
          node,
          messageId: 'upward',
          data: { source: sourceNode.value, target: LAYERS[target].name, layer: LAYERS[own].name, allowed: allowedBelow(own) },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
      TSExternalModuleReference: (node) => check(node, node.expression),
    };
  },
};

export default { meta: { name: 'creator-api-layers' }, rules: { layers: layersRule } };
