import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const NO_SYSTEM = { group: ['**/systems/*', '**/systems/**'], message: 'The core never imports a rule system: the systems are handed to it in src/assemble.ts.' };
const PURE = { group: ['**/battle/*', '**/app/*', '**/store/*', '**/discord/*', '**/table/*'], message: "Pure rules import nothing of the battle: put the wiring in the system's battle/.", allowTypeImports: false };
const restrictImports = (...blocks) =>
  blocks.map(({ patterns, ...where }) => ({ ...where, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } }));

export default tseslint.config(
  { ignores: ['node_modules', 'migrations', 'data', 'coverage', 'dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The store is asynchronous: a promise nobody awaits is an append or a read that may not have happened.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      // A phrase (an object: src/i18n/text.ts) in a template string prints "[object Object]": word it (english, word)
      // or make the whole line a phrase. Numbers, booleans, null/undefined and regular expressions print as meant.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: true, allowRegExp: true, allowAny: false, allowArray: false, allowNever: false },
      ],
    },
  },
  {
    // No import circle anywhere (docs/architecture.md, Shape): the core is handed the rule systems at src/assemble.ts.
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: { 'import-x/no-cycle': 'error' },
  },
  ...restrictImports(
    // The core never imports a rule system: only the composition root (src/assemble.ts) does (src/systems/README.md).
    { files: ['commands/**/*.ts', 'src/**/*.ts'], ignores: ['src/systems/**', 'src/rules/**', 'src/assemble.ts'], patterns: [NO_SYSTEM] },
    // What every system's rules share imports no system, and nothing of the battle either.
    { files: ['src/rules/**/*.ts'], patterns: [NO_SYSTEM, PURE] },
    // The pure rules of a system import nothing of the battle, the app or the store: its wiring does.
    { files: ['src/systems/*/**/*.ts'], ignores: ['src/systems/*/battle/**', 'src/systems/*/plugin.ts', 'src/systems/*/commands/**'], patterns: [PURE] },
  ),
);
