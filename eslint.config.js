// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['dist/', 'data/', '.astro/', 'node_modules/', 'drizzle/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  // One concept per module: a source file over 500 lines holds several and is split by concept. Every line counts,
  // blank lines and comments too, so the limit is the length a reader meets and why-comments are never cut to fit.
  {
    files: ['src/**/*.{ts,tsx,astro,js,mjs}', 'scripts/**/*.{ts,js,mjs}', 'tests/**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  // Data tables are exempt: their length is the data's (every SIC major group, every word RedChat reads), not a
  // sign of concepts mixed, and splitting a table would scatter one list over several files.
  {
    files: ['src/lib/industries.ts', 'src/server/features/chat/answer/vocabulary.ts'],
    rules: { 'max-lines': 'off' },
  },
  // A feature's tables.ts is its schema, one declaration per record shape with the why of each column: its length is
  // the number of records the feature keeps (the companies feature keeps every record a company page shows).
  {
    files: ['src/server/features/*/tables.ts'],
    rules: { 'max-lines': 'off' },
  },
  // The architecture's boundaries (see eslint.boundaries.js): the site never imports the server, and so on.
  {
    files: ['src/**/*.{ts,tsx,astro,js,mjs}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error' },
  },
);
