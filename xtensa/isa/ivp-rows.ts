// The IVP vector unit's rows of the instruction table, in the project-specific 32-bit format
// (docs/ivp-encoding.md): op0 = 14, an 8-bit opcode at bits 4..11 and four 5-bit operand slots A..D.
// Cadence's FLIX bundles are not publicly decodable, so this encoding is ours. Mnemonics are the
// intrinsic names of xtensa-ivp-spec.md §12 in lower case (IVP_ADDN_2X32 → ivp_addn_2x32).
//
// Opcodes are allocated from the row order, so rows are only ever appended: a row that uses slot D
// or folds an operand into the opcode ("full" rows) takes opcodes from 0 upward; the others share
// an opcode "page" from 255 downward, with slot D as a 5-bit sub-opcode (32 rows per page).

import { IVP_F, insert } from './fields';
import type { MemAccess } from './props';

export interface IvpRowOpts {
  readonly mem?: MemAccess;
}

/** One IVP row before allocation: mnemonic, operand names (operands.ts), properties. */
interface Spec {
  readonly m: string;
  readonly ops: string;
  readonly opts: IvpRowOpts;
}

/** All vector lane types with load/store forms (§12.1). */
export const IVP_VEC_TYPES = ['2nx8', '2nx8u', 'nx16', 'nx16u', 'n_2x32', 'n_2x32u', 'nxf16', 'n_2xf32'] as const;
/** The three integer lane widths (§12.3). */
export const IVP_INT_TYPES = ['2nx8', 'nx16', 'n_2x32'] as const;
const UNSIGNED_TYPES = ['2nx8u', 'nx16u', 'n_2x32u'] as const;
const FLOAT_TYPES = ['nxf16', 'n_2xf32'] as const;
const PRED_TYPES = ['2n', 'n', 'n_2'] as const;

const specs: Spec[] = [];
const row = (m: string, ops: string, opts: IvpRowOpts = {}): void => {
  specs.push({ m: `ivp_${m}`, ops, opts });
};
const ld = (bytes: number): IvpRowOpts => ({ mem: { kind: 'load', bytes } });
const st = (bytes: number): IvpRowOpts => ({ mem: { kind: 'store', bytes } });
const elemBytes = (t: string): number => (t.startsWith('2nx8') ? 1 : t.startsWith('nx') ? 2 : 4);

// ---- §12.1 loads, stores, aligning streams ----
for (const t of IVP_VEC_TYPES) {
  row(`lv${t}_i`, 'vA,aB,voffC', ld(64));
  row(`lv${t}_ip`, 'vA,aB,voffC', ld(64));
  row(`lv${t}_x`, 'vA,aB,aC', ld(64));
  row(`lv${t}_xp`, 'vA,aB,aC', ld(64));
  row(`sv${t}_i`, 'vA,aB,voffC', st(64));
  row(`sv${t}_ip`, 'vA,aB,voffC', st(64));
  row(`sv${t}_x`, 'vA,aB,aC', st(64));
  row(`sv${t}_xp`, 'vA,aB,aC', st(64));
}
row('la_pp', 'uA,aB', ld(64));
row('zalign', 'uA');
for (const t of IVP_VEC_TYPES) {
  row(`la${t}_ip`, 'vA,uB,aC', ld(64));
  row(`lav${t}_xp`, 'vA,uB,aC,aD', ld(64));
  row(`sa${t}_ip`, 'vA,uB,aC', st(64));
  row(`sav${t}_xp`, 'vA,uB,aC,aD', st(64));
  row(`sapos${t}_fp`, 'uA,aB');
}
row('lanx8s_ip', 'vA,uB,aC', ld(32));
row('lanx8u_ip', 'vA,uB,aC', ld(32));
row('lan_2x16s_ip', 'vA,uB,aC', ld(32));
row('lan_2x16u_ip', 'vA,uB,aC', ld(32));
row('sanx8s_ip', 'vA,uB,aC', st(32));
row('sanx8u_ip', 'vA,uB,aC', st(32));
row('san_2x16s_ip', 'vA,uB,aC', st(32));
row('san_2x16u_ip', 'vA,uB,aC', st(32));
for (const t of ['2nx8', 'nx16', 'n_2x32', 'nxf16', 'n_2xf32']) {
  const e = elemBytes(t);
  row(`lsr${t}_i`, `vA,aB,soff${e}C`, ld(e));
  row(`lsr${t}_ip`, `vA,aB,soff${e}C`, ld(e));
}
row('l2u2nx8u_xp', 'vA,aB,aC', ld(64));

