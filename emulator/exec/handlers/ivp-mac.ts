// IVP multiplies and multiply-accumulates into the wide accumulators (xtensa-ivp-spec.md §12.6):
// 8 × 8 → 24-bit lanes, 16 × 16 → 48-bit lanes, 32 × 32 → 64-bit lanes, wrapping in the lane; UU
// both operands unsigned, US the first unsigned and the second signed; A accumulates, S subtracts;
// P pair products a×b + c×d; widening adds ADDW(U)(A); MULPN16XR16 with the AR's halves as
// coefficients (hi half for a, lo half for b; SU: the halves unsigned); the quad MACs against the
// bytes of an AR (DMULQA: two ARs for the 64-bit scalar); DECNEGWNX48 decrements the negative lanes;
// ZERO* clears a whole accumulator.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { intView } from './ivp-lanes';
import { get24, get48, set24, set48, set64 } from './ivp-wide-lanes';

type Sign = 's' | 'u';

/** Lane i of v[r] of `bits`, signed or not. */
function lane(c: Cpu, r: number, bits: number, s: Sign, i: number): number {
  return intView(c, bits, s === 's')[r * (512 / bits) + i];
}

/** acc' = mode(acc, a × b) lane-wise, with the lane width of the type (8 → 24, 16 → 48 bits). */
function mul(bits: 8 | 16, sa: Sign, sb: Sign, mode: 'set' | 'add' | 'sub') {
  if (bits === 16 && mode === 'set') return mul16(sa, sb);
  const n = 512 / bits;
  const get = bits === 8 ? get24 : get48;
  const set = bits === 8 ? set24 : set48;
  return (c: Cpu, i: Insn): number => {
    const va = intView(c, bits, sa === 's');
    const vb = intView(c, bits, sb === 's');
    const a = i.b * n;
    const b = i.c * n;
    for (let k = 0; k < n; k++) {
      const p = va[a + k] * vb[b + k];
      set(c, i.a, k, mode === 'set' ? p : mode === 'add' ? get(c, i.a, k) + p : get(c, i.a, k) - p);
    }
    return i.next;
  };
}

/**
 * 16 × 16 → 48 written straight into the accumulator's 16-bit units: a product lies in
 * [−2^31, 2^32), so its low 32 bits are units 3k, 3k+1 and unit 3k+2 is its sign.
 */
function mul16(sa: Sign, sb: Sign) {
  return (c: Cpu, i: Insn): number => {
    const va = intView(c, 16, sa === 's');
    const vb = intView(c, 16, sb === 's');
    const u = c.ivp.w16;
    const a = i.b * 32;
    const b = i.c * 32;
    const o = i.a * 96;
    for (let k = 0; k < 32; k++) {
      const p = va[a + k] * vb[b + k];
      const q = o + 3 * k;
      u[q] = p;
      u[q + 1] = p >>> 16;
      u[q + 2] = p < 0 ? 0xffff : 0;
    }
    return i.next;
  };
}

/** MULP*: w = (acc +) a×b + c×d; operands w, a, b, c and d (slot D, read from the word). */
function mulp(bits: 8 | 16, s: Sign, acc: boolean) {
  const n = 512 / bits;
  const get = bits === 8 ? get24 : get48;
  const set = bits === 8 ? set24 : set48;
  return (c: Cpu, i: Insn): number => {
    const d = (i.word >>> 27) & 31;
    for (let k = 0; k < n; k++) {
      const p = lane(c, i.b, bits, s, k) * lane(c, i.c, bits, s, k) + lane(c, i.d, bits, s, k) * lane(c, d, bits, s, k);
      set(c, i.a, k, acc ? get(c, i.a, k) + p : p);
    }
    return i.next;
  };
}

const P16 = 65536;
const P32 = 4294967296;

/**
 * acc' = mode(acc, a × b) on 64-bit lanes without BigInt: the product from two exact partial products
 * (a × b's high 16 bits, a × its low 16 bits) as a low word and a signed high word, added to or
 * subtracted from the slice's words with the carry; the high word wraps (the lane is 64 bits) and the
 * slice's third word is its sign.
 */
