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
  ],
  compiler: [
    'compiler/index.ts', // compile, link, diagnostics
    'compiler/check.ts', // the lowering's legality rules alone (the server: no back end in its bundle)
  ],
  emulator: ['emulator/index.ts', 'emulator/device/index.ts'],
  xtensa: ['xtensa/isa/index.ts', 'xtensa/asm/index.ts', 'xtensa/disasm/index.ts'],
  debuginfo: ['debuginfo/index.ts', 'debuginfo/values/index.ts'],
};

/**
 * Cross-folder imports that do not go through a face yet (`importer → target`). Only remove entries.
 * Everything into language/ and compiler/ goes through faces; what is left is the device's ABI
 * (moving to a target package), the ELF model (xtensa/elf/ has no face yet), emulator internals that
 * session/ and the debug adapter read, entry points the CLI starts, and the test helpers bench/ runs.
 */
const ALLOWED: readonly string[] = [
  // ELF model: xtensa/elf/ has no face yet
  'bench/device.ts → xtensa/elf/types.ts',
  'bench/emulator.ts → xtensa/elf/reader.ts',
  'bench/history.ts → xtensa/elf/types.ts',
  'cli/commands/as.ts → xtensa/elf/writer.ts',
  'cli/commands/objdump.ts → xtensa/elf/reader.ts',
  'cli/commands/objdump.ts → xtensa/elf/types.ts',
  'cli/commands/run-kernel.ts → xtensa/elf/types.ts',
  'cli/commands/run.ts → xtensa/elf/reader.ts',
  'cli/commands/run.ts → xtensa/elf/types.ts',
  'compiler/dwarf/debug-info.ts → xtensa/elf/types.ts',
  'compiler/index.ts → xtensa/elf/types.ts',
  'compiler/index.ts → xtensa/elf/writer.ts',
  'debug-adapter/runtime.ts → xtensa/elf/types.ts',
  'debug-adapter/session.ts → xtensa/elf/types.ts',
  'debug-adapter/stdio.ts → xtensa/elf/reader.ts',
  'debug-adapter/stdio.ts → xtensa/elf/types.ts',
  'debuginfo/classes.ts → xtensa/elf/types.ts',
  'debuginfo/debug-info.ts → xtensa/elf/types.ts',
  'debuginfo/program.ts → xtensa/elf/types.ts',
  'emulator/config/index.ts → xtensa/elf/types.ts',
  'emulator/device/device.ts → xtensa/elf/types.ts',
  'emulator/device/image.ts → xtensa/elf/types.ts',
  'emulator/machine.ts → xtensa/elf/types.ts',
  'session/kernel.ts → xtensa/elf/types.ts',
  'session/program.ts → xtensa/elf/types.ts',
  'session/session.ts → xtensa/elf/types.ts',
  'session/shape.ts → xtensa/elf/types.ts',
  'session/symbols.ts → xtensa/elf/types.ts',
  // other xtensa/ internals
  'cli/commands/objdump.ts → xtensa/isa/features.ts',
  'debug-adapter/runtime.ts → xtensa/isa/registers.ts',
  // the device's ABI (moving to a target package) and emulator internals
  'cli/commands/run-kernel.ts → emulator/device/abi.ts',
  'cli/commands/run.ts → emulator/device/abi.ts',
  'cli/commands/run.ts → emulator/device/device.ts',
  'cli/commands/run.ts → emulator/rom/index.ts',
  'compiler/kernel/kernels.ts → emulator/device/abi.ts',
  'compiler/kernel/thunks.ts → emulator/device/abi.ts',
  'compiler/link.ts → emulator/config/index.ts',
  'compiler/link.ts → emulator/device/abi.ts',
  'compiler/link.ts → emulator/rom/index.ts',
  'compiler/runtime/device.ts → emulator/device/abi.ts',
  'compiler/runtime/rom.ts → emulator/device/abi.ts',
  'debug-adapter/config.ts → emulator/device/abi.ts',
  'debug-adapter/runtime.ts → emulator/device/stack.ts',
  'debug-adapter/runtime.ts → emulator/machine.ts',
  'debug-adapter/views.ts → emulator/device/abi.ts',
  'debug-adapter/views.ts → emulator/machine.ts',
  'session/arguments.ts → emulator/device/hbm.ts',
  'session/history.ts → emulator/device/faults.ts',
  'session/history.ts → emulator/device/snapshot.ts',
  'session/history.ts → emulator/machine.ts',
  'session/session.ts → emulator/device/abi.ts',
  'session/session.ts → emulator/device/guest-memory.ts',
  'session/session.ts → emulator/device/hbm.ts',
  'session/session.ts → emulator/machine.ts',
  // DWARF constants shared by the writer and the reader
  'compiler/dwarf/die.ts → debuginfo/constants.ts',
  // session/'s build step, entry points the CLI starts, a server setting the client reads
  'cli/commands/run.ts → session/build.ts',
  'debug-adapter/stdio.ts → session/build.ts',
  'cli/commands/dap.ts → debug-adapter/stdio.ts',
  'cli/commands/lsp.ts → server/main.ts',
  'client/kernel-files.ts → server/settings.ts',
  // bench/ runs the oracles and the LSP client the tests use
  'bench/emulator.ts → test/oracle/build.ts',
  'bench/emulator.ts → test/oracle/paths.ts',
  'bench/emulator.ts → test/oracle/qemu.ts',
  'bench/emulator.ts → test/oracle/tools.ts',
  'bench/server.ts → test/server/lsp-client.ts',
];

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

  it('faces: nothing outside language/ imports language/ past its faces (no allow-list entry)', () => {
    assert.deepEqual(ALLOWED.filter((k) => k.includes('→ language/') || k.includes('→ compiler/')), []);
  });
});