// ---- §12.2 moves, broadcasts, sequences, lane extraction ----
row('movvv', 'vA,vB');
row('movva8', 'vA,aB');
row('movva16', 'vA,aB');
row('movva32', 'vA,aB');
for (const t of IVP_INT_TYPES) row(`seq${t}`, 'vA');
for (const t of IVP_INT_TYPES) row(`extr${t}`, 'aA,vB,u6CD');
for (const t of IVP_VEC_TYPES) row(`mov${t}t`, 'vA,vB,vC,bD');
for (const t of IVP_INT_TYPES) row(`ltr${t === 'n_2x32' ? 'n_2' : t === 'nx16' ? 'n' : '2n'}`, 'bA,aB');
for (const t of IVP_INT_TYPES) row(`ltr${t === 'n_2x32' ? 'n_2' : t === 'nx16' ? 'n' : '2n'}i`, 'bA,u10CD');

// ---- §12.3 integer arithmetic, bitwise, min/max/abs ----
for (const t of IVP_INT_TYPES) {
  for (const op of ['add', 'sub', 'avg', 'avgu', 'avgr', 'avgru', 'min', 'max', 'minu', 'maxu', 'and', 'or', 'xor']) row(`${op}${t}`, 'vA,vB,vC');
  for (const op of ['neg', 'abs', 'not']) row(`${op}${t}`, 'vA,vB');
  row(`add${t}t`, 'vA,vB,vC,bD');
  row(`sub${t}t`, 'vA,vB,vC,bD');
}
for (const t of ['2nx8', 'nx16']) {
  for (const op of ['adds', 'subs', 'abssub', 'abssubu']) row(`${op}${t}`, 'vA,vB,vC');
}
row('addsnx16t', 'vA,vB,vC,bD');
row('minnx16t', 'vA,vB,vC,bD');
row('maxnx16t', 'vA,vB,vC,bD');
for (const t of ['nx16', 'n_2x32']) {
  row(`nsau${t}`, 'vA,vB');
  row(`nsa${t}`, 'vA,vB');
}
row('popc2nx8', 'vA,vB');
row('mulnx16packl', 'vA,vB,vC');
row('mulnx16upackl', 'vA,vB,vC');
row('mulanx16packl', 'vA,vB,vC');
row('mulanx16upackl', 'vA,vB,vC');

// ---- §12.4 shifts ----
for (const t of IVP_INT_TYPES) for (const op of ['slli', 'srli', 'srai']) row(`${op}${t}`, 'vA,vB,u5C');
for (const t of ['nx16', 'n_2x32']) {
  for (const op of ['sll', 'srl', 'sla', 'sra', 'sls', 'srs']) row(`${op}${t}`, 'vA,vB,vC');
  row(`slsi${t}`, 'vA,vB,u5C');
}

// ---- §12.5 compares, predicate logic, select/shuffle ----
for (const t of IVP_INT_TYPES) for (const op of ['eq', 'neq', 'lt', 'le', 'gt', 'ge']) row(`${op}${t}`, 'bA,vB,vC');
for (const t of UNSIGNED_TYPES) for (const op of ['ltu', 'leu', 'gtu', 'geu']) row(`${op}${t}`, 'bA,vB,vC');
for (const t of FLOAT_TYPES) {
  for (const op of ['oeq', 'olt', 'ole', 'ogt', 'oge', 'ueq', 'ult', 'ule', 'un']) row(`${op}${t}`, 'bA,vB,vC');
}
for (const p of PRED_TYPES) {
  for (const op of ['andb', 'orb', 'xorb', 'andnotb']) row(`${op}${p}`, 'bA,bB,bC');
  row(`notb${p}`, 'bA,bB');
}
row('extractbl2n', 'bA,bB');
row('extractbh2n', 'bA,bB');
row('extractbln', 'bA,bB');
row('extractbhn', 'bA,bB');
row('joinbn', 'bA,bB,bC');
row('joinbn_2', 'bA,bB,bC');
for (const t of IVP_INT_TYPES) {
  row(`sel${t}`, 'vA,vB,vC,vD');
  row(`shfl${t}`, 'vA,vB,vC');
}
for (const t of IVP_INT_TYPES) row(`sel${t}i`, 'vA,vB,vC,pat9');
for (const t of IVP_INT_TYPES) row(`dsel${t}i`, 'vA,vB,vC,vD,u4O');

