// Decodes the instruction at an address into an Insn record, once: table lookup (xtensa/isa),
// option check, operand values, handler (the row's hook, handlers/index.ts), the window-overflow
// pane, the count sync, and the handler variants that depend on state (CoprocessorNDisabled while
// CPENABLE[n] = 0 for a row of coprocessor n; transfers to the fall-through address on cores with loops).

import { INSNS, InsnDef, decodeOperands, insnLength, lookup } from '../../xtensa/isa';
import type { Cpu } from '../core/cpu';
import { CAUSE } from '../core/causes';
import { generalException } from '../core/exceptions';
import { MemFault } from '../memory/fault';
import { CHK_SYNC, Handler, Insn, TAKEN_NEXT } from './insn';
import { hookFor } from './handlers';

const illegal: Handler = (c, i) => generalException(c, CAUSE.IllegalInstruction, i.pc);
/** CoprocessorNDisabled (cause 32 + n) for each coprocessor n. */
const cpDisabled: readonly Handler[] = Array.from({ length: 8 }, (_, n) => (c, i) => generalException(c, CAUSE.Coprocessor0Disabled + n, i.pc));

const DIRECT_TRANSFERS = new Set(['branch', 'jump', 'call']);
const DYNAMIC_TRANSFERS = new Set(['ijump', 'icall', 'return', 'excreturn']);

const transferWrappers = new Map<Handler, Handler>();
/** Marks a computed destination equal to the fall-through address as a transfer (see TAKEN_NEXT). */
function dynamicTransfer(h: Handler): Handler {
  let w = transferWrappers.get(h);
  if (!w) {
    w = (c, i) => {
      const np = h(c, i);
      return np === i.next ? TAKEN_NEXT : np;
    };
    transferWrappers.set(h, w);
  }
  return w;
}

/** Highest register pane (k >> 2) the row names, including the implicit a4/a8/a12 of CALLn. */
function highestPane(def: InsnDef, ops: readonly number[]): number {
  let pane = def.callinc ?? 0;
  def.operands.forEach((o, k) => {
    if (o.kind === 'ar') pane = Math.max(pane, ops[k] >> 2);
  });
  // ENTRY's register operand is checked by the instruction itself, against the pane CALLINC
  // rotates to (its handler takes the overflow after the legality checks).
  return def.mnemonic === 'entry' ? 0 : pane;
}

function record(pc: number, size: number, h: Handler, word: number, def: InsnDef | null): Insn {
  return new Insn(pc, size, (pc + size) >>> 0, h, 0, 0, 0, 0, -2, 0, def, word);
}

/** The Insn at `pc` for core state `c` (reads instruction bytes; never throws for bad code). */
export function decodeAt(c: Cpu, pc: number): Insn {
  let word = 0;
  let size: number;
  try {
    const b0 = c.mem.fetch8(pc);
    size = insnLength(b0);
    // the 32-bit IVP format exists only on cores with the vector unit (elsewhere op0 = 14 is illegal)
    if (size === 0 || (size === 4 && !c.config.features.has('ivp'))) return record(pc, 1, illegal, b0, null);
    word = b0 | (c.mem.fetch8((pc + 1) >>> 0) << 8);
    if (size >= 3) word |= c.mem.fetch8((pc + 2) >>> 0) << 16;
    if (size === 4) word = (word | (c.mem.fetch8((pc + 3) >>> 0) << 24)) >>> 0;
  } catch (e) {
    if (!(e instanceof MemFault)) throw e;
    const vaddr = e.vaddr;
    return record(pc, 3, (cc, i) => generalException(cc, CAUSE.InstrPIFAddrError, i.pc, vaddr), 0, null);
  }
  c.mem.markCode(pc, size);
  const def = lookup(word, size as 2 | 3 | 4);
  const cfg = c.config;
  // Rows of options the core lacks are illegal there and carry no definition (the block compiler
  // and traces then treat them as unknown).
  if (!def || !cfg.features.has(def.feature)) return record(pc, size, illegal, word, null);
  const hook = hookFor(def);
  let h = hook?.handler ?? illegal;
  const ops = decodeOperands(def, word, pc);
  let target = -2;
  let d = ops[3] ?? 0;
  def.operands.forEach((o, k) => {
    if (o.kind === 'target' || o.kind === 'literal') target = ops[k] >>> 0;
    // a PC-relative literal also keeps its offset, for LITBASE-relative literals (L32R)
    if (o.kind === 'literal') d = (target - (((pc + 3) & ~3) >>> 0)) | 0;
  });
  const next = (pc + size) >>> 0;
  if (cfg.features.has('loops')) {
    if (DIRECT_TRANSFERS.has(def.flow) && target === next) target = TAKEN_NEXT;
    if (DYNAMIC_TRANSFERS.has(def.flow)) h = dynamicTransfer(h);
  }
  // RSR/WSR/XSR/RUR/WUR: the register number the row names (InsnDef.reg) is predecoded into `b`.
  const b = def.reg ? def.reg.num : ops[1] ?? 0;
  if (def.cp !== undefined && cfg.features.has('coprocessors') && ((c.cpenable >>> def.cp) & 1) === 0) h = cpDisabled[def.cp];
  const pane = cfg.features.has('windowed') ? highestPane(def, ops) : 0;
  const sync = hook?.observesCount ? CHK_SYNC : 0;
  return new Insn(pc, size, next, h, ops[0] ?? 0, b, ops[2] ?? 0, d, target, pane | sync, def, word);
}

/** Rows without a handler (the coverage test expects none). */
export function rowsWithoutHandler(): string[] {
  return INSNS.filter((d) => !hookFor(d)).map((d) => d.mnemonic);
}
