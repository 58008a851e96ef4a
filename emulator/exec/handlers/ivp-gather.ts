// IVP gathers and scatters (xtensa-ivp-spec.md §12.1). GATHERA<T> v, as, offsets: lane i reads the
// element at as + offsets[i] (byte offsets: the 16-bit lanes, unsigned, for the NX16/NX8 forms, the
// 32-bit lanes for N_2X32/N_2XF32); the NX8S/U forms read bytes into 16-bit lanes, sign- or
// zero-extended. The gather state (xb_gsr) is modelled as a vector register holding the gathered
// lanes, so GATHERD<T> v, g is a copy. SCATTER<T> v, as, offsets stores lane by lane in increasing
// lane order (the highest colliding lane wins). Element accesses need their natural alignment.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';

function gather(elem: 1 | 2 | 4, signed: boolean, lanes: 16 | 32) {
  return (c: Cpu, i: Insn): number => {
    const base = c.a[i.b];
    const v = c.ivp;
    const out = new Int32Array(lanes);
    for (let k = 0; k < lanes; k++) {
      const off = lanes === 32 ? v.u16[i.c * 32 + k] : v.u32[i.c * 16 + k];
      const addr = (base + off) >>> 0;
      if (elem === 1) out[k] = signed ? (c.mem.read8(addr) << 24) >> 24 : c.mem.read8(addr);
      else if (elem === 2) out[k] = c.mem.read16(addr);
      else out[k] = c.mem.read32(addr);
    }
    if (lanes === 32) for (let k = 0; k < 32; k++) v.i16[i.a * 32 + k] = out[k];
    else v.i32.set(out, i.a * 16);
    return i.next;
  };
}

function scatter(elem: 2 | 4) {
  return (c: Cpu, i: Insn): number => {
    const base = c.a[i.b];
    const v = c.ivp;
    const lanes = elem === 2 ? 32 : 16;
    for (let k = 0; k < lanes; k++) {
      const off = elem === 2 ? v.u16[i.c * 32 + k] : v.u32[i.c * 16 + k];
      const addr = (base + off) >>> 0;
      if (elem === 2) c.mem.write16(addr, v.u16[i.a * 32 + k]);
      else c.mem.write32(addr, v.i32[i.a * 16 + k]);
    }
    return i.next;
  };
}

function gatherd(c: Cpu, i: Insn): number {
  c.vr.copyWithin(i.a * 16, i.b * 16, i.b * 16 + 16);
  return i.next;
}

const TYPES: [string, 1 | 2 | 4, boolean, 16 | 32][] = [
  ['nx16', 2, false, 32], ['nx16u', 2, false, 32], ['nx8s', 1, true, 32], ['nx8u', 1, false, 32],
  ['n_2x32', 4, false, 16], ['n_2x32u', 4, false, 16], ['nxf16', 2, false, 32], ['n_2xf32', 4, false, 16],
];

export const FAMILIES: readonly Family[] = [
  ...TYPES.map(([t, e, s, l]) => family([`ivp_gathera${t}`], gather(e, s, l))),
  family(TYPES.map(([t]) => `ivp_gatherd${t}`), gatherd),
  family(['ivp_scatternx16', 'ivp_scatternx16u', 'ivp_scatternxf16'], scatter(2)),
  family(['ivp_scattern_2x32', 'ivp_scattern_2x32u', 'ivp_scattern_2xf32'], scatter(4)),
];
