// Lint configuration: typescript-eslint recommended rules over the TypeScript sources, and the
// package-import invariants of ARCHITECTURE.md as editor-time hints (no-restricted-imports per folder;
// the full rules, layers and allow-lists included, are test/architecture/rules.test.ts).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const LIBRARIES = ['target', 'xtensa', 'tensors', 'emulator', 'language', 'debuginfo', 'compiler', 'session'];
const LSP = { group: ['vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-*'], message: 'only server/ knows LSP (ARCHITECTURE.md)' };
const DAP = { group: ['@vscode/debugadapter', '@vscode/debugadapter/*', '@vscode/debugprotocol'], message: 'only debug-adapter/ knows DAP (ARCHITECTURE.md)' };
const VSCODE = { group: ['vscode'], message: 'only client/ imports vscode (ARCHITECTURE.md)' };
const NO_IO = 'the libraries do no I/O: files, clocks and hosts are passed in (ARCHITECTURE.md)';
const NODE = { group: ['node:*'], message: NO_IO };
// bare built-in names as exact paths (as patterns, `constants` would also match './constants')
const NODE_PATHS = builtinModules.map((name) => ({ name, message: NO_IO }));
const restrict = (files, patterns, paths = []) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns, paths }] } });

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test/fixtures/**', 'target/q7/guest-files.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  restrict(LIBRARIES.map((f) => `${f}/**/*.ts`), [NODE, LSP, DAP, VSCODE], NODE_PATHS),
  restrict(['hostshim/**/*.ts', 'diskcache/**/*.ts', 'cli/**/*.ts'], [LSP, DAP, VSCODE]),
  restrict(['server/**/*.ts'], [DAP, VSCODE]),
  restrict(['debug-adapter/**/*.ts'], [LSP, VSCODE]),
  restrict(['client/**/*.ts'], [LSP, DAP]),
);
