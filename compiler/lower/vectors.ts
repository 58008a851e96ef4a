// The IVP vector unit in lowering: vector-typed values are virtual registers of the unit's register
// files (`vec`, `wvec`, `vbool`, `valign`); an intrinsic of <xtensa/tie/xt_ivp32.h> becomes the row
// of the instruction table that bears its name in lower case (docs/ivp-encoding.md), its operands
// taken from the row: the result first, then the C arguments in order — a value argument read, a
// reference argument (a load's destination, an _IP/_XP pointer, a stream's alignment register, an
// accumulator) an in/out operand in memory, an immediate operand a constant. Broadcasts, the C
// operators on vectors, reinterpreting moves and the reductions' scalar results are built from the
// same rows.

import { constantValue, types } from '../../language';
import type { Expr, FunctionDecl, Loc, Type } from '../../language/model';
import { INSN_BY_MNEMONIC, type InsnDef } from '../../xtensa/isa';
import { regAddr } from '../ir/builder';
import type { Address, MemType, VectorValueType, VopArg, VReg, ValueType } from '../ir/ir';
import { unsupported } from './errors';
import type { FnLower } from './function';
import { lowerSpecial, specialForm, vop, type IntrinsicOperands } from './vector-forms';
import { vectorValueType } from './types';

const { nonReference, unqualified, builtin } = types;

type VectorInfo = Extract<Type, { kind: 'vector' }>['vector'];

/** The vector info of a (possibly qualified or referenced) vector type. */
export function vectorInfo(t: Type): VectorInfo | undefined {
  const u = unqualified(nonReference(t));
  return u.kind === 'vector' ? u.vector : undefined;
}

/** Register-file kinds of the table's operands, as IR files. */
const FILE_OF_KIND: Record<string, 'i32' | VectorValueType> = { ar: 'i32', vr: 'vec', vb: 'vbool', wr: 'wvec', ua: 'valign' };

/** The mnemonic suffix of a narrow vector's lane type (`nx16`, `n_2xf32`). */
function laneSuffix(v: VectorInfo, at: Loc): string {
  switch (v.lane) {
    case 'int8': case 'uint8': return '2nx8';
    case 'int16': case 'uint16': return 'nx16';
    case 'int32': case 'uint32': return 'n_2x32';
    case 'float16': return 'nxf16';
    case 'float32': return 'n_2xf32';
    default: return unsupported(at, `no lane-wise operation on '${v.name}'`);
  }
}

const isFloatLane = (v: VectorInfo) => v.lane === 'float16' || v.lane === 'float32';
const isUnsignedLane = (v: VectorInfo) => v.lane === 'uint8' || v.lane === 'uint16' || v.lane === 'uint32';

function row(mnemonic: string): InsnDef | undefined {
  const d = INSN_BY_MNEMONIC.get(mnemonic);
  return d?.feature === 'ivp' ? d : undefined;
}

export { vop };

// ---- conversions ------------------------------------------------------------------------------------

/** The C type a lane of `v` holds, for converting a scalar before broadcasting it. */
function laneCType(v: VectorInfo, at: Loc): Type {
  switch (v.lane) {
    case 'int8': return builtin('signed char');
    case 'uint8': return builtin('unsigned char');
    case 'int16': return builtin('short');
    case 'uint16': return builtin('unsigned short');
    case 'int32': return builtin('int');
    case 'uint32': return builtin('unsigned int');
    case 'float32': case 'float16': return builtin('float');
    default: return unsupported(at, `broadcasting a scalar to '${v.name}' is not supported yet`);
  }
}

/**
 * A C scalar broadcast to every lane of `to` (ivp_movva8/16/32 of its bits). A half-precision lane
 * takes the scalar converted to float, then rounded to binary16 by the unit (cvtf16n_2xf32_0 of the
 * broadcast float, its lane 0 read back and broadcast as 16 bits).
 */
export function broadcast(f: FnLower, v: VReg, from: Type, to: VectorInfo, at: Loc, convert: (v: VReg, from: Type, to: Type) => VReg): VReg {
  const lane = laneCType(to, at);
  const x = convert(v, from, lane);
  if (to.lane === 'float16') {
    const wide = vop(f, 'ivp_movva32', 'vec', [{ use: x }])!;
    const halves = vop(f, 'ivp_cvtf16n_2xf32_0', 'vec', [{ use: wide }])!;
    const bits = vop(f, 'ivp_extrnx16', 'i32', [{ use: halves }, { imm: 0 }])!;
    return vop(f, 'ivp_movva16', 'vec', [{ use: bits }])!;
  }
  const bits = to.laneBits;
  return vop(f, `ivp_movva${bits}`, 'vec', [{ use: x }])!;
}

// ---- operators ----------------------------------------------------------------------------------------

const LANEWISE: Record<string, string> = { '+': 'add', '-': 'sub', '&': 'and', '|': 'or', '^': 'xor' };

