// faces: an import from one top-level folder into another names one of that folder's public faces
// (ARCHITECTURE.md, "Faces"), never a file behind them. Known exceptions are listed below; the list may
// only shrink: an entry that no longer violates the rule fails the test until it is removed.
// Failures name the rule and `file:line → target`.

import { strict as assert } from 'assert';
import { importsOf, sourceFiles, sourceFolders, topFolder } from './faces-graph';

/** The faces of each top-level folder; a folder not listed has one face, `<folder>/index.ts`. */
export const FACES: Readonly<Record<string, readonly string[]>> = {
  language: [
    'language/index.ts', // the front-end, the semantic model's queries, the kernel rule
    'language/model/index.ts', // the model's data: declarations, types, expressions, bodies, layout
    'language/checks/index.ts', // the domain checks, and the tensor facts the compiler shares
    'language/sdk/index.ts', // the SDK headers (moving to a target package)
    'language/file-globs.ts', // the settings' file globs alone (the VS Code client's bundle)
    'language/parse/grammar-files.ts', // the grammar's file names alone (the server's small loader)
  ],
  compiler: [
    'compiler/index.ts', // compile, link, diagnostics
    'compiler/check.ts', // the lowering's legality rules alone (the server: no back end in its bundle)
    'compiler/phases.ts', // the phases one by one (the benchmark times them)
  ],
  emulator: ['emulator/index.ts', 'emulator/device/index.ts'],
  // session/program.ts: plain programs alone (the emulator behind it, not the compiler), for the small
  // `q7 run` bundle of a program ELF
  session: ['session/index.ts', 'session/program.ts'],
  xtensa: ['xtensa/isa/index.ts', 'xtensa/asm/index.ts', 'xtensa/disasm/index.ts', 'xtensa/elf/index.ts'],
  debuginfo: ['debuginfo/index.ts', 'debuginfo/values/index.ts'],
  // the target's contracts, one file each: the ABI (and its assembler macros), the memory map, the
  // window vectors, the guest software
  target: ['target/q7/abi.ts', 'target/q7/abi-macros.ts', 'target/q7/memory-map.ts', 'target/q7/window-vectors.ts', 'target/q7/guest.ts',
    'target/q7/guest-files.generated.ts'], // the guest files embedded by the build
  // entry points the CLI starts; the debugger's prebuild (timed by the benchmark)
  server: ['server/main.ts', 'server/prebuild.ts'],
  // the code cache and the grammar read ahead, for the loaders of the server and the CLI (start.ts)
  diskcache: ['diskcache/index.ts', 'diskcache/code-cache.ts', 'diskcache/grammar-prefetch.ts'],
  'debug-adapter': ['debug-adapter/stdio.ts'],
  // how the extension starts the language server (the benchmark starts its servers the same way)
  client: ['client/server-launch.ts'],
  // the half-precision codec alone (the IVP's f16 lanes), without the tensors behind it
  tensors: ['tensors/index.ts', 'tensors/binary16.ts'],
};

/**
 * Cross-folder imports that do not go through a face yet (`importer → target`). Only remove entries:
 * none is left, and a new one is a face to add or an import to route through one.
 */
const ALLOWED: readonly string[] = [];

/** Every cross-folder import that names no face: `importer → target` with its `file:line` places. */
export function faceViolations(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(sourceFolders())) {
    for (const e of importsOf(file)) {
      if (e.to === undefined) continue;
      const target = topFolder(e.to);
      if (target === topFolder(file)) continue;
      if ((FACES[target] ?? [`${target}/index.ts`]).includes(e.to)) continue;
      const key = `${file} → ${e.to}`;
      found.set(key, [...(found.get(key) ?? []), `${file}:${e.line} → ${e.to}`]);
    }
  }
  return found;
}

describe('architecture: faces', () => {
  const violations = faceViolations();

  it('faces: imports across top-level folders name a face of the target folder', () => {
    const bad = [...violations].filter(([key]) => !ALLOWED.includes(key)).flatMap(([, places]) => places);
    assert.deepEqual(bad, [], `faces: import a face of the folder (${Object.values(FACES).flat().join(', ')}, or <folder>/index.ts):\n  ${bad.join('\n  ')}`);
  });

  it('faces-allow-list-shrinks: every allow-listed import still violates (remove entries that do not)', () => {
    const stale = ALLOWED.filter((key) => !violations.has(key));
    assert.deepEqual(stale, [], `faces-allow-list-shrinks: remove from ALLOWED in test/architecture/faces.test.ts:\n  ${stale.join('\n  ')}`);
    assert.equal(new Set(ALLOWED).size, ALLOWED.length, 'faces-allow-list-shrinks: duplicate entries');
  });

  it('faces: every listed face exists', () => {
    const files = new Set(sourceFiles(sourceFolders()));
    const missing = Object.values(FACES).flat().filter((f) => !files.has(f));
    assert.deepEqual(missing, []);
  });

  it('faces: only the client and bench/ still reach past a face', () => {
    assert.deepEqual(ALLOWED.filter((k) => !k.startsWith('client/') && !k.startsWith('bench/')), []);
  });
});
