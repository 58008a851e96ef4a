// -O1/-O2: vector-unit temporaries whose value never needs its frame home. A value defined by a vector
// instruction or load and read exactly once, by a vector instruction or a copy later in the same basic block
// with only address and scalar word work in between, stays in the register that computed it: the
// emitter skips the spill (emit-vector.ts keeps track of which register holds which value, and that
// reader finds it there). Promoted variables keep their homes (the debugger reads them there).
// Up to eight vectors — variables the optimiser promoted (loop-carried accumulators, locals live
// across blocks and loops), loop invariants, parameters — are pinned to v24..v31 for the whole
// function, the most used first, up to four predicates (a loop's tail mask) to vb12..vb15 and one
// wide accumulator (a MAC loop's) to wv3: every definition writes the register, every use reads it, and the
// frame home is written only around calls (calls may change every register of the unit: the pins
// still needed are stored home before each call and reloaded after it; one written once stores its
// home at that write instead). The others keep their homes. A pinned
// variable's DWARF location is its register (DW_OP_regx, compiler/dwarf/debug-info.ts).

import type { Block, Func, Instr, VReg } from '../ir/ir';
import { isVectorValue } from '../ir/ir';
import { vregsOf } from '../ir/uses';

/** Instructions that cannot touch a vector register, emit a label or call anything. */
function quiet(i: Instr): boolean {
  switch (i.op) {
    case 'const': case 'addr': case 'stmt': case 'scope': return true;
    case 'load': return !isVectorValue(i.dst.type) && i.dst.type === 'i32';
    case 'store': return !isVectorValue(i.src.type) && i.src.type === 'i32';
    default: return false;
  }
}

/** How many times each vreg `counted` accepts is defined (parameters included) and used in `f`. */
function defsAndUses(f: Func, counted: (v: VReg) => boolean): { defs: Map<number, number>; uses: Map<number, number> } {
  const defs = new Map<number, number>();
  const uses = new Map<number, number>();
  const count = (m: Map<number, number>, v: VReg | undefined) => v && counted(v) && m.set(v.id, (m.get(v.id) ?? 0) + 1);
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const regs = vregsOf(i);
      const dst = i.op === 'store' || i.op === 'stmt' || i.op === 'scope' || i.op === 'memcpy' || i.op === 'memzero' ? undefined : regs[0];
      count(defs, dst);
      for (const r of dst ? regs.slice(1) : regs) count(uses, r);
    }
    const t = b.term;
    if (t?.op === 'branch') count(uses, t.cond);
    if (t?.op === 'ret') count(uses, t.value);
  }
  for (const p of f.params) count(defs, p);
  return { defs, uses };
}

/** The ids of vector vregs whose spill may be skipped. */
export function registerOnlyVectors(f: Func): Set<number> {
  const out = new Set<number>();
  if (!f.promoted) return out;
  const { defs, uses } = defsAndUses(f, () => true);
  for (const b of f.blocks) {
    b.instrs.forEach((d, at) => {
      const v = d.op === 'vop' ? d.dst : d.op === 'load' ? d.dst : undefined;
      if (!v || !isVectorValue(v.type) || f.promoted!.has(v.id) || defs.get(v.id) !== 1 || uses.get(v.id) !== 1) return;
      for (let k = at + 1; k < b.instrs.length; k++) {
        const i = b.instrs[k];
        // a copy into a variable (`counts = IVP_ADDN_2X32(…)`) reads the register the same way
        if (i.op === 'copy' && i.a.id === v.id && i.dst.type === v.type) {
          out.add(v.id);
          return;
        }
        if (i.op === 'vop') {
          // a quad operand is filled into four fixed registers: the value must be at home
          if (!/qa2n8xr8$/.test(i.mnemonic) && i.args.some((a) => 'use' in a && a.use.id === v.id)) out.add(v.id);
          return;
        }
        if (!quiet(i)) return;
      }
    });
  }
  return out;
}