function mul32(sa: Sign, mode: 'set' | 'add' | 'sub') {
  return (c: Cpu, i: Insn): number => {
    const va = intView(c, 32, sa === 's');
    const vb = c.ivp.i32;
    const w = c.wv;
    const a0 = i.b * 16;
    const b0 = i.c * 16;
    const o = i.a * 48;
    for (let k = 0; k < 16; k++) {
      const a = va[a0 + k];
      const b = vb[b0 + k];
      const bl = b & 0xffff;
      const x = a * bl; // |x| < 2^48
      const y = a * ((b - bl) / P16); // a × b's signed high half, |y| ≤ 2^47
      const xh = Math.floor(x / P32);
      const yh = Math.floor(y / P16);
      let lo = x - xh * P32 + (y - yh * P16) * P16;
      let hi = xh + yh;
      if (lo >= P32) {
        lo -= P32;
        hi += 1;
      }
      const q = o + 3 * k;
      if (mode !== 'set') {
        const alo = w[q] >>> 0;
        if (mode === 'add') {
          lo += alo;
          hi += w[q + 1];
          if (lo >= P32) {
            lo -= P32;
            hi += 1;
          }
        } else {
          lo = alo - lo;
          hi = w[q + 1] - hi;
          if (lo < 0) {
            lo += P32;
            hi -= 1;
          }
        }
      }
      hi |= 0;
      w[q] = lo;
      w[q + 1] = hi;
      w[q + 2] = hi >> 31;
    }
    return i.next;
  };
}

function addw(bits: 8 | 16, s: Sign, acc: boolean) {
  const n = 512 / bits;
  const get = bits === 8 ? get24 : get48;
  const set = bits === 8 ? set24 : set48;
  return (c: Cpu, i: Insn): number => {
    for (let k = 0; k < n; k++) {
      const sum = lane(c, i.b, bits, s, k) + lane(c, i.c, bits, s, k);
      set(c, i.a, k, acc ? get(c, i.a, k) + sum : sum);
    }
    return i.next;
  };
}

/** MULPN16XR16 w, a, b, as: w[k] = a[k] × as[31:16] + b[k] × as[15:0] (SU: the halves unsigned). */
function mulpXr16(unsignedScalar: boolean) {
  return (c: Cpu, i: Insn): number => {
    const s = c.a[i.d];
    const hi = unsignedScalar ? s >>> 16 : s >> 16;
    const lo = unsignedScalar ? s & 0xffff : (s << 16) >> 16;
    for (let k = 0; k < 32; k++) set48(c, i.a, k, lane(c, i.b, 16, 's', k) * hi + lane(c, i.c, 16, 's', k) * lo);
    return i.next;
  };
}

function decneg(c: Cpu, i: Insn): number {
  for (let k = 0; k < 32; k++) {
    const v = get48(c, i.a, k);
    if (v < 0) set48(c, i.a, k, v - 1);
  }
  return i.next;
}

function zero(c: Cpu, i: Insn): number {
  c.ivp.w8.fill(0, i.a * 192, i.a * 192 + 192);
  return i.next;
}

const SIGNS: Record<string, [Sign, Sign]> = { mul: ['s', 's'], muluu: ['u', 'u'], mulus: ['u', 's'], mula: ['s', 's'], muluua: ['u', 'u'], muls: ['s', 's'] };
const MODES: Record<string, 'set' | 'add' | 'sub'> = { mul: 'set', muluu: 'set', mulus: 'set', mula: 'add', muluua: 'add', muls: 'sub' };

function typeFamilies(t: '2nx8' | 'nx16'): Family[] {
  const bits = t === '2nx8' ? 8 : 16;
  return [
    ...Object.keys(SIGNS).map((op) => family([`ivp_${op}${t}`], mul(bits, SIGNS[op][0], SIGNS[op][1], MODES[op]))),
    family([`ivp_mulp${t}`], mulp(bits, 's', false)),
    family([`ivp_muluup${t}`], mulp(bits, 'u', false)),
    family([`ivp_mulpa${t}`], mulp(bits, 's', true)),
    family([`ivp_muluupa${t}`], mulp(bits, 'u', true)),
  ];
}

