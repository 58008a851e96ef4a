// IVP loads, stores and aligning streams (xtensa-ivp-spec.md §12.1). Aligned forms (LV/SV _I, _IP,
// _X, _XP) access the 64-byte block containing the address (its low six bits are ignored); the
// post-increment forms access [as] and then add the immediate or AR increment. The aligning streams
// are modelled functionally: LA*_IP / L2U* load 64 unaligned bytes, SA*_IP store them directly,
// LA_PP fills the alignment register with the aligned block containing p, ZALIGN clears it and
// SAPOS*_FP has nothing left to flush. LAV/SAV move min(max(n, 0), 64) bytes and advance p by that
// (lanes beyond them load as zero). Narrowing stores: U truncates, S saturates (§12.1).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { IVP_VEC_TYPES } from '../../../xtensa/isa';
import { loadBytes, satS, storeBytes } from './ivp-lanes';

const ALIGN = ~63;

function lvI(c: Cpu, i: Insn): number {
  loadBytes(c, ((c.a[i.b] + i.c) & ALIGN) >>> 0, i.a * 64, 64);
  return i.next;
}
function lvIP(c: Cpu, i: Insn): number {
  loadBytes(c, (c.a[i.b] & ALIGN) >>> 0, i.a * 64, 64);
  c.a[i.b] = (c.a[i.b] + i.c) | 0;
  return i.next;
}
function lvX(c: Cpu, i: Insn): number {
  loadBytes(c, ((c.a[i.b] + c.a[i.c]) & ALIGN) >>> 0, i.a * 64, 64);
  return i.next;
}
function lvXP(c: Cpu, i: Insn): number {
  loadBytes(c, (c.a[i.b] & ALIGN) >>> 0, i.a * 64, 64);
  c.a[i.b] = (c.a[i.b] + c.a[i.c]) | 0;
  return i.next;
}
function svI(c: Cpu, i: Insn): number {
  storeBytes(c, ((c.a[i.b] + i.c) & ALIGN) >>> 0, i.a * 64, 64);
  return i.next;
}
function svIP(c: Cpu, i: Insn): number {
  storeBytes(c, (c.a[i.b] & ALIGN) >>> 0, i.a * 64, 64);
  c.a[i.b] = (c.a[i.b] + i.c) | 0;
  return i.next;
}
function svX(c: Cpu, i: Insn): number {
  storeBytes(c, ((c.a[i.b] + c.a[i.c]) & ALIGN) >>> 0, i.a * 64, 64);
  return i.next;
}
function svXP(c: Cpu, i: Insn): number {
  storeBytes(c, (c.a[i.b] & ALIGN) >>> 0, i.a * 64, 64);
  c.a[i.b] = (c.a[i.b] + c.a[i.c]) | 0;
  return i.next;
}

/** LA_PP u, as: u = the aligned block containing as. */
function laPP(c: Cpu, i: Insn): number {
  const addr = (c.a[i.b] & ALIGN) >>> 0;
  for (let k = 0; k < 16; k++) c.va[i.a * 16 + k] = c.mem.read32((addr + 4 * k) >>> 0);
  return i.next;
}
function zalign(c: Cpu, i: Insn): number {
  c.va.fill(0, i.a * 16, i.a * 16 + 16);
  return i.next;
}
/** LA*_IP v, u, as: 64 bytes at as (unaligned); as += 64. */
function laIP(c: Cpu, i: Insn): number {
  loadBytes(c, c.a[i.c] >>> 0, i.a * 64, 64);
  c.a[i.c] = (c.a[i.c] + 64) | 0;
  return i.next;
}
/** SA*_IP v, u, as: 64 bytes to as (unaligned); as += 64. */
function saIP(c: Cpu, i: Insn): number {
  storeBytes(c, c.a[i.c] >>> 0, i.a * 64, 64);
  c.a[i.c] = (c.a[i.c] + 64) | 0;
  return i.next;
}
const varBytes = (n: number): number => (n < 0 ? 0 : n > 64 ? 64 : n);
const LAV_BYTES = new Uint8Array(64);
/** LAV*_XP v, u, as, an: min(max(an, 0), 64) bytes at as, the other lanes zero; as += that. */
function lavXP(c: Cpu, i: Insn): number {
  const n = varBytes(c.a[i.d]);
  const at = i.a * 64;
  // bytes first, lanes after: a fault on a byte leaves the register as it was
  const tmp = LAV_BYTES.fill(0);
  for (let k = 0; k < n; k++) tmp[k] = c.mem.read8((c.a[i.c] + k) >>> 0);
  c.ivp.u8.set(tmp, at);
  c.a[i.c] = (c.a[i.c] + n) | 0;
  return i.next;
}
/** SAV*_XP v, u, as, an: the first min(max(an, 0), 64) bytes of v to as; as += that. */
function savXP(c: Cpu, i: Insn): number {
  const n = varBytes(c.a[i.d]);
  storeBytes(c, c.a[i.c] >>> 0, i.a * 64, n);
  c.a[i.c] = (c.a[i.c] + n) | 0;
  return i.next;
}
function saposFP(_c: Cpu, i: Insn): number {
  return i.next;
}