/** The registers pinned values live in, per file: the top of each file, above every register an instruction's operands or a call's arguments take first. */
export const PIN_REGISTERS: Readonly<Partial<Record<VReg['type'], readonly string[]>>> = {
  vec: ['v24', 'v25', 'v26', 'v27', 'v28', 'v29', 'v30', 'v31'],
  vbool: ['vb12', 'vb13', 'vb14', 'vb15'],
  wvec: ['wv3'],
};

/** Pinned vectors written once: that write stores the home too, so calls need not save them. */
export function pinnedOnce(f: Func, pins: ReadonlyMap<number, string>): Set<number> {
  const { defs } = defsAndUses(f, (v) => pins.has(v.id));
  return new Set([...pins.keys()].filter((id) => defs.get(id) === 1));
}

/** Registers v24..v31 for the vectors read most, vb12..vb15 for the predicates, wv3 for an accumulator (a variable written in several places too), at -O1/-O2. */
export function pinnedVectors(f: Func, registerOnly: Set<number>): Map<number, string> {
  const out = new Map<number, string>();
  if (!f.promoted) return out;
  for (const [file, regs] of Object.entries(PIN_REGISTERS)) {
    const { defs, uses } = defsAndUses(f, (v) => v.type === file);
    const weight = (id: number, n: number) => n + (defs.get(id) ?? 0);
    const candidates = [...uses]
      .filter(([id, n]) => !registerOnly.has(id) && (defs.get(id) ?? 0) >= 1 && (n > 1 || (defs.get(id) ?? 0) > 1))
      .sort((a, b) => weight(b[0], b[1]) - weight(a[0], a[1]) || a[0] - b[0]);
    candidates.slice(0, regs.length).forEach(([id], k) => out.set(id, regs[k]));
  }
  return out;
}

/** The vreg an instruction defines (a store, marker or block operation defines none). */
function defOf(i: Instr): VReg | undefined {
  return i.op === 'store' || i.op === 'stmt' || i.op === 'scope' || i.op === 'memcpy' || i.op === 'memzero' ? undefined : vregsOf(i)[0];
}

function successors(b: Block): Block[] {
  const t = b.term;
  return t?.op === 'jump' ? [t.target] : t?.op === 'branch' ? [t.then, t.else] : [];
}

/**
 * For each instruction, the pinned vectors whose value is still needed after it (backward liveness
 * over the blocks): a call saves and reloads only these.
 */
export function pinsLiveAfter(f: Func, pins: ReadonlyMap<number, string>): Map<Instr, Set<number>> {
  const out = new Map<Instr, Set<number>>();
  if (!pins.size) return out;
  const pinned = (v: VReg | undefined): v is VReg => !!v && pins.has(v.id);
  const liveIn = new Map<Block, Set<number>>(f.blocks.map((b) => [b, new Set<number>()]));
  /** Walks b backwards from the union of its successors' live-in sets; records each instruction's live-after set if asked. */
  const walk = (b: Block, record: boolean): Set<number> => {
    const live = new Set<number>();
    for (const s of successors(b)) for (const id of liveIn.get(s) ?? []) live.add(id);
    const t = b.term;
    if (t?.op === 'branch' && pinned(t.cond)) live.add(t.cond.id);
    if (t?.op === 'ret' && pinned(t.value)) live.add(t.value.id);
    for (let k = b.instrs.length - 1; k >= 0; k--) {
      const i = b.instrs[k];
      if (record) out.set(i, new Set(live));
      const d = defOf(i);
      if (pinned(d)) live.delete(d.id);
      for (const r of d ? vregsOf(i).slice(1) : vregsOf(i)) if (pinned(r)) live.add(r.id);
    }
    return live;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = f.blocks.length - 1; k >= 0; k--) {
      const b = f.blocks[k];
      const next = walk(b, false);
      if (next.size !== liveIn.get(b)!.size) {
        liveIn.set(b, next);
        changed = true;
      }
    }
  }
  for (const b of f.blocks) walk(b, true);
  return out;
}
