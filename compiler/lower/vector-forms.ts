// IVP intrinsics whose operands do not map one to one onto a row of the instruction table: the quad
// multiply-accumulates (four vectors as one register quad, a 64-bit coefficient as two ARs), the pair
// difference MAC with two coefficient vectors, the 64-bit lane extraction, the loop-tail predicates
// of a register count and the index-vector dual selects. Each becomes its row(s); the rules chosen
// where the public facts are open are in docs/ivp-encoding.md.

import { constantValue, types } from '../../language';
import type { Expr, FunctionDecl, Loc, Type } from '../../language/model';
import { regAddr } from '../ir/builder';
import type { Address, ValueType, VopArg, VReg } from '../ir/ir';
import { unsupported } from './errors';
import type { FnLower } from './function';

const { builtin } = types;

/** How an intrinsic's lowering reads its call's arguments (given by the call's lowering). */
export interface IntrinsicOperands {
  /** The value of argument i converted to its parameter's type. */
  value(i: number): VReg;
  /** The address of the lvalue argument i. */
  address(i: number): VReg;
  /** The lvalue argument i as a place (a local's slot stays promotable). */
  place(i: number): Address;
  /** A C scalar `v` of type `from` converted to `to`. */
  convert(v: VReg, from: Type, to: Type): VReg;
}

/** Emits the row `mnemonic` with a result of type `dstType` (if any) and `args` after it. */
export function vop(f: FnLower, mnemonic: string, dstType: ValueType | undefined, args: VopArg[]): VReg | undefined {
  const dst = dstType ? f.b.vreg(dstType) : undefined;
  f.b.emit({ op: 'vop', dst, mnemonic, args });
  return dst;
}

type Form = (f: FnLower, fn: FunctionDecl, args: readonly Expr[], ops: IntrinsicOperands) => VReg | undefined;

/** A constant lane or pattern argument in 0..max. */
function constant(a: Expr, fn: FunctionDecl, i: number, max: number): number {
  const v = constantValue(a);
  if (typeof v !== 'number') return unsupported(a.loc, `${fn.name}: argument ${i + 1} must be a constant (it is the instruction's immediate)`);
  if (v < 0 || v > max) return unsupported(a.loc, `${fn.name}: ${v} is out of range for argument ${i + 1} (0..${max})`);
  return v;
}

/** The low and high words of a 64-bit value. */
function words(f: FnLower, v: VReg): [VReg, VReg] {
  const lo = f.b.conv('i64>i32', v, 'i32');
  const hi = f.b.conv('i64>i32', f.b.bin('shr', v, f.b.const('i64', 32), true), 'i32');
  return [lo, hi];
}

/** Whether two arguments name the same variable (so one read serves both). */
function sameVariable(a: Expr, b: Expr): boolean {
  return a.kind === 'identifier' && b.kind === 'identifier' && a.decl !== undefined && a.decl === b.decl;
}

/** MUL(UU)QA2N8XR8(acc, v3, v2, v1, v0, s): the quad operand is v0..v3 in register order. */
const quadMac = (mnemonic: string): Form => (f, _fn, _args, ops) => {
  const quad = [4, 3, 2, 1].map((i) => ({ use: ops.value(i) }));
  vop(f, mnemonic, undefined, [{ mem: regAddr(ops.address(0)), file: 'wvec' }, ...quad, { use: ops.value(5) }]);
  return undefined;
};

/** DMUL(UU)QA2N8XR8(accHi, accLo, v3, v2, v1, v0, s64): accLo takes bits 0..31 of s, accHi 32..63. */
const dualQuadMac = (mnemonic: string): Form => (f, _fn, _args, ops) => {
  const quad = [5, 4, 3, 2].map((i) => ({ use: ops.value(i) }));
  const [lo, hi] = words(f, ops.value(6));
  vop(f, mnemonic, undefined, [{ mem: regAddr(ops.address(0)), file: 'wvec' }, { mem: regAddr(ops.address(1)), file: 'wvec' }, ...quad, { use: lo }, { use: hi }]);
  return undefined;
};

/**
 * MULUUPDA2NX8(acc, d1, c1, d2, c2): acc += d1 × c1 − d2 × c2. The row has one c: one instruction
 * when c1 and c2 are the same variable, else two against a zero vector (d1 − 0) × c1, (0 − d2) × c2.
 */
