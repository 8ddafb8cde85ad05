import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import relay from 'eslint-plugin-relay';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noFloatMoney } from './api/lint/no-float-money.ts';

// `npm run lint` (part of `npm test`). Formatting is Prettier's (`npm run format`); these rules are
// about correctness. The parts' boundaries are the compiler's (tsconfig per part), except the
// browser globals the server must not use, which its libraries' types leak into its type check.
export default defineConfig(
  {
    ignores: [
      'node_modules',
      'dist',
      'test-results',
      'playwright-report',
      '**/generated/**',
      '**/__generated__/**',
      'bench/.data*',
      'data',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { money: { rules: { 'no-float-money': noFloatMoney } } },
    rules: {
      'money/no-float-money': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Test assertions and GraphQL results read untyped JSON on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['api/**', 'bench/**', 'e2e/**', 'shared/**', '*.ts', '*.js', 'web/scripts/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['api/**', 'bench/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator'].map((name) => ({
          name,
          message: 'The server has no DOM.',
        })),
      ],
    },
  },
  {
    files: ['web/src/**'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { relay },
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      'relay/graphql-syntax': 'error',
      'relay/graphql-naming': 'error',
      'relay/unused-fields': 'error',
      'relay/must-colocate-fragment-spreads': 'error',
      'relay/hook-required-argument': 'error',
      'relay/function-required-argument': 'error',
    },
  },
  prettier,
);