/** MULUUPDA2NX8 w, d1, c, d2: w += d1 × c − d2 × c, unsigned bytes. */
function mulupda(c: Cpu, i: Insn): number {
  const v = c.ivp.u8;
  for (let k = 0; k < 64; k++) set24(c, i.a, k, get24(c, i.a, k) + (v[i.b * 64 + k] - v[i.d * 64 + k]) * v[i.c * 64 + k]);
  return i.next;
}

/** MULUUN_2X16X32_0 w, a, b: the even unsigned 16-bit lanes of a × the unsigned 32-bit lanes of b. */
function muluu16x32(c: Cpu, i: Insn): number {
  const v = c.ivp;
  for (let k = 0; k < 16; k++) set64(c, i.a, k, BigInt(v.u16[i.b * 32 + 2 * k]) * BigInt(v.u32[i.c * 16 + k]));
  return i.next;
}

/** acc[k] += Σ_j v(q + j)[k] × byte j of s (bytes signed with signed lanes, or both unsigned). */
function quad(c: Cpu, acc: number, q: number, s: number, signed: boolean): void {
  const v = signed ? c.ivp.i8 : c.ivp.u8;
  const b = [0, 1, 2, 3].map((j) => (signed ? ((s << (24 - 8 * j)) >> 24) : (s >>> (8 * j)) & 255));
  for (let k = 0; k < 64; k++) {
    let sum = 0;
    for (let j = 0; j < 4; j++) sum += v[(q + j) * 64 + k] * b[j];
    set24(c, acc, k, get24(c, acc, k) + sum);
  }
}

/** MUL(UU)QA2N8XR8 w, vq, as: the quad v(q+3), v(q+2), v(q+1), v(q) against the four bytes of as. */
function mulqa(signed: boolean) {
  return (c: Cpu, i: Insn): number => {
    quad(c, i.a, i.b, c.a[i.c], signed);
    return i.next;
  };
}

/** DMUL(UU)QA2N8XR8 wHi, wLo, vq, as, at: wLo with the bytes of as (bits 0..31), wHi with those of at (32..63). */
function dmulqa(signed: boolean) {
  return (c: Cpu, i: Insn): number => {
    const hi = c.a[(i.word >>> 27) & 15];
    quad(c, i.b, i.c, c.a[i.d], signed);
    quad(c, i.a, i.c, hi, signed);
    return i.next;
  };
}

export const FAMILIES: readonly Family[] = [
  family(['ivp_mulqa2n8xr8'], mulqa(true)),
  family(['ivp_muluuqa2n8xr8'], mulqa(false)),
  family(['ivp_dmulqa2n8xr8'], dmulqa(true)),
  family(['ivp_dmuluuqa2n8xr8'], dmulqa(false)),
  family(['ivp_muluupda2nx8'], mulupda),
  family(['ivp_muluun_2x16x32_0'], muluu16x32),
  ...typeFamilies('2nx8'),
  ...typeFamilies('nx16'),
  family(['ivp_muln_2x32'], mul32('s', 'set')),
  family(['ivp_mulusn_2x32'], mul32('u', 'set')),
  family(['ivp_mulan_2x32'], mul32('s', 'add')),
  family(['ivp_mulsn_2x32'], mul32('s', 'sub')),
  family(['ivp_addwnx16'], addw(16, 's', false)),
  family(['ivp_addwunx16u'], addw(16, 'u', false)),
  family(['ivp_addw2nx8'], addw(8, 's', false)),
  family(['ivp_addwu2nx8u'], addw(8, 'u', false)),
  family(['ivp_addwanx16'], addw(16, 's', true)),
  family(['ivp_addwuanx16u'], addw(16, 'u', true)),
  family(['ivp_addwa2nx8'], addw(8, 's', true)),
  family(['ivp_addwua2nx8u'], addw(8, 'u', true)),
  family(['ivp_mulpn16xr16'], mulpXr16(false)),
  family(['ivp_mulsupn16xr16'], mulpXr16(true)),
  family(['ivp_decnegwnx48'], decneg),
  family(['ivp_zero2nx24', 'ivp_zeronx48', 'ivp_zeron_2x64w'], zero),
];
