// ARCHITECTURE.md's invariants about imports, as data: each rule names the imports it forbids, and
// (for a rule today's code does not keep yet) a commented allow-list of the files known to break it.
// An allow-list may only shrink: rules.test.ts fails on a new violation and on a listed file that no
// longer breaks the rule (remove it from the list then).
//
// Type-only imports (`import type`, `import('…')` types) count for every rule: a type names the layer
// and the package it comes from, so a library that imports LSP types knows LSP even if nothing of it
// runs. No upward type-only import exists today, so the layer rule needs no exception for them either.
// test/ is outside these rules (tests exercise every layer and speak LSP/DAP as clients), except that
// bench/ must not import test/.

import { builtinModules } from 'node:module';
import { folderOf, type Import } from './imports';

export interface Rule {
  /** The invariant's name as ARCHITECTURE.md states it. */
  readonly name: string;
  /** Whether an import breaks the rule. */
  readonly forbids: (i: Import) => boolean;
  /** Files that break the rule today (each with why); the list may only shrink. */
  readonly allow?: readonly string[];
  /** An import that must be reported (proves the rule can fail). */
  readonly example: Pick<Import, 'file' | 'specifier'>;
}

/** The I/O-free libraries: plain code used from tests, the CLI, the server and the debug adapter. */
export const LIBRARIES = ['target', 'xtensa', 'tensors', 'emulator', 'language', 'debuginfo', 'compiler', 'session'];

/**
 * The layers, lowest first, from ARCHITECTURE.md's bird's-eye view. A folder imports only folders of
 * lower layers (same-layer folders are independent of each other). test/ is outside the layering.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['target', 'xtensa', 'tensors'], // the device contract, the instruction set and its tools, tensor files
  ['emulator', 'language', 'debuginfo'], // the machine; the C++ front-end; the DWARF reader
  ['compiler'], // the semantic model → Xtensa ELF + DWARF
  ['session', 'hostshim', 'diskcache'], // the launch layer; the host build; the build cache on disk
  ['server', 'debug-adapter'], // LSP; DAP
  ['cli', 'client'], // q7 <command>; the VS Code extension
  ['harness'], // the oracles' runners and the LSP client the benchmarks and the tests drive (imports no product folder)
  ['bench'], // figures
];

export function layerOf(folder: string): number | undefined {
  const k = LAYERS.findIndex((l) => l.includes(folder));
  return k < 0 ? undefined : k;
}

const builtins = new Set(builtinModules);
const isNodeBuiltin = (s: string) => s.startsWith('node:') || builtins.has(s.split('/')[0]);
const pkg = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]);
const inFolder = (i: Import, ...folders: string[]) => folders.includes(folderOf(i.file));
const notTest = (i: Import) => folderOf(i.file) !== 'test';

export const RULES: readonly Rule[] = [
  {
    name: 'the libraries do no I/O and know nothing of LSP, DAP or VS Code',
    forbids: (i) => inFolder(i, ...LIBRARIES) && i.external && (isNodeBuiltin(i.specifier) || /^(vscode|@vscode\/)/.test(i.specifier)),
    example: { file: 'emulator/memory.ts', specifier: 'node:fs' },
  },
  {
    name: 'only server/ knows LSP',
    // harness/lsp-client.ts is a client of the protocol (for the tests and the benchmark): it names its types
    forbids: (i) => notTest(i) && !inFolder(i, 'server', 'harness') && i.external && /^vscode-languageserver/.test(i.specifier),
    example: { file: 'language/frontend.ts', specifier: 'vscode-languageserver' },
  },
  {
    name: 'only debug-adapter/ knows DAP',
    // bench/debugger.ts drives the adapter as a DAP client (the test-support client and protocol types)
    forbids: (i) => notTest(i) && !inFolder(i, 'debug-adapter', 'bench') && i.external && /^@vscode\/debug(adapter|protocol)/.test(i.specifier),
    example: { file: 'session/kernel.ts', specifier: '@vscode/debugprotocol' },
  },
  {
    name: 'only client/ imports vscode',
    forbids: (i) => notTest(i) && !inFolder(i, 'client') && i.external && pkg(i.specifier) === 'vscode',
    example: { file: 'server/main.ts', specifier: 'vscode' },
  },
  {
    name: 'client/ does not import server/',
    forbids: (i) => inFolder(i, 'client') && !i.external && folderOf(i.target) === 'server',
    example: { file: 'client/extension.ts', specifier: '../server/main' },
  },
  {
    name: 'bench/ does not import test/',
    forbids: (i) => inFolder(i, 'bench') && !i.external && folderOf(i.target) === 'test',
    example: { file: 'bench/run.ts', specifier: '../test/oracle/qemu' },
  },
  {
    name: 'lower layers never import higher ones',
    forbids: (i) => {
      if (i.external || !notTest(i)) return false;
      const from = layerOf(folderOf(i.file));
      const to = layerOf(folderOf(i.target));
      if (from === undefined || to === undefined || folderOf(i.file) === folderOf(i.target)) return false;
      return to >= from;
    },
    example: { file: 'emulator/device/device.ts', specifier: '../../debuginfo' },
  },
  {
    name: 'the device reads no debug information (emulator/ never imports debuginfo/)',
    forbids: (i) => inFolder(i, 'emulator') && !i.external && folderOf(i.target) === 'debuginfo',
    example: { file: 'emulator/device/device.ts', specifier: '../../debuginfo' },
  },
  {
    name: 'the compiler does not import emulator/',
    forbids: (i) => inFolder(i, 'compiler') && !i.external && folderOf(i.target) === 'emulator',
    example: { file: 'compiler/link.ts', specifier: '../emulator/device/abi' },
  },
  {
    name: 'the compiler reads C++ only through the semantic model (no language/parse/)',
    forbids: (i) => inFolder(i, 'compiler') && !i.external && i.target.startsWith('language/parse/'),
    // the lowering still names syntax nodes (type-only) where it walks statement and initialiser syntax
    // the model hands over; it takes `SyntaxNode` from language/'s face (test/architecture/faces.test.ts)
    example: { file: 'compiler/lower/call.ts', specifier: '../../language/parse/syntax-node' },
  },
];

/** The rule's violations among `imports`, split into the unlisted ones and the listed files that keep it now. */
export function check(rule: Rule, imports: readonly Import[]): { violations: Import[]; stale: string[] } {
  const bad = imports.filter(rule.forbids);
  const allow = new Set(rule.allow ?? []);
  const violations = bad.filter((i) => !allow.has(i.file));
  const stale = [...allow].filter((f) => !bad.some((i) => i.file === f));
  return { violations, stale };
}
