// Probe programs: a fixed frame (vector table, VECBASE/PS/window set-up, result buffer, report via
// SIMCALL write, exit) around a test body, built for one core so that the same ELF runs on QEMU and
// on our emulator. A body stores its results with `s32i reg, a14, 4*k`; an exception ends the run
// with a record of the vector taken and the exception registers instead.

import { ProgramBuilder } from './program';
import { Piece, imageOf } from './elf-image';
import type { ElfImage } from '../../../xtensa/elf/types';

export interface ProbeCore {
  readonly name: 'lx106' | 'dc233c' | 'de233_fpu';
  readonly codeBase: number;
  readonly ramBase: number;
  readonly windowed: boolean;
  /** Vector offsets from VECBASE that get a reporting handler. */
  readonly vectors: readonly number[];
}

export const PROBE_CORES: Record<ProbeCore['name'], ProbeCore> = {
  lx106: { name: 'lx106', codeBase: 0x50000000, ramBase: 0x60000000, windowed: false, vectors: [0x10, 0x20, 0x30, 0x50, 0x70] },
  dc233c: {
    name: 'dc233c', codeBase: 0xfe000000, ramBase: 0x00001000, windowed: true,
    vectors: [0x0, 0x40, 0x80, 0xc0, 0x100, 0x140, 0x180, 0x1c0, 0x200, 0x240, 0x280, 0x2c0, 0x300, 0x340, 0x3c0],
  },
  de233_fpu: {
    name: 'de233_fpu', codeBase: 0xfe000000, ramBase: 0x00001000, windowed: true,
    vectors: [0x0, 0x40, 0x80, 0xc0, 0x100, 0x140, 0x180, 0x1c0, 0x200, 0x240, 0x280, 0x2c0, 0x300, 0x340, 0x3c0],
  },
};

/** Exit status of a probe that ran to its end. */
export const PROBE_DONE = 0;
/** Exit status of a probe stopped by an exception: 0x40 + index of the vector in `vectors`. */
export const PROBE_VECTOR_BASE = 0x40;
/** Words of an exception record: vector offset, EXCCAUSE, EPC1, EXCVADDR, DEPC, PS, WB, WS. */
export const EXC_RECORD_WORDS = 8;

export interface ProbeOptions {
  /** Number of result words the body stores at a14 (at most 4096). */
  readonly words: number;
  /** PS before the body (default 0x2f = UM, INTLEVEL 15; windowed cores add WOE). */
  readonly ps?: number;
  /** Data words placed in RAM (at most 8192); their address is in a13. */
  readonly data?: readonly number[];
  /** Code for custom vectors (offset → builder callback); replaces the reporting handler. */
  readonly vectorCode?: ReadonlyMap<number, (p: ProgramBuilder) => void>;
  /** Words placed in the literal pool before the body, as labels `lit_0`, `lit_1`, … (for L32R). */
  readonly literals?: readonly (number | string)[];
  /** Code after the frame (subroutines), reachable by label. */
  readonly tail?: (p: ProgramBuilder) => void;
}

export interface Probe {
  readonly image: ElfImage;
  readonly resultAddr: number;
  readonly symbols: ReadonlyMap<string, number>;
}

