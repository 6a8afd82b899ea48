import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The three source roots depend in one direction only: web -> shared <- server.
// These rules say why when they fire, so the fix is obvious.
const sharedMustStayPure = {
  patterns: [
    {
      group: ['**/server/**', '**/web/**'],
      message:
        'src/shared is imported by both the server and the browser: it must not import server or web code.',
    },
  ],
};
const webMustNotImportServer = {
  patterns: [
    {
      group: ['**/server/**', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'fastify'],
      message:
        'web code runs in the browser: it must not import server code or database drivers. Put shared types and schemas in src/shared.',
    },
  ],
};
// A feature's public surface is its index.ts (or a file at its root, like auth/session):
// another feature never reaches into its api/, components/ or hooks/ folders.
const featuresMeetAtTheirIndex = {
  patterns: [
    ...webMustNotImportServer.patterns,
    {
      regex: String.raw`^(\.\./)+[a-z-]+/(api|components|hooks)/`,
      message:
        "Import another feature through its index.ts (e.g. '../../units'), not its api/, components/ or hooks/ files: export what others need there.",
    },
  ],
};
const serverMustNotImportWeb = {
  patterns: [
    {
      group: ['**/web/**', 'react', 'react-dom', '@mantine/*'],
      message: 'server code must not import web (React) code. Put what both need in src/shared.',
    },
  ],
};

// Repositories take a scope (src/server/scope.ts), never an actor: who may see what is decided
// once, by scopeFor and the policies of modules/authz, before a repository runs.
const repositoriesTakeAScope = {
  patterns: [
    ...serverMustNotImportWeb.patterns,
    {
      group: ['**/authz/*', '**/authz'],
      allowTypeImports: true,
      message:
        'A repository takes a scope (scopeFor(actor) in modules/authz, computed by the route or service), not an actor: pass it the scope or the filter, and import Scope from src/server/scope.ts.',
    },
    {
      group: ['fastify'],
      allowTypeImports: false,
      message: 'Repositories know nothing of requests: the route hands them what they need.',
    },
  ],
};

// Services and reads take a context (src/server/context.ts: runService, runQuery), never a
// request: the same code runs for a route, a job and the command line. A read may live in any
// file of its module (`*.reads.ts`, a service, a read model), so the rule covers them all.
const servicesKnowNoRequests = {
  patterns: [
    ...serverMustNotImportWeb.patterns,
    {
      group: ['fastify', '@fastify/*'],
      allowTypeImports: false,
      message:
        'Services and reads know nothing of requests: take a Context, and let the route run you with runService or runQuery.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'drizzle', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Typed rules: a promise nobody awaits loses its error (an unhandled rejection) and its
    // order; a promise handed to an event prop is not awaited by React.
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', sharedMustStayPure] },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', webMustNotImportServer],
    },
  },
  {
    files: ['src/web/features/**'],
    rules: { 'no-restricted-imports': ['error', featuresMeetAtTheirIndex] },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', serverMustNotImportWeb] },
  },
  {
    files: ['src/server/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', repositoriesTakeAScope],
    },
  },
  {
    // Every module file but its routes, its request plugins and limits (which run before a
    // service, on the request), its tests and its repositories (which have their own rule).
    files: ['src/server/modules/**/*.ts'],
    ignores: [
      'src/server/modules/**/*.{routes,plugin,rate-limit,repository,test,test-helpers}.ts',
      'src/server/modules/rate-limits/per-address.ts',
    ],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', servicesKnowNoRequests],
    },
  },
);
