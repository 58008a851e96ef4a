// Single-precision compares for the boolean registers: OLT.S/OLE.S signal Invalid on any NaN, the
// others only on a signalling NaN (QEMU, probed on de233_fpu). "O" = ordered and, "U" = unordered or.

import { FLAG_INVALID, isNaNBits, isSignalingNaN, toNumber } from './bits';

export const cmpFlags = { value: 0 };

export type Relation = 'un' | 'oeq' | 'ueq' | 'olt' | 'ult' | 'ole' | 'ule';

export function fcompare(a: number, b: number, rel: Relation): boolean {
  const unordered = isNaNBits(a) || isNaNBits(b);
  const signaling = rel === 'olt' || rel === 'ole';
  cmpFlags.value = unordered && (signaling || isSignalingNaN(a) || isSignalingNaN(b)) ? FLAG_INVALID : 0;
  if (unordered) return rel === 'un' || rel === 'ueq' || rel === 'ult' || rel === 'ule';
  const x = toNumber(a);
  const y = toNumber(b);
  switch (rel) {
    case 'un':
      return false;
    case 'oeq':
    case 'ueq':
      return x === y;
    case 'olt':
    case 'ult':
      return x < y;
    default:
      return x <= y;
  }
}
