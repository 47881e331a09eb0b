// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Features stay apart: a feature folder may not import from another feature folder. */
function featureZones(base, features) {
  return features.map((feature) => ({
    target: `${base}/${feature}`,
    from: base,
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in a route module or ask the other service.',
  }));
}

import { readdirSync, existsSync } from 'node:fs';
const dirs = (p) =>
  existsSync(p)
    ? readdirSync(p, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

const WEB = './apps/web/src';
/** Shared code (components, lib) knows no feature and no route; features do not import each other. */
const webZones = [
  ...featureZones(`${WEB}/features`, dirs('apps/web/src/features')),
  ...['components', 'lib'].map((shared) => ({
    target: `${WEB}/${shared}`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared code (components, lib) imports no feature and no app module.',
  })),
];
/** The app composes features, never the other way round (screen tests may mount a route). */
const featuresNotApp = {
  target: `${WEB}/features`,
  from: `${WEB}/app`,
  message: 'Features do not import the app; the app composes features.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      'coverage/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      // Fastify handlers and hooks are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A } from './m'` keeps `import './m'` in the output (verbatimModuleSyntax): a
      // module meant to load lazily would load with its importer (issue 18: weight).
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in config.ts (server) or lib/env.ts (web) only.',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: featureZones('./apps/server/src/features', dirs('apps/server/src/features')) },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, featuresNotApp] }],
      // Issue 18: shared components carry the accessible names; screens use them, not the raw ones.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Pagination'],
              message: 'Use components/pagination.tsx: its buttons have translated names.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/pagination.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
  {
    // The places that may read the environment, and tooling scripts.
    files: [
      'apps/server/src/config.ts',
      'apps/web/src/lib/env.ts',
      '**/*.config.{ts,js,mjs}',
      'scripts/**',
      'bench/**',
      'e2e/**',
      'apps/server/build.mjs',
      'apps/server/test/global-setup.ts',
      'apps/demo-shop/src/cli.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', '**/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
