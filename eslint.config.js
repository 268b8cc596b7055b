import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
