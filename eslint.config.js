import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import redos from 'eslint-plugin-redos';

/** Web features do not import each other; shared pieces live in src/ui, src/api, src/app (eslint-rules.test.ts). */
function noFeatureImports(regex) {
  return ['error', { patterns: [{ regex, message: 'features must not import each other; move shared code to src/ui or src/api' }] }];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '**/.tmp/**', 'data/**', '**/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // A regular expression that can backtrack without bound stalls the thread running it: text people
  // send (an import file, a description, a form field) could hold it for seconds or hours. Every
  // expression in code that runs on the server or in the app is held to linear time, by two checkers:
  // eslint-plugin-regexp's static rules, and recheck (eslint-plugin-redos), which also finds the
  // quadratic cases those rules miss (a tag pattern scanning to the end from every '<'). recheck runs
  // its automaton checker only: the same answer every run, and cached; patterns with lookarounds,
  // which it cannot judge, are left to the first two rules.
  // Tests, browser tests, benches and build scripts only read text we wrote ourselves.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', 'apps/web/e2e/**', 'apps/server/bench/**', 'apps/server/src/test/**', 'apps/web/build/**', '*.config.{js,ts}', '**/*.config.{js,ts}'],
    plugins: { regexp, redos },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false }],
      // Checks are cached (node_modules/.cache) by each expression's text, so a second run is quick.
      'redos/no-vulnerable': ['error', { checker: 'automaton', timeout: 2000, cache: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': noFeatureImports('^(\\.\\./)+features/'),
    },
  },
  // Inside a feature, a path that climbs out of it and down again reaches a sibling feature:
  // from features/{f}/x.ts that is '../{other}/', from features/{f}/{folder}/x.ts '../../{other}/'.
  { files: ['apps/web/src/features/*/*.{ts,tsx}'], rules: { 'no-restricted-imports': noFeatureImports('^\\.\\./(?!\\.\\./)|^(\\.\\./)+features/') } },
  { files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': noFeatureImports('^\\.\\./\\.\\./(?!\\.\\./)|^(\\.\\./)+features/') } },
);