/**
 * `l op r` on vectors (the model typed it and noted the conversions: `a` and `b` are both of the
 * vector type `v`, or `b` a scalar shift count).
 */
export function vectorBinary(f: FnLower, op: string, v: VectorInfo, a: VReg, b: VReg, bVector: boolean, resultType: Type, at: Loc): VReg {
  const t = laneSuffix(v, at);
  if (LANEWISE[op]) {
    if (isFloatLane(v) && op !== '+' && op !== '-') unsupported(at, `operator '${op}' on '${v.name}'`);
    return vop(f, `ivp_${LANEWISE[op]}${t}`, 'vec', [{ use: a }, { use: b }])!;
  }
  if (op === '*') {
    const out = vectorInfo(resultType);
    return vop(f, `ivp_mul${t}`, out ? vectorValueType(out) : 'vec', [{ use: a }, { use: b }])!;
  }
  if (op === '<<' || op === '>>') {
    const kind = op === '<<' ? 'sll' : isUnsignedLane(v) ? 'srl' : 'sra';
    if (!bVector) unsupported(at, 'internal: a scalar shift count reached the vector shift');
    if (!row(`ivp_${kind}${t}`)) unsupported(at, `shifting '${v.name}' by a vector of counts is not supported (the unit shifts 8-bit lanes by immediates only)`);
    return vop(f, `ivp_${kind}${t}`, 'vec', [{ use: a }, { use: b }])!;
  }
  return unsupported(at, `operator '${op}' on '${v.name}' is not supported`);
}

/** `x << k` / `x >> k` with a C integer count: an immediate shift when k is a constant in 0..31. */
export function vectorShiftByScalar(f: FnLower, op: string, v: VectorInfo, a: VReg, count: Expr, countValue: () => VReg, at: Loc): VReg {
  const t = laneSuffix(v, at);
  const k = constantValue(count);
  const kind = op === '<<' ? 'slli' : isUnsignedLane(v) ? 'srli' : 'srai';
  if (typeof k === 'number' && k >= 0 && k <= 31) return vop(f, `ivp_${kind}${t}`, 'vec', [{ use: a }, { imm: k }])!;
  const counts = vop(f, `ivp_movva${v.laneBits}`, 'vec', [{ use: countValue() }])!;
  return vectorBinary(f, op, v, a, counts, true, unqualified(count.type), at);
}

/** `-x`, `~x` of a vector. */
export function vectorUnary(f: FnLower, op: string, v: VectorInfo, a: VReg, at: Loc): VReg {
  if (op === '+') return a;
  const t = laneSuffix(v, at);
  const kind = op === '-' ? 'neg' : op === '~' ? 'not' : undefined;
  if (!kind) return unsupported(at, `unary '${op}' on '${v.name}' is not supported`);
  return vop(f, `ivp_${kind}${t}`, 'vec', [{ use: a }])!;
}

// ---- intrinsics ---------------------------------------------------------------------------------------

/**
 * The row an intrinsic is lowered to: its own name, or the row of the same bits (an unsigned or float
 * spelling of an integer select/shuffle/reduction, PACKLN_2X96 the 64-bit-lane pack).
 */
function intrinsicRow(name: string): InsnDef | undefined {
  const n = `ivp_${name.slice(4).toLowerCase()}`;
  const tries = [
    n,
    n.replace(/u(i?)$/, '$1'),
    /^ivp_d?(sel|shfl)/.test(n) ? n.replace('nxf16', 'nx16').replace('n_2xf32', 'n_2x32') : n,
    n === 'ivp_packln_2x96' ? 'ivp_packln_2x64w' : n,
  ];
  for (const m of tries) {
    const d = row(m);
    if (d) return d;
  }
  return undefined;
}

const REINTERPRET = /^IVP_MOV\w+_FROM\w+$/;

