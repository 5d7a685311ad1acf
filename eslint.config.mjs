import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { workspaceBoundaries } from './scripts/lint/workspace-boundaries.mjs';

// The back end is a one-way chain (contracts <- integrations <- api <- jobs <- server) and each
// workspace is used through its public surface (`@syncdesk/<name>`, `@syncdesk/<name>/testing`):
// these rules fail on a regression (issue 23). The package graph itself is checked by
// server/src/__tests__/workspace-dependencies.test.ts.
const NO_DEEP_IMPORTS = {
  regex: '^@syncdesk/[^/]+/src(/|$)',
  message:
    'Import the workspace’s public surface (@syncdesk/<name> or @syncdesk/<name>/testing), not its src.',
};
const NO_DATABASE_IN_JOBS = [
  {
    regex: '^sequelize(/|$)',
    message: 'A job connects a provider to a flow: database work belongs in a flow or service of api.',
  },
  {
    regex: '(^|/)(db|models?)(/|$)|\\.models?$',
    message: 'A job connects a provider to a flow: models belong to api’s modules and flows.',
  },
];
const ONLY_CONTRACTS_IN_INTEGRATIONS = {
  regex: '^@syncdesk/(?!contracts(/|$))',
  message: 'integrations knows providers and nothing of ours but @syncdesk/contracts.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.scratch/**',
      'data/**',
      'test-results/**',
      '.test-timings/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { syncdesk: { rules: { 'workspace-boundaries': workspaceBoundaries } } },
    rules: {
      'syncdesk/workspace-boundaries': 'error',
      'no-restricted-imports': ['error', { patterns: [NO_DEEP_IMPORTS] }],
    },
  },
  {
    // Every job and the sync plumbing they share; the job store is the one SQL of jobs (Agenda's backend).
    files: ['jobs/src/**/*.ts'],
    ignores: ['jobs/src/**/__tests__/**', 'jobs/src/job-store/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_DEEP_IMPORTS, ...NO_DATABASE_IN_JOBS] }],
      // Reaching the models or the connection through the services bag is the same thing.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(models|sequelize)$/]',
          message: 'A job connects a provider to a flow: models and SQL belong in a flow or service of api.',
        },
      ],
    },
  },
  {
    files: ['integrations/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_DEEP_IMPORTS, ONLY_CONTRACTS_IN_INTEGRATIONS] }],
    },
  },
  {
    files: ['**/*.tsx', 'web-kit/src/**/*.ts', 'shell/src/**/*.ts', 'mfe-*/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.cjs', 'jest.config.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        module: 'writable',
        require: 'readonly',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
