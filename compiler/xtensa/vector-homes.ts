// -O1/-O2: vector-unit temporaries whose value never needs its frame home. A value defined by a vector
// instruction or load and read exactly once, by a vector instruction later in the same basic block
// with only address and scalar word work in between, stays in the register that computed it: the
// emitter skips the spill (emit-vector.ts keeps track of which register holds which value, and that
// reader finds it there). Promoted variables keep their homes (the debugger reads them there).
// Up to eight vectors written once and read more than once (a loop-invariant constant, a parameter)
// are pinned to v24..v31 for the whole function: computed there, still stored home, read there by
// every use, and reloaded from home after each call (calls may change every register of the unit).

import type { Func, Instr, VReg } from '../ir/ir';
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

/** Registers v24..v31 for vectors written once and read several times. */
export function pinnedVectors(f: Func, registerOnly: Set<number>): Map<number, string> {
  const out = new Map<number, string>();
  if (!f.promoted) return out;
  const { defs, uses } = defsAndUses(f, (v) => v.type === 'vec');
  const candidates = [...uses].filter(([id, n]) => n > 1 && defs.get(id) === 1 && !registerOnly.has(id)).sort((a, b) => b[1] - a[1]);
  candidates.slice(0, 8).forEach(([id], k) => out.set(id, `v${24 + k}`));
  return out;
}
