// ESLint: typescript-eslint's type-checked rules, the promise rules that keep
// an error from vanishing, exhaustive switches, and the layer rules of
// docs/architecture.md (no import cycle, no import that points up).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// The layers, lowest first: a folder may import only from folders of lower layers (and itself).
const LAYERS = [
  ['engine', 'i18n'],
  ['model'],
  ['render', 'store', 'ai'],
  ['match'],
  ['commands'],
  ['bot'],
  ['runtime'],
];
// The pure layers: no I/O, so not even the process-wide helpers (config, logging).
const PURE = 2;
// What a folder may not import although it is below: the model's records know no words.
const NOT = { model: ['i18n'] };
const below = (dir, layer) =>
  LAYERS.slice(0, layer)
    .flat()
    .filter((d) => !NOT[dir]?.includes(d));
const zones = LAYERS.flatMap((group, layer) =>
  group.map((dir) => ({
    target: `./src/${dir}`,
    from: './src',
    except: [
      `./${dir}`,
      ...below(dir, layer).map((d) => `./${d}`),
      ...(layer >= PURE ? ['./config.ts', './log.ts'] : []),
    ],
    message: `src/${dir} may import only from ${[dir, ...below(dir, layer)].map((d) => `src/${d}`).join(', ')} (docs/architecture.md).`,
  })),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-web/**',
      'node_modules/**',
      'demo-output/**',
      'coverage/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Reports tuple assertions on array literals as unnecessary (contextual typing) and its fix breaks the build.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The layer rules are about src/ (tests and tools may import from any layer).
    files: ['src/**/*.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    // Tests and the Discord stand-in handle Discord's JSON payloads, untyped by nature: the no-any family
    // would only add casts. The promise, exhaustiveness and layer rules stay on.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // `waitFor(async () => …)` reads naturally even when nothing inside awaits.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