// ---- §12.6 multiply and multiply-accumulate into the wide accumulators, widening adds ----
for (const t of ['2nx8', 'nx16']) {
  for (const op of ['mul', 'muluu', 'mulus', 'mula', 'muluua', 'muls']) row(`${op}${t}`, 'wA,vB,vC');
  for (const op of ['mulp', 'muluup', 'mulpa', 'muluupa']) row(`${op}${t}`, 'wO,vA,vB,vC,vD');
}
for (const op of ['mul', 'mulus', 'mula', 'muls']) row(`${op}n_2x32`, 'wA,vB,vC');
row('addwnx16', 'wA,vB,vC');
row('addwunx16u', 'wA,vB,vC');
row('addw2nx8', 'wA,vB,vC');
row('addwu2nx8u', 'wA,vB,vC');
row('addwanx16', 'wA,vB,vC');
row('addwuanx16u', 'wA,vB,vC');
row('addwa2nx8', 'wA,vB,vC');
row('addwua2nx8u', 'wA,vB,vC');
row('mulpn16xr16', 'wA,vB,vC,aD');
row('mulsupn16xr16', 'wA,vB,vC,aD');
row('decnegwnx48', 'wA');
row('zero2nx24', 'wA');
row('zeronx48', 'wA');
row('zeron_2x64w', 'wA');

// ---- §12.7 packs (wide → vector) and conversions between widths ----
for (const w of ['2nx24', 'nx48', 'n_2x64w']) {
  row(`packvr${w}`, 'vA,wB,aC');
  row(`packvrnr${w}`, 'vA,wB,aC');
  row(`packv${w}`, 'vA,wB,vC');
  row(`packl${w}`, 'vA,wB');
}
row('packvru2nx24', 'vA,wB,aC');
row('packhn_2x64w', 'vA,wB');
row('packmnx48', 'vA,wB');
row('packqnx48', 'vA,wB');
row('cvt48snx32', 'wA,vB,vC');
row('cvt48unx32', 'wA,vB,vC');
for (const h of ['l', 'h']) {
  row(`cvt32snx48${h}`, 'vA,wB');
  row(`cvt32unx48${h}`, 'vA,wB');
  row(`cvt16s2nx24${h}`, 'vA,wB');
  row(`cvt16u2nx24${h}`, 'vA,wB');
  row(`unpksnx16_${h}`, 'vA,vB');
  row(`unpkunx16_${h}`, 'vA,vB');
}
row('cvt24s2nx16', 'wA,vB,vC');
for (const q of ['ll', 'lh', 'hl', 'hh']) row(`cvt32s2nx24${q}`, 'vA,wB');

// ---- §12.8 reductions (the result in lane 0, other lanes zero) ----
for (const t of IVP_INT_TYPES) for (const op of ['radd', 'rmax', 'rmin', 'rmaxu', 'rminu']) row(`${op}${t}`, 'vA,vB');
row('raddu2nx8', 'vA,vB');
for (const op of ['radd', 'rmax', 'rmin', 'rmaxnum', 'rminnum']) row(`${op}n_2xf32`, 'vA,vB');

// ---- §12.9 the float unit (f32, f16) ----
for (const t of FLOAT_TYPES) {
  for (const op of ['add', 'sub', 'mul', 'div', 'min', 'max', 'minnum', 'maxnum', 'mula', 'muls']) row(`${op}${t}`, 'vA,vB,vC');
  for (const op of ['sqrt', 'abs', 'neg', 'firint', 'fifloor', 'ficeil', 'firound', 'fitrunc']) row(`${op}${t}`, 'vA,vB');
}
row('floatn_2x32', 'vA,vB,u5C');
row('ufloatn_2x32', 'vA,vB,u5C');
row('float16nx16', 'vA,vB,u5C');
row('truncn_2xf32', 'vA,vB,u5C');
row('utruncn_2xf32', 'vA,vB,u5C');
row('trunc16nxf16', 'vA,vB,u5C');
row('cvtf32nxf16_0', 'vA,vB');
row('cvtf32nxf16_1', 'vA,vB');
row('cvtf16n_2xf32_0', 'vA,vB');

