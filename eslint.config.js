import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'migrations', 'data', 'coverage'] },
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
    },
  },
  {
    // The pure rules of a system import nothing of the battle, the app or the store (src/rules/README.md).
    files: ['src/rules/**/*.ts'],
    ignores: ['src/rules/index.ts', 'src/rules/system.ts', 'src/rules/*/battle.ts', 'src/rules/*/*-battle.ts', 'src/rules/*/plugin.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/battle/*', '**/app/*', '**/store/*', '**/discord/*', '**/table/*'], message: 'Pure rules import nothing of the battle: put battle wiring in battle.ts.', allowTypeImports: false }] },
      ],
    },
  },
);