/** LANX8S/U_IP: 32 bytes → 32 × 16-bit lanes; LAN_2X16S/U_IP: 16 halfwords → 16 × 32-bit lanes; as += 32. */
function widenLoad(bits: 8 | 16, signed: boolean) {
  return (c: Cpu, i: Insn): number => {
    const p = c.a[i.c];
    const n = 256 / bits;
    const v = c.ivp;
    for (let k = 0; k < n; k++) {
      let x = bits === 8 ? c.mem.read8((p + k) >>> 0) : c.mem.read8((p + 2 * k) >>> 0) | (c.mem.read8((p + 2 * k + 1) >>> 0) << 8);
      if (signed) x = (x << (32 - bits)) >> (32 - bits);
      if (bits === 8) v.i16[i.a * 32 + k] = x;
      else v.i32[i.a * 16 + k] = x;
    }
    c.a[i.c] = (p + 32) | 0;
    return i.next;
  };
}
/** SANX8S/U_IP, SAN_2X16S/U_IP: lanes narrowed to `bits` (S saturates, U truncates), 32 bytes; as += 32. */
function narrowStore(bits: 8 | 16, signed: boolean) {
  return (c: Cpu, i: Insn): number => {
    const p = c.a[i.c];
    const n = 256 / bits;
    const v = c.ivp;
    for (let k = 0; k < n; k++) {
      let x = bits === 8 ? v.i16[i.a * 32 + k] : v.i32[i.a * 16 + k];
      if (signed) x = satS(x, bits);
      c.mem.write8((p + (k * bits) / 8) >>> 0, x & 255);
      if (bits === 16) c.mem.write8((p + 2 * k + 1) >>> 0, (x >> 8) & 255);
    }
    c.a[i.c] = (p + 32) | 0;
    return i.next;
  };
}

/** LSR*_I / _IP / _XP: one element replicated to every lane (_XP: the increment in the AR of slot C). */
function lsr(bytes: 1 | 2 | 4, post: boolean, byAr = false) {
  return (c: Cpu, i: Insn): number => {
    const inc = byAr ? c.a[i.c] : i.c;
    const addr = (post ? c.a[i.b] : c.a[i.b] + inc) >>> 0;
    const x = bytes === 1 ? c.mem.read8(addr) : bytes === 2 ? c.mem.read16(addr) : c.mem.read32(addr);
    const v = c.ivp;
    if (bytes === 1) v.u8.fill(x, i.a * 64, i.a * 64 + 64);
    else if (bytes === 2) v.u16.fill(x, i.a * 32, i.a * 32 + 32);
    else v.u32.fill(x >>> 0, i.a * 16, i.a * 16 + 16);
    if (post) c.a[i.b] = (c.a[i.b] + inc) | 0;
    return i.next;
  };
}
/** L2U2NX8U_XP v, as, ar: 64 unaligned bytes at as; as += ar. */
function l2uXP(c: Cpu, i: Insn): number {
  loadBytes(c, c.a[i.b] >>> 0, i.a * 64, 64);
  c.a[i.b] = (c.a[i.b] + c.a[i.c]) | 0;
  return i.next;
}

const each = (f: (t: string) => string): string[] => IVP_VEC_TYPES.map(f);
const LSR_TYPES: [string, 1 | 2 | 4][] = [['2nx8', 1], ['nx16', 2], ['n_2x32', 4], ['nxf16', 2], ['n_2xf32', 4]];

export const FAMILIES: readonly Family[] = [
  family(each((t) => `ivp_lv${t}_i`), lvI),
  family(each((t) => `ivp_lv${t}_ip`), lvIP),
  family(each((t) => `ivp_lv${t}_x`), lvX),
  family(each((t) => `ivp_lv${t}_xp`), lvXP),
  family(each((t) => `ivp_sv${t}_i`), svI),
  family(each((t) => `ivp_sv${t}_ip`), svIP),
  family(each((t) => `ivp_sv${t}_x`), svX),
  family(each((t) => `ivp_sv${t}_xp`), svXP),
  family(['ivp_la_pp'], laPP),
  family(['ivp_zalign'], zalign),
  family(each((t) => `ivp_la${t}_ip`), laIP),
  family(each((t) => `ivp_sa${t}_ip`), saIP),
  family(each((t) => `ivp_lav${t}_xp`), lavXP),
  family(each((t) => `ivp_sav${t}_xp`), savXP),
  family(each((t) => `ivp_sapos${t}_fp`), saposFP),
  family(['ivp_lanx8s_ip'], widenLoad(8, true)),
  family(['ivp_lanx8u_ip'], widenLoad(8, false)),
  family(['ivp_lan_2x16s_ip'], widenLoad(16, true)),
  family(['ivp_lan_2x16u_ip'], widenLoad(16, false)),
  family(['ivp_sanx8s_ip'], narrowStore(8, true)),
  family(['ivp_sanx8u_ip'], narrowStore(8, false)),
  family(['ivp_san_2x16s_ip'], narrowStore(16, true)),
  family(['ivp_san_2x16u_ip'], narrowStore(16, false)),
  ...LSR_TYPES.map(([t, b]) => family([`ivp_lsr${t}_i`], lsr(b, false))),
  ...LSR_TYPES.map(([t, b]) => family([`ivp_lsr${t}_ip`], lsr(b, true))),
  ...LSR_TYPES.map(([t, b]) => family([`ivp_lsr${t}_xp`], lsr(b, true, true))),
  family(['ivp_l2u2nx8u_xp'], l2uXP),
];
