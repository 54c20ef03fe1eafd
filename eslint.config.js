import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import jest from 'eslint-plugin-jest';
import playwright from 'eslint-plugin-playwright';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': 'error',
    },
  },
  {
    // The service worker runs in its own global scope, without the page's window.
    files: ['web/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Nest's DI reads constructor parameter types from decorator metadata: a type-only import would erase it.
    files: ['api/**/*.ts', 'test/api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // A focused or skipped test hides the others; scripts/test.mjs also fails a run that reports one.
    files: ['**/*.spec.ts', 'test/api/**/*.ts'],
    plugins: { jest },
    rules: { 'jest/no-focused-tests': 'error', 'jest/no-disabled-tests': 'error' },
  },
  {
    // A pattern that backtracks more than linearly lets one crafted input hold the event loop for seconds.
    files: ['api/**', 'libs/**', 'web/app/**', 'scripts/**'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' },
  },
  {
    files: ['test/e2e/**/*.ts'],
    plugins: { playwright },
    rules: { 'playwright/no-focused-test': 'error', 'playwright/no-skipped-test': 'error' },
  },
  {
    files: ['scripts/**', '.ci/**', 'test/**', '**/*.config.{js,ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
