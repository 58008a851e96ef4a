// Helpers for the inspection tests: the address of a source line (from the line table), running a
// machine or a device core to it, and a TargetView over the stopped core (registers of the current
// window by DWARF number, local memory, HBM of the device).

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DebugInfo } from '../../debuginfo';
import type { TargetView } from '../../debuginfo/values';
import type { Machine } from '../../emulator';
import type { Device } from '../../emulator/device';
import type { ElfImage } from '../../xtensa/elf/types';
import { findTool } from '../../harness/oracle/tools';
import { runtimeDir } from '../../harness/oracle/paths';

/** The lowest address of a statement row of `line` in a file whose path ends with `file`. */
export function lineAddress(image: ElfImage, file: string, line: number): number {
  const info = DebugInfo.fromElf(image);
  let best: number | undefined;
  for (const u of info.lineUnits) {
    for (const r of u.rows) {
      if (r.endSequence || r.line !== line || !r.isStmt) continue;
      if (!(u.files.get(r.file) ?? '').endsWith(file)) continue;
      if (best === undefined || r.address < best) best = r.address;
    }
  }
  assert.ok(best !== undefined, `no address for ${file}:${line}`);
  return best;
}

/** A TargetView of a stopped machine's innermost frame. */
export function machineTarget(m: Machine, extra: Partial<TargetView> = {}): TargetView {
  return {
    pc: m.pc >>> 0,
    readMemory: (a, n) => m.readMemory(a >>> 0, n),
    readRegister: (r) => (r >= 0 && r < 16 ? m.readAR(r) >>> 0 : undefined),
    writeMemory: (a, b) => m.writeMemory(a >>> 0, b),
    writeRegister: (r, v) => {
      if (r < 0 || r >= 16) return false;
      m.writeAR(r, v);
      return true;
    },
    ...extra,
  };
}

/** A TargetView of a device core with HBM through the device. */
export function deviceTarget(dev: Device, core = 0): TargetView {
  const m = dev.cores[core].m;
  return machineTarget(m, {
    readHbm: (addr, len) => dev.hbm.read(Number(addr), len),
    writeHbm: (addr, bytes) => {
      dev.hbm.write(Number(addr), bytes);
      return true;
    },
  });
}

/** Builds a freestanding C++ program with xtensa-lx106-elf-gcc (call0, -g) linked for the lx106 sim map. */
export function gccBuild(source: string, flags: readonly string[]): Uint8Array {
  const gcc = findTool('xtensa-lx106-elf-gcc')!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-inspect-'));
  try {
    const src = path.join(dir, 'prog.cpp');
    const start = path.join(dir, 'start.S');
    const support = path.join(dir, 'support.c');
    const out = path.join(dir, 'prog.elf');
    fs.writeFileSync(src, source);
    fs.writeFileSync(start, START_S);
    fs.writeFileSync(support, SUPPORT_C);
    const r = spawnSync(gcc, [
      '-g', ...flags, '-ffreestanding', '-fno-exceptions', '-nostdlib', '-mtext-section-literals',
      '-T', path.join(runtimeDir(), 'sim-lx106.ld'), start, support, '-x', 'c++', '-fno-rtti', src, '-o', out, '-lgcc',
    ], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`xtensa-lx106-elf-gcc failed:\n${r.stderr}`);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The two functions GCC calls for block copies and clears. */
const SUPPORT_C = `typedef unsigned int size_t;
void *memcpy(void *d, const void *s, size_t n) { char *a = d; const char *b = s; while (n--) *a++ = *b++; return d; }
void *memset(void *d, int c, size_t n) { char *a = d; while (n--) *a++ = (char)c; return d; }
`;

/** Reset code: a stack, .data copied from its load address, .bss cleared, main, then SIMCALL exit with main's result. */
const START_S = `
        .section .text.reset, "ax"
        .global _reset
        .align 4
_reset:
        j 1f
        .align 4
.Lstack: .word __stack
.Lmain:  .word main
.Ldsrc:  .word __data_source
.Ldbeg:  .word __data_start
.Ldend:  .word __data_end
.Lbbeg:  .word __bss_start
.Lbend:  .word __bss_end
        .align 4
1:      l32r a1, .Lstack
        l32r a3, .Ldsrc
        l32r a4, .Ldbeg
        l32r a5, .Ldend
3:      bgeu a4, a5, 4f
        l32i a6, a3, 0
        s32i a6, a4, 0
        addi a3, a3, 4
        addi a4, a4, 4
        j 3b
4:      l32r a4, .Lbbeg
        l32r a5, .Lbend
        movi a6, 0
5:      bgeu a4, a5, 6f
        s32i a6, a4, 0
        addi a4, a4, 4
        j 5b
6:      movi a0, 0
        l32r a2, .Lmain
        callx0 a2
        mov a3, a2
        movi a2, 1
        simcall
7:      j 7b
`;