const pairDifference: Form = (f, _fn, args, ops) => {
  const acc = { mem: regAddr(ops.address(0)), file: 'wvec' as const };
  const d1 = ops.value(1);
  const c1 = ops.value(2);
  const d2 = ops.value(3);
  if (sameVariable(args[2], args[4])) {
    vop(f, 'ivp_muluupda2nx8', undefined, [acc, { use: d1 }, { use: c1 }, { use: d2 }]);
    return undefined;
  }
  const c2 = ops.value(4);
  const zero = vop(f, 'ivp_movva8', 'vec', [{ use: f.b.const('i32', 0) }])!;
  vop(f, 'ivp_muluupda2nx8', undefined, [acc, { use: d1 }, { use: c1 }, { use: zero }]);
  vop(f, 'ivp_muluupda2nx8', undefined, [{ mem: regAddr(ops.address(0)), file: 'wvec' }, { use: zero }, { use: c2 }, { use: d2 }]);
  return undefined;
};

/** DEXTRPRN_2X32(v1, v2, i, j): v1[i] in bits 63..32, v2[j] in bits 31..0. */
const extract64: Form = (f, fn, args, ops) => {
  const hi = vop(f, 'ivp_extrn_2x32', 'i32', [{ use: ops.value(0) }, { imm: constant(args[2], fn, 2, 15) }])!;
  const lo = vop(f, 'ivp_extrn_2x32', 'i32', [{ use: ops.value(1) }, { imm: constant(args[3], fn, 3, 15) }])!;
  const wide = f.b.bin('or', f.b.bin('shl', f.b.conv('i32>i64u', hi, 'i64'), f.b.const('i64', 32)), f.b.conv('i32>i64u', lo, 'i64'));
  return ops.convert(wide, builtin('long long'), fn.ret);
};

/** LTRS{2N,N,N_2}(n): the first n lanes true, n in an AR (the LTR row). */
const firstLanes = (mnemonic: string): Form => (f, _fn, _args, ops) => vop(f, mnemonic, 'vbool', [{ use: ops.value(0) }]);

/**
 * DSEL{2NX8,NX16,N_2X32}(outHi, outLo, hi, lo, idx): the 2L lanes (outHi:outLo) from the 2L lanes of
 * (hi:lo), lane k of outLo from lane idx[k] and lane k of outHi from lane idx[k] + L (mod 2L): two
 * SELs, the second with the halves swapped. Both are computed before either output is written.
 */
const dualSelect = (mnemonic: string): Form => (f, _fn, _args, ops) => {
  const hi = ops.value(2);
  const lo = ops.value(3);
  const idx = ops.value(4);
  const outLo = vop(f, mnemonic, 'vec', [{ use: hi }, { use: lo }, { use: idx }])!;
  const outHi = vop(f, mnemonic, 'vec', [{ use: lo }, { use: hi }, { use: idx }])!;
  f.b.store('vec', outHi, regAddr(ops.address(0)));
  f.b.store('vec', outLo, regAddr(ops.address(1)));
  return undefined;
};

const FORMS: Record<string, Form> = {
  IVP_MULQA2N8XR8: quadMac('ivp_mulqa2n8xr8'),
  IVP_MULUUQA2N8XR8: quadMac('ivp_muluuqa2n8xr8'),
  IVP_DMULQA2N8XR8: dualQuadMac('ivp_dmulqa2n8xr8'),
  IVP_DMULUUQA2N8XR8: dualQuadMac('ivp_dmuluuqa2n8xr8'),
  IVP_MULUUPDA2NX8: pairDifference,
  IVP_DEXTRPRN_2X32: extract64,
  IVP_LTRS2N: firstLanes('ivp_ltr2n'),
  IVP_LTRSN: firstLanes('ivp_ltrn'),
  IVP_LTRSN_2: firstLanes('ivp_ltrn_2'),
  IVP_DSEL2NX8: dualSelect('ivp_sel2nx8'),
  IVP_DSELNX16: dualSelect('ivp_selnx16'),
  IVP_DSELN_2X32: dualSelect('ivp_seln_2x32'),
};

/** The lowering of `fn` if it is one of the forms above. */
export function specialForm(name: string): Form | undefined {
  return Object.prototype.hasOwnProperty.call(FORMS, name) ? FORMS[name] : undefined;
}

/** Lowers `fn` through its special form; `at` names the call for errors. */
export function lowerSpecial(f: FnLower, fn: FunctionDecl, args: readonly Expr[], at: Loc, ops: IntrinsicOperands): VReg | undefined {
  const form = specialForm(fn.name);
  if (!form) return unsupported(at, `internal: ${fn.name} has no special form`);
  return form(f, fn, args, ops);
}