export function buildProbe(core: ProbeCore, body: (p: ProgramBuilder) => void, opt: ProbeOptions): Probe {
  const p = new ProgramBuilder(core.codeBase);
  const buf = core.ramBase;
  const excBuf = core.ramBase + 0x4000;
  const dataAddr = core.ramBase + 0x8000;
  const ps = opt.ps ?? (core.windowed ? 0x4002f : 0x2f);
  p.i('j', 'start').align(4);
  p.label('lit_vectors').word('vectors');
  p.label('lit_buf').word(buf);
  p.label('lit_excbuf').word(excBuf);
  p.label('lit_data').word(dataAddr);
  p.label('lit_ps').word(ps);
  (opt.literals ?? []).forEach((w, k) => p.label(`lit_${k}`).word(w));
  p.label('start');
  p.i('l32r', 2, 'lit_vectors').i('wsr.vecbase', 2).i('isync');
  if (core.windowed) {
    p.i('movi', 2, 1).i('wsr.windowstart', 2).i('rsync');
  }
  p.i('l32r', 2, 'lit_ps').i('wsr.ps', 2).i('rsync');
  p.i('l32r', 14, 'lit_buf').i('l32r', 13, 'lit_data');
  body(p);
  p.label('report');
  p.i('l32r', 4, 'lit_buf').i('movi', 2, 4).i('movi', 3, 1).i('movi', 5, opt.words * 4).i('simcall');
  p.i('movi', 2, 1).i('movi', 3, PROBE_DONE).i('simcall');
  p.label('hang').i('j', 'hang');
  if (opt.tail) opt.tail(p);
  p.align(1024).label('vectors');
  const base = p.here;
  core.vectors.forEach((off, k) => {
    p.org(base + off);
    const custom = opt.vectorCode?.get(off);
    if (custom) custom(p);
    else p.i('j', `report_vec_${k}`);
  });
  core.vectors.forEach((off, k) => {
    p.label(`report_vec_${k}`);
    p.i('l32r', 14, 'lit_excbuf');
    p.i('movi', 2, off).i('s32i', 2, 14, 0);
    p.i('rsr.exccause', 2).i('s32i', 2, 14, 4);
    p.i('rsr.epc1', 2).i('s32i', 2, 14, 8);
    p.i('rsr.excvaddr', 2).i('s32i', 2, 14, 12);
    p.i('rsr.depc', 2).i('s32i', 2, 14, 16);
    p.i('rsr.ps', 2).i('s32i', 2, 14, 20);
    if (core.windowed) {
      p.i('rsr.windowbase', 2).i('s32i', 2, 14, 24);
      p.i('rsr.windowstart', 2).i('s32i', 2, 14, 28);
    }
    p.i('mov.n', 4, 14).i('movi', 2, 4).i('movi', 3, 1).i('movi', 5, EXC_RECORD_WORDS * 4).i('simcall');
    p.i('movi', 2, 1).i('movi', 3, PROBE_VECTOR_BASE + k).i('simcall');
    p.i('j', 'hang');
  });
  const prog = p.build();
  const pieces: Piece[] = [{ addr: prog.addr, bytes: prog.bytes }];
  const data = opt.data ?? [];
  const ram = new Uint8Array(0x8000 + 4 * data.length);
  const dv = new DataView(ram.buffer);
  data.forEach((w, k) => dv.setUint32(0x8000 + 4 * k, w >>> 0, true));
  pieces.push({ addr: buf, bytes: ram });
  return { image: imageOf(pieces, core.codeBase), resultAddr: buf, symbols: prog.symbols };
}

/** Decoded outcome of a probe run. */
export type ProbeResult =
  | { kind: 'done'; words: number[] }
  | { kind: 'exception'; vector: number; cause: number; epc1: number; excvaddr: number; depc: number; ps: number; wb: number; ws: number }
  | { kind: 'other'; exitCode: number; stdout: Uint8Array };

export function parseProbeOutput(core: ProbeCore, exitCode: number, stdout: Uint8Array): ProbeResult {
  const dv = new DataView(stdout.buffer, stdout.byteOffset, stdout.byteLength);
  const words = Array.from({ length: stdout.byteLength >> 2 }, (_, k) => dv.getUint32(4 * k, true));
  if (exitCode === PROBE_DONE) return { kind: 'done', words };
  const k = exitCode - PROBE_VECTOR_BASE;
  if (k >= 0 && k < core.vectors.length && words.length === EXC_RECORD_WORDS) {
    const [vector, cause, epc1, excvaddr, depc, ps, wb, ws] = words;
    return { kind: 'exception', vector, cause, epc1, excvaddr, depc, ps, wb: core.windowed ? wb : 0, ws: core.windowed ? ws : 0 };
  }
  return { kind: 'other', exitCode, stdout };
}