// ---- second batch: predicate bits in lanes, gathers and scatters, divide, more MAC/convert forms ----
for (const t of IVP_INT_TYPES) {
  row(`injbi${t}`, 'vA,bB,u5C');
  row(`extbi${t}`, 'bA,vB,u5C');
}
const GATHER_TYPES = ['nx16', 'nx16u', 'nx8s', 'nx8u', 'n_2x32', 'n_2x32u', 'nxf16', 'n_2xf32'];
const gatherBytes = (t: string): number => (t.startsWith('nx8') ? 1 : t.startsWith('nx') ? 2 : 4);
for (const t of GATHER_TYPES) {
  row(`gathera${t}`, 'vA,aB,vC', ld(gatherBytes(t)));
  row(`gatherd${t}`, 'vA,vB');
}
for (const t of ['nx16', 'nx16u', 'n_2x32', 'n_2x32u', 'nxf16', 'n_2xf32']) row(`scatter${t}`, 'vA,aB,vC', st(gatherBytes(t)));
row('divn_2x32x16', 'vA,vB,vC,vD,u1O');
row('divn_2x32x16u', 'vA,vB,vC,vD,u1O');
row('cvt24unx32l', 'wA,vB,vC');
row('cvt24unx32h', 'wA,vB,vC');
row('muluupda2nx8', 'wA,vB,vC,vD');
row('muluun_2x16x32_0', 'wA,vB,vC');

// the even/odd-lane forms of the no-round packs
for (const w of ['nx48', '2nx24']) for (const h of ['0', '1']) row(`packvrnr${w}_${h}`, 'vA,wB,aC');

// quad MACs: the four vector operands are the register quad v4m..v4m+3 named by its first register
row('mulqa2n8xr8', 'wA,vqB,aC');
row('muluuqa2n8xr8', 'wA,vqB,aC');
row('dmulqa2n8xr8', 'wA,wO,vqB,aC,aD');
row('dmuluuqa2n8xr8', 'wA,wO,vqB,aC,aD');

// spill and fill of the files without loads or stores of their own (project-specific; the compiler
// keeps accumulators, predicates and alignment registers in the frame with them): a whole register
// to or from the aligned address in the AR (wide: 192 bytes, alignment: 64, predicate: 8)
row('svw', 'wA,aB', st(192));
row('lvw', 'wA,aB', ld(192));
row('svalign', 'uA,aB', st(64));
row('lvalign', 'uA,aB', ld(64));
row('svbool', 'bA,aB', st(8));
row('lvbool', 'bA,aB', ld(8));

// third batch: scalar-replicating loads post-incremented by an AR, 8-bit → 16-bit unpacks
for (const t of ['2nx8', 'nx16', 'n_2x32', 'nxf16', 'n_2xf32']) row(`lsr${t}_xp`, 'vA,aB,aC', ld(elemBytes(t)));
for (const h of ['l', 'h']) {
  row(`unpks2nx8_${h}`, 'vA,vB');
  row(`unpku2nx8_${h}`, 'vA,vB');
}

// register-to-register moves of the files §12 gives none for (project-specific, like the spill rows
// above; the compiler keeps predicates in registers across blocks with them): a whole wide
// accumulator, predicate mask or alignment register
row('movww', 'wA,wB');
row('movbb', 'bA,bB');
row('movuu', 'uA,uB');

/** Operands that use slot D or bits of the opcode ("full" rows). */
const D_OPERANDS = new Set(['vD', 'aD', 'bD', 'u6CD', 'u10CD', 'pat9']);
const OPC_OPERANDS: Record<string, number> = { wO: 2, u4O: 4, pat9: 4, u1O: 1 };

/** The allocated rows: mnemonic, base word (opcode, sub-opcode, op0 = 14), operands, properties. */
export interface IvpRow {
  readonly mnemonic: string;
  readonly base: number;
  readonly ops: string;
  readonly opts: IvpRowOpts;
}

function allocate(): IvpRow[] {
  const out: IvpRow[] = [];
  let nextFull = 0;
  let page = 256;
  let sub = 32;
  for (const s of specs) {
    const names = s.ops.split(',');
    const opcBits = Math.max(0, ...names.map((n) => OPC_OPERANDS[n] ?? 0));
    const full = opcBits > 0 || names.some((n) => D_OPERANDS.has(n));
    let word = 14;
    if (full) {
      const span = 1 << opcBits;
      nextFull = Math.ceil(nextFull / span) * span;
      word = insert(word, [IVP_F.opc], nextFull);
      nextFull += span;
    } else {
      if (sub === 32) {
        page--;
        sub = 0;
      }
      word = insert(insert(word, [IVP_F.opc], page), [IVP_F.D], sub++);
    }
    if (nextFull > page) throw new Error('IVP encoding: opcode space exhausted');
    out.push({ mnemonic: s.m, base: word >>> 0, ops: s.ops, opts: s.opts });
  }
  return out;
}

/** Every IVP row in table order, with its encoding. */
export const IVP_ROWS: readonly IvpRow[] = allocate();
