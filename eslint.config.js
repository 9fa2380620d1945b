// One lint setup for the whole workspace, with type-aware rules that catch real bugs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', 'apps/server/dist-test-*/**', '**/node_modules/**', 'data/**', '.data-test/**', '.bench-data/**', 'coverage/**'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify plugins and route handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Issue 14 §7: components call their API file's hooks; the query cache (keys, invalidation,
    // updates) belongs to the API files (apps/web/src/app/api-shape.test.ts checks their shape).
    files: ['apps/web/src/features/*/components/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@tanstack/react-query', message: 'Use the hooks of the feature’s api/ file: a mutation hook owns the cache change it causes.' }] },
      ],
    },
  },
  {
    // The guest page and the server-rendered doors run on Preact and never load TanStack Query.
    files: ['apps/web/src/guest/**/*.{ts,tsx}', 'apps/web/src/features/guest-memorial/**/*.{ts,tsx}', 'apps/web/src/doors/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@tanstack/react-query', message: 'The guest page and the doors run on Preact without TanStack Query.' }] }],
    },
  },
);