/** A call of an IVP intrinsic; returns its value (undefined for void). */
export function lowerIntrinsic(f: FnLower, fn: FunctionDecl, args: readonly Expr[], at: Loc, ops: IntrinsicOperands): VReg | undefined {
  if (REINTERPRET.test(fn.name)) return ops.value(0);
  if (specialForm(fn.name)) return lowerSpecial(f, fn, args, at, ops);
  if (fn.name === 'IVP_EXTRPRN_2X32') return vop(f, 'ivp_extrn_2x32', 'i32', [{ use: ops.value(0) }, immediateArg(args[1], fn, 1, row('ivp_extrn_2x32')!, 2)]);
  const d = intrinsicRow(fn.name);
  if (!d) return unsupported(at, `${fn.name} is not lowered yet (no instruction of the table implements it)`);
  const retVoid = unqualified(fn.ret).kind === 'builtin' && (unqualified(fn.ret) as { name: string }).name === 'void';
  const retVector = vectorInfo(fn.ret);
  if (d.operands.length !== args.length + (retVoid ? 0 : 1) || d.operands.some((o) => o.name === 'vqB')) {
    return unsupported(at, `${fn.name} is not lowered yet (its operands do not map onto one '${d.mnemonic}')`);
  }
  const first = retVoid ? 0 : 1;
  // at -O0 the variable stays in memory anyway: the in/out operand is read and written there directly
  const tied = retVoid && f.m.optimized ? tiedOperand(fn, d) : -1;
  if (tied >= 0) return lowerTied(f, fn, args, d, tied, ops);
  const vargs: VopArg[] = args.map((a, i) => {
    const opType = d.operands[i + first];
    const p = fn.params[i].type;
    if (opType.kind === 'imm') return immediateArg(a, fn, i, d, i + first);
    if (p.kind === 'reference' && !p.referee.const) {
      const file = FILE_OF_KIND[opType.kind];
      if (!file) unsupported(a.loc, `internal: operand ${opType.name} of ${d.mnemonic}`);
      return { mem: regAddr(ops.address(i)), file, ...(writeOnly(d, i + first) ? { out: true as const } : {}) };
    }
    return { use: ops.value(i) };
  });
  if (retVoid) {
    vop(f, d.mnemonic, undefined, vargs);
    return undefined;
  }
  const resultFile = FILE_OF_KIND[d.operands[0].kind];
  if (retVector || resultFile === 'i32') {
    const type: ValueType = retVector ? vectorValueType(retVector) : (resultFile as ValueType);
    const r = vop(f, d.mnemonic, type, vargs)!;
    return retVector ? r : ops.convert(r, builtin('int'), fn.ret);
  }
  // a reduction: the result in the 32-bit lane 0 of a vector register, read into an AR
  const lanes = vop(f, d.mnemonic, 'vec', vargs)!;
  const ret = unqualified(fn.ret);
  const isFloat = ret.kind === 'builtin' && ret.name === 'float';
  const word = vop(f, 'ivp_extrn_2x32', isFloat ? 'f32' : 'i32', [{ use: lanes }, { imm: 0 }])!;
  return isFloat ? word : ops.convert(word, builtin('int'), fn.ret);
}

/**
 * The argument an intrinsic reads and writes as a value of the unit (MULA's accumulator, a predicated
 * form's destination, INJBI's vector), when it is the only argument taken by reference and not an
 * alignment register: or -1.
 */
function tiedOperand(fn: FunctionDecl, d: InsnDef): number {
  const refs = fn.params.flatMap((p, i) => (p.type.kind === 'reference' && !p.type.referee.const ? [i] : []));
  if (refs.length !== 1 || d.mem || writeOnly(d, refs[0])) return -1;
  // an alignment register stays in memory: the streams that update it take their pointer by reference too
  const file = FILE_OF_KIND[d.operands[refs[0]].kind];
  return file === 'vec' || file === 'wvec' || file === 'vbool' ? refs[0] : -1;
}

/**
 * An intrinsic with one in/out argument of the unit, in code to be optimised: the variable's value is
 * read, the row gives its new value in the same register (`tied`), and that is stored back. As plain
 * loads and stores of the variable, a local stays promotable and its value can stay in a register
 * between instructions.
 */
function lowerTied(f: FnLower, fn: FunctionDecl, args: readonly Expr[], d: InsnDef, tied: number, ops: IntrinsicOperands): undefined {
  const file = FILE_OF_KIND[d.operands[tied].kind] as VectorValueType;
  let place: Address | undefined;
  const vargs: VopArg[] = args.map((a, i) => {
    if (d.operands[i].kind === 'imm') return immediateArg(a, fn, i, d, i);
    if (i !== tied) return { use: ops.value(i) };
    place = ops.place(i);
    return { use: f.b.load(file as MemType, place, file) };
  });
  const dst = f.b.vreg(file);
  f.b.emit({ op: 'vop', dst, mnemonic: d.mnemonic, args: vargs, tied });
  f.b.store(file as MemType, dst, place!);
  return undefined;
}

/** Whether operand k of row d is only written: a load's destination, the outputs of DSEL*I and DIVN. */
function writeOnly(d: InsnDef, k: number): boolean {
  if (d.mem?.kind === 'load') return k === 0;
  if (/^ivp_(dsel\w+i|divn_2x32x16u?)$/.test(d.mnemonic)) return k === 0 || k === 1;
  return false;
}

/** The constant argument `a` for the row's immediate operand `k`, checked against its range. */
function immediateArg(a: Expr, fn: FunctionDecl, i: number, d: InsnDef, k: number): VopArg {
  const v = constantValue(a);
  if (typeof v !== 'number') return unsupported(a.loc, `${fn.name}: argument ${i + 1} must be a constant (it is the instruction's immediate)`);
  const o = d.operands[k];
  if (o.encode && o.encode(v, 0) === null) return unsupported(a.loc, `${fn.name}: ${v} is out of range for argument ${i + 1}`);
  return { imm: v };
}
