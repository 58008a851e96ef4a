// -O1/-O2 register choice: values that take no register of a2..a7 (registers.ts allocates the rest).
// A zero extension an add absorbs (zext-add.ts) is never computed at all. A value an instruction
// computes only as an argument of the call right after it (nothing but statement and scope marks
// between; the SDK's device address of every element, passed to neuron_translate) is computed in a
// scratch register and moved into the call's argument register: the back end's peepholes (reloads.ts,
// moves.ts) fold its frame home away. Given a register of a2..a7 instead, such a value, however short,
// can take the place of a value kept across the call (a 64-bit one evicts a whole 64-bit base address
// from the loop around it).

import type { Func } from '../ir/ir';
import { isVectorValue } from '../ir/ir';
import { debugVregIds, readCounts, vregsOf } from '../ir/uses';
import type { ZextAdds } from './zext-add';

const COMPUTED = new Set(['const', 'addr', 'load', 'bin', 'un', 'conv', 'copy']);

/** The ids of the virtual registers the emitter keeps out of a2..a7. */
export function unallocatedValues(f: Func, zext: ZextAdds): Set<number> {
  const out = new Set<number>();
  for (const i of zext.absorbed) if (i.op === 'conv') out.add(i.dst.id);
  const reads = readCounts(f);
  const debug = debugVregIds(f);
  for (const b of f.blocks) {
    const list = b.instrs.filter((i) => i.op !== 'stmt' && i.op !== 'scope');
    for (let k = 0; k + 1 < list.length; k++) {
      const d = list[k];
      const call = list[k + 1];
      const v = COMPUTED.has(d.op) ? vregsOf(d)[0] : undefined;
      if (!v || call.op !== 'call' || isVectorValue(v.type) || debug.has(v.id) || reads.get(v.id) !== 1 || !call.args.some((a) => a.id === v.id)) continue;
      out.add(v.id);
    }
  }
  return out;
}
