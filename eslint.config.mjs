import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import layers from './eslint-rules/layers.mjs';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'bench/results/',
      '.next/',
      '.data/',
      'src/generated/',
      'next-env.d.ts',
      'test-results/',
      'playwright-report/',
      // Deliberate layer violations, linted on purpose by tests/lint/layers.test.ts.
      'tests/fixtures/lint/',
    ],
  },
  // A disable comment that no longer suppresses anything is itself an error.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', fetch: 'readonly' },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Plain JavaScript (build scripts, this file) is outside tsconfig.json: no type information.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // One direction of dependencies: see LAYERS in eslint-rules/layers.mjs.
    files: ['src/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx}', 'server.ts'],
    plugins: { layers },
    rules: { 'layers/layers': 'error' },
  },
  {
    // Escapes from the type system (issue 14): none in application code unless disabled at the line
    // with its reason (`eslint-disable-next-line no-restricted-syntax -- why`).
    files: ['src/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx}', 'server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSAsExpression > TSNeverKeyword.typeAnnotation', message: '`as never` silences the type checker; fix the types, or disable this line with the reason.' },
        {
          selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
          message: '`as unknown as` silences the type checker; fix the types, or disable this line with the reason.',
        },
      ],
    },
  },
  {
    // Tests read loosely-typed JSON bodies (res.json() is `any`), so the no-unsafe-* family would flag every assertion.
    files: ['tests/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
