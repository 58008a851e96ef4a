// Expression lowering. Four entry points: `rvalue` (the value of a scalar expression, after lvalue-to-
// rvalue conversion and array/function decay), `lvalue` (the address of a glvalue — or of a
// temporary materialised for a prvalue), `condition` (branches, with short-circuit && || !), and
// `discard` (evaluated for its side effects). Evaluation order follows C++17: the right operand of
// an assignment before the left; otherwise left to right, as GCC does.

import { types, bitFieldPromotion, constantValue, floatLiteralValue } from '../../language';
import { isCompleteClass, type FieldDecl, type FunctionDecl, type Loc, type VarDecl, type Expr, type Type } from '../../language/model';
import { offsetAddr, regAddr, slotAddr, symAddr } from '../ir/builder';
import type { Address, BinKind, Block, CmpCond, ValueType, VReg } from '../ir/ir';
import { convertTo, BOOL_TYPE, INT_TYPE } from './conversions';
import { unsupported } from './errors';
import { passes, type FnLower } from './function';
import { bitPlace, isBitFieldDesignator, readBits, writeBits } from './bitfields';
import { stringLiteralBytes } from './strings';
import { vectorBinary, vectorInfo, vectorShiftByScalar, vectorUnary } from './vectors';
import { adjustClassPointer, classDelta } from './base-conversions';
import { accessTag } from './access-tags';
import { classDeclOf, commonType, isClassType, isPointerLike, isUnsignedType, memTypeOf, promoted, valueTypeOf } from './types';

const { unqualified, pointerTo } = types;

/** The type an operand has after array-to-pointer and function-to-pointer decay. */
export function decayed(t: Type): Type {
  const u = unqualified(t);
  if (u.kind === 'array') return pointerTo(u.element);
  if (u.kind === 'function') return pointerTo(u);
  return u;
}

// ---- rvalues ----------------------------------------------------------------------------------------

export function rvalue(f: FnLower, e: Expr): VReg {
  const b = f.b;
  const t = unqualified(e.type);
  if (t.kind === 'array') return addressOf(f, e);
  if (t.kind === 'function') {
    if (e.decl?.kind === 'function') return b.addr(symAddr(f.m.functionSymbol(e.decl, e.loc)));
    return addressOf(f, e);
  }
  const vt = valueTypeOf(t);
  if (!vt) {
    if (isClassType(t)) unsupported(e.loc, `internal: a value of class type '${types.typeToString(t)}' used as a scalar`);
    unsupported(e.loc, `an expression of type '${types.typeToString(t)}' has no value`);
  }
  const k = constantValue(e);
  if (k !== undefined) return b.const(vt, vt === 'i64' ? BigInt.asIntN(64, BigInt(k)) : vt === 'f32' || vt === 'f64' ? Number(k) : Number(k));
  if (e.kind === 'number_literal' && (vt === 'f32' || vt === 'f64')) return b.const(vt, floatLiteralValue(e, vt === 'f32'));
  if (e.cat !== 'prvalue' && designatesBitField(e)) return glvaluePlace(f, e).load();
  // `c ? s.a : s.b` read as a value: each arm's value (a bit-field arm has no address)
  if (e.cat !== 'prvalue' && e.kind === 'conditional' && e.operands!.slice(1).some(designatesBitField)) return conditionalValue(f, e, vt);
  const known = constVariableValue(e);
  if (known !== undefined) return constant(f, vt, known);
  if (e.cat !== 'prvalue') return b.load(memTypeOf(t), lvalue(f, e), vt, accessTag(f, e));
  switch (e.kind) {
    case 'binary':
      return binary(f, e, vt);
    case 'unary':
      return unary(f, e, vt);
    case 'address-of':
      return addressOf(f, e.operands![0]);
    case 'update':
      return update(f, e, true);
    case 'conditional':
      return conditionalValue(f, e, vt);
    case 'cast':
      return castValue(f, e);
    case 'comma':
      discard(f, e.operands![0]);
      return rvalue(f, e.operands![1]);
    case 'implicit':
      // a standard conversion the model made explicit (a class operand of ?: after its conversion function)
      return valueAs(f, e.operands![0], t, e.loc);
    case 'call':
    case 'indirect-call':
    case 'user-conversion': {
      const v = passes.lowerCall(f, e);
      if (!v) unsupported(e.loc, 'internal: call without a value');
      return v;
    }
    case 'this':
      return f.thisPointer(e.loc);
    case 'construct':
      if (!e.operands?.length) return b.const(vt, vt === 'i64' ? 0n : 0);
      return convertTo(f, rvalue(f, e.operands[0]), e.operands[0].type, t, e.loc);
    case 'name':
      if (e.decl?.kind === 'function') return b.addr(symAddr(f.m.functionSymbol(e.decl, e.loc)));
      break;
  }
  return unsupported(e.loc, `expressions of this kind (${e.kind}) are not supported yet`);
}

/**
 * The value of a `const` integral variable the model evaluated (a static constant member of a class
 * template instance, `Pow<3, 4>::value`, whose initialiser depends on the template's arguments).
 */
function constVariableValue(e: Expr): number | undefined {
  if ((e.kind !== 'name' && e.kind !== 'member') || e.decl?.kind !== 'var') return undefined;
  const v = e.decl as VarDecl;
  if (!v.type.const || v.type.volatile || !v.owner || e.object && hasSideEffects(e.object)) return undefined;
  const u = unqualified(v.type);
  if (u.kind !== 'enum' && (u.kind !== 'builtin' || !types.isIntegral(u))) return undefined;
  v.evaluate?.();
  return v.value;
}

/** A constant of value type `vt`. */
function constant(f: FnLower, vt: ValueType, v: number): VReg {
  return f.b.const(vt, vt === 'i64' ? BigInt(v) : v);
}

const BIN: Record<string, BinKind> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div', '%': 'rem', '&': 'and', '|': 'or', '^': 'xor', '<<': 'shl', '>>': 'shr' };
const CMP: Record<string, CmpCond> = { '==': 'eq', '!=': 'ne', '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge' };

function binary(f: FnLower, e: Expr, vt: ValueType): VReg {
  const op = e.operator!;
  const [l, r] = e.operands!;
  if (op === '&&' || op === '||') return boolFromCondition(f, e);
  if (CMP[op]) return comparison(f, CMP[op], l, r);
  const lt = decayed(l.type);
  const rt = decayed(r.type);
  if (lt.kind === 'vector' || rt.kind === 'vector') return vectorOperator(f, op, l, r, e);
  if (lt.kind === 'pointer' || rt.kind === 'pointer') return pointerArithmetic(f, op, l, r, e);
  const kind = BIN[op];
  if (!kind) unsupported(e.loc, `operator '${op}' is not supported yet`);
  const type = e.type;
  const a = convertTo(f, rvalue(f, l), l.type, type, l.loc);
  if (kind === 'shl' || kind === 'shr') {
    let count = rvalue(f, r);
    count = convertTo(f, count, r.type, promoted(r.type), r.loc);
    if (count.type === 'i64' && vt !== 'i64') count = f.b.conv('i64>i32', count, 'i32');
    return f.b.bin(kind, a, count, isUnsignedType(type));
  }
  const bv = convertTo(f, rvalue(f, r), r.type, type, r.loc);
  if ((kind === 'rem' || kind === 'and' || kind === 'or' || kind === 'xor') && (vt === 'f32' || vt === 'f64')) unsupported(e.loc, `operator '${op}' on floating values`);
  return f.b.bin(kind, a, bv, isUnsignedType(type));
}

/** `l op r` with an IVP vector operand: lane-wise, a C scalar operand broadcast (a shift count an immediate when constant). */
function vectorOperator(f: FnLower, op: string, l: Expr, r: Expr, e: Expr): VReg {
  const lv = vectorInfo(l.type);
  const shift = op === '<<' || op === '>>';
  const self = shift || lv ? l : r;
  const v = vectorInfo(self.type)!;
  const vt = unqualified(self.type);
  if (shift && !vectorInfo(r.type)) {
    return vectorShiftByScalar(f, op, v, rvalue(f, l), r, () => convertTo(f, rvalue(f, r), r.type, INT_TYPE, r.loc), e.loc);
  }
  const a = convertTo(f, rvalue(f, l), l.type, shift ? l.type : vt, l.loc);
  const bv = convertTo(f, rvalue(f, r), r.type, shift ? r.type : vt, r.loc);
  return vectorBinary(f, op, v, a, bv, true, e.type, e.loc);
}

/** Compares two scalars after the usual arithmetic conversions (pointers unsigned). */
function comparison(f: FnLower, cond: CmpCond, l: Expr, r: Expr): VReg {
  const lt = decayed(l.type);
  const rt = decayed(r.type);
  if (isPointerLike(lt) || isPointerLike(rt)) {
    const common = compositePointer(lt, rt);
    const a = convertTo(f, rvalue(f, l), l.type, common, l.loc);
    const bv = convertTo(f, rvalue(f, r), r.type, common, r.loc);
    return f.b.cmp(cond, a, bv, true);
  }
  const common = commonType(bitFieldPromotion(l) ?? lt, bitFieldPromotion(r) ?? rt);
  const a = convertTo(f, rvalue(f, l), l.type, common, l.loc);
  const bv = convertTo(f, rvalue(f, r), r.type, common, r.loc);
  return f.b.cmp(cond, a, bv, isUnsignedType(common));
}

/** The type two compared pointers convert to: a pointer to the base when one points to a derived class. */
function compositePointer(lt: Type, rt: Type): Type {
  if (lt.kind !== 'pointer') return rt;
  if (rt.kind !== 'pointer') return lt;
  const a = classDeclOf(lt.pointee);
  const c = classDeclOf(rt.pointee);
  return a && c && a !== c && a.isDerivedFrom(c) ? rt : lt;
}

/** p + i, i + p, p - i (scaled by the pointee size) and p - q (divided by it). */
function pointerArithmetic(f: FnLower, op: string, l: Expr, r: Expr, e: Expr): VReg {
  const b = f.b;
  const lt = decayed(l.type);
  const rt = decayed(r.type);
  if (op === '-' && lt.kind === 'pointer' && rt.kind === 'pointer') {
    const size = elementSize(f, lt, e);
    const diff = b.bin('sub', rvalue(f, l), rvalue(f, r));
    return size === 1 ? diff : b.bin('div', diff, b.const('i32', size));
  }
  const [p, i] = lt.kind === 'pointer' ? [l, r] : [r, l];
  const pt = decayed(p.type);
  if (op !== '+' && op !== '-') unsupported(e.loc, `operator '${op}' on a pointer`);
  const base = rvalue(f, p === l ? l : r);
  const pv = p === l ? base : undefined;
  const idx = index32(f, i);
  const ptr = pv ?? base;
  const scaled = scale(f, idx, elementSize(f, pt, e));
  return b.bin(op === '-' ? 'sub' : 'add', ptr, scaled);
}

function elementSize(f: FnLower, pt: Type, e: Expr): number {
  if (pt.kind !== 'pointer') unsupported(e.loc, 'internal: pointer arithmetic on a non-pointer');
  const pointee = unqualified(pt.pointee);
  if (pointee.kind === 'builtin' && pointee.name === 'void') unsupported(e.loc, 'arithmetic on void pointers');
  return f.L.sizeOf(pointee);
}

/** An integral index as a 32-bit value (64-bit indices are narrowed, as addresses are 32-bit). */
export function index32(f: FnLower, i: Expr): VReg {
  const v = rvalue(f, i);
  return convertTo(f, v, i.type, isUnsignedType(i.type) ? types.UINT : INT_TYPE, i.loc);
}

function scale(f: FnLower, idx: VReg, size: number): VReg {
  if (size === 1) return idx;
  return f.b.bin('mul', idx, f.b.const('i32', size));
}

function unary(f: FnLower, e: Expr, vt: ValueType): VReg {
  const x = e.operands![0];
  const op = unwrapped(f.m.textOf(e))[0];
  if (op === '!') return boolFromCondition(f, e);
  const v = convertTo(f, rvalue(f, x), x.type, e.type, x.loc);
  const vector = vectorInfo(e.type);
  if (vector) return vectorUnary(f, op, vector, v, e.loc);
  if (op === '-') return f.b.un('neg', v);
  if (op === '~') return f.b.un('not', v);
  if (op === '+') return v;
  void vt;
  return unsupported(e.loc, `unary operator '${op}' is not supported yet`);
}

/**
 * An operator expression's text without the parentheses around it: the model keeps no operator for
 * unary and update expressions, and `(x)` carries the span of its parentheses.
 */
function unwrapped(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1).trim();
  return t;
}

/** 0/1 from a condition evaluated with branches (for &&, ||, ! as values). */
function boolFromCondition(f: FnLower, e: Expr): VReg {
  const b = f.b;
  const result = b.vreg('i32');
  const yes = b.newBlock();
  const no = b.newBlock();
  const join = b.newBlock();
  condition(f, e, yes, no);
  b.place(yes);
  b.copy(result, b.const('i32', 1));
  b.jump(join);
  b.place(no);
  b.copy(result, b.const('i32', 0));
  b.place(join);
  return result;
}

/** x++, x--, ++x, --x; returns the old value (postfix) or the new one (prefix, as an rvalue). */
function update(f: FnLower, e: Expr, wantValue: boolean): VReg {
  void wantValue;
  return updateAt(f, e, scalarPlace(f, e.operands![0]));
}

/** ++/-- on the operand at `place`. */
function updateAt(f: FnLower, e: Expr, place: ScalarPlace): VReg {
  const b = f.b;
  const x = e.operands![0];
  const text = unwrapped(f.m.textOf(e));
  const increment = text.startsWith('++') || text.endsWith('++');
  const prefix = text.startsWith('++') || text.startsWith('--');
  const t = unqualified(x.type);
  const vt = valueTypeOf(t);
  if (!vt) unsupported(e.loc, `'${increment ? '++' : '--'}' needs an arithmetic or pointer operand, not '${types.typeToString(t)}'`);
  const old = place.load();
  let next: VReg;
  if (t.kind === 'pointer') {
    next = b.bin(increment ? 'add' : 'sub', old, b.const('i32', elementSize(f, t, e)));
  } else if (t.kind === 'builtin' && t.name === 'bool') {
    if (!increment) unsupported(e.loc, 'decrementing a bool');
    next = b.const('i32', 1);
  } else {
    const work = promoted(t);
    const wv = convertTo(f, old, t, work, e.loc);
    const one = constant(f, wv.type, 1);
    next = convertTo(f, b.bin(increment ? 'add' : 'sub', wv, one), work, t, e.loc);
  }
  place.store(next);
  // a bit-field's new value is what it holds (the sum truncated to its width)
  return prefix ? (place.address ? next : place.load()) : old;
}

/**
 * `c ? x : y`: evaluates the condition, then `arm` on x or on y (each conditionally evaluated, so their
 * temporaries are destroyed behind a flag), joining afterwards. The one shape of every `?:` lowering.
 */
export function lowerConditional(f: FnLower, e: Expr, arm: (operand: Expr) => void): void {
  const b = f.b;
  const [c, x, y] = e.operands!;
  const yes = b.newBlock();
  const no = b.newBlock();
  const join = b.newBlock();
  condition(f, c, yes, no);
  f.conditional++;
  b.place(yes);
  arm(x);
  b.jump(join);
  b.place(no);
  arm(y);
  f.conditional--;
  b.place(join);
}

function conditionalValue(f: FnLower, e: Expr, vt: ValueType): VReg {
  const result = f.b.vreg(vt);
  lowerConditional(f, e, (x) => f.b.copy(result, valueAs(f, x, e.type, x.loc)));
  return result;
}

/** The value of `x` converted to the scalar type `to`: a class operand through its conversion function. */
export function valueAs(f: FnLower, x: Expr, to: Type, at: Loc = x.loc): VReg {
  if (isClassType(x.type)) return convertTo(f, undefined, x.type, to, at, x);
  return convertTo(f, rvalue(f, x), x.type, to, at);
}

function castValue(f: FnLower, e: Expr): VReg {
  const x = e.operands![0];
  const to = unqualified(e.type);
  const from = decayed(x.type);
  if (isClassType(from)) {
    return convertTo(f, undefined, x.type, to, e.loc, x);
  }
  const v = rvalue(f, x);
  if (from.kind === 'pointer' && to.kind === 'pointer') return pointerCast(f, v, from, to, e);
  return convertTo(f, v, from, to, e.loc);
}

/** Pointer casts between related classes adjust by the base's offset (not a reinterpret_cast; null stays null). */
function pointerCast(f: FnLower, v: VReg, from: Type & { kind: 'pointer' }, to: Type & { kind: 'pointer' }, e: Expr): VReg {
  if (e.operator === 'reinterpret_cast') return v;
  return adjustClassPointer(f, v, from, to);
}

/**
 * The address a reference of type `target&` bound to the glvalue `e` holds: the object's, or that of
 * its `target` base subobject.
 */
export function referenceTo(f: FnLower, e: Expr, target: Type): VReg {
  if (designatesBitField(e)) {
    // a `const T&` bound to a bit-field: to a temporary holding its value
    const t = unqualified(e.type);
    const slot = slotAddr(f.b.slot(f.L.sizeOf(t), f.L.alignOf(t), '.tmp'));
    f.b.store(memTypeOf(t), glvaluePlace(f, e).load(), slot);
    return f.b.addr(slot);
  }
  const addr = lvalue(f, e);
  return f.b.addr(offsetAddr(addr, classDelta(f, classDeclOf(e.type), classDeclOf(target))));
}

// ---- lvalues ----------------------------------------------------------------------------------------

/** The address of the object an expression designates (temporaries are materialised). */
export function lvalue(f: FnLower, e: Expr): Address {
  switch (e.kind) {
    case 'name': {
      const d = e.decl;
      if (d?.kind === 'var') return f.variableAddress(d as VarDecl, e.loc);
      if (d?.kind === 'function') return symAddr(f.m.functionSymbol(d, e.loc));
      break;
    }
    case 'function':
      // a function designator (a name that resolved to one function): its code's address
      if (e.decl?.kind === 'function') return symAddr(f.m.functionSymbol(e.decl, e.loc));
      break;
    case 'member':
      return memberAddress(f, e);
    case 'deref': {
      const p = e.operands![0];
      if (unqualified(p.type).kind === 'array') return lvalue(f, p);
      return regAddr(rvalue(f, p));
    }
    case 'subscript':
      return subscriptAddress(f, e);
    case 'string_literal':
    case 'concatenated_string':
    case 'raw_string_literal':
      return symAddr(f.m.stringLiteral(stringLiteralBytes(f.m.textOf(e), e.loc)));
    case 'implicit-this':
      return regAddr(f.thisPointer(e.loc));
    case 'assign':
      return assign(f, e);
    case 'update':
      if (e.cat === 'lvalue') {
        if (designatesBitField(e)) unsupported(e.loc, 'a bit-field has no address (binding a reference to it or taking its address is not supported)');
        const place = scalarPlace(f, e.operands![0]);
        updateAt(f, e, place);
        return place.address!;
      }
      break;
    case 'comma':
      discard(f, e.operands![0]);
      return lvalue(f, e.operands![1]);
    case 'call':
    case 'indirect-call':
    case 'user-conversion':
      if (e.cat !== 'prvalue') return regAddr(passes.lowerCall(f, e)!);
      return materialize(f, e);
    case 'cast':
      if (e.cat !== 'prvalue') return castAddress(f, e);
      return materialize(f, e);
    case 'conditional':
      if (e.cat !== 'prvalue') return conditionalAddress(f, e);
      return materialize(f, e);
    case 'construct':
    case 'initializer_list':
      return materialize(f, e);
  }
  if (e.cat === 'prvalue') return materialize(f, e);
  return unsupported(e.loc, `cannot take the address of this expression (${e.kind}) yet`);
}

export function addressOf(f: FnLower, e: Expr): VReg {
  return f.b.addr(lvalue(f, e));
}

/** A prvalue placed in a temporary of the current full-expression (destroyed at its end). */
export function materialize(f: FnLower, e: Expr): Address {
  const t = unqualified(e.type);
  const slot = slotAddr(f.b.slot(f.L.sizeOf(t), f.L.alignOf(t), '.tmp'));
  passes.initFromExpr(f, slot, t, e);
  const cls = classDeclOf(t);
  if (cls && passes.needsDestruction(cls)) f.addTemporary({ addr: slot, cls }, e.loc);
  if (t.kind === 'array') temporaryElements(f, slot, t, e.loc);
  return slot;
}

/** A temporary array (`A{a, b}`) of objects with destructors: each element is a temporary of its own, destroyed last to first. */
export function temporaryElements(f: FnLower, slot: Address, t: Type & { kind: 'array' }, at: Loc): void {
  const cls = classDeclOf(t.element);
  if (!cls || !passes.needsDestruction(cls)) return;
  if (unqualified(t.element).kind === 'array') unsupported(at, 'a temporary array of arrays of objects with destructors is not supported yet');
  const size = f.L.sizeOf(t.element);
  for (let i = 0; i < (t.length ?? 0); i++) f.addTemporary({ addr: offsetAddr(slot, i * size), cls }, at);
}

function memberAddress(f: FnLower, e: Expr): Address {
  const d = e.decl;
  if (d?.kind === 'var') {
    if (e.object && hasSideEffects(e.object)) discard(f, e.object);
    return f.variableAddress(d as VarDecl, e.loc);
  }
  if (d?.kind !== 'field') unsupported(e.loc, 'member access to something other than a data member');
  const field = d as FieldDecl;
  if (field.bitWidth !== undefined) unsupported(e.loc, 'a bit-field has no address (binding a reference to it or taking its address is not supported)');
  const at = offsetAddr(objectOf(f, e, field), f.L.fieldOffset(field.owner, field.name));
  if (field.type.kind === 'reference') return regAddr(f.b.load('i32', at, 'i32'));
  return at;
}

/** The address of the `field.owner` subobject a member expression selects from. */
function objectOf(f: FnLower, e: Expr, field: FieldDecl): Address {
  const obj = e.object!;
  const base = obj.cat === 'prvalue' ? materialize(f, obj) : lvalue(f, obj);
  const objCls = classDeclOf(obj.type);
  return objCls && objCls !== field.owner ? offsetAddr(base, passes.baseOffset(f, objCls, field.owner)) : base;
}

function subscriptAddress(f: FnLower, e: Expr): Address {
  let [a, i] = e.operands!;
  if (decayed(a.type).kind !== 'pointer') [a, i] = [i, a];
  const size = f.L.sizeOf(unqualified(e.type));
  const k = constantValue(i);
  const base = unqualified(a.type).kind === 'array' ? lvalue(f, a) : regAddr(rvalue(f, a));
  if (k !== undefined && Math.abs(Number(k) * size) < 0x10000) return offsetAddr(base, Number(k) * size);
  const idx = index32(f, i);
  const ptr = f.b.addr(base);
  return regAddr(f.b.bin('add', ptr, scale(f, idx, size)));
}

function castAddress(f: FnLower, e: Expr): Address {
  const x = e.operands![0];
  const addr = lvalue(f, x);
  if (e.operator === 'reinterpret_cast') return addr;
  return offsetAddr(addr, classDelta(f, classDeclOf(x.type), classDeclOf(e.type)));
}

function conditionalAddress(f: FnLower, e: Expr): Address {
  const result = f.b.vreg('i32');
  lowerConditional(f, e, (x) => f.b.copy(result, addressOf(f, x)));
  return regAddr(result);
}

// ---- assignment -------------------------------------------------------------------------------------

/** Built-in `=` and compound assignment on scalars; returns the left operand's address. */
function assign(f: FnLower, e: Expr): Address {
  const place = assignPlace(f, e);
  if (!place.address) return unsupported(e.loc, 'a bit-field has no address (binding a reference to it or taking its address is not supported)');
  return place.address;
}

/** Built-in `=` and compound assignment on scalars; returns where the left operand lives. */
function assignPlace(f: FnLower, e: Expr): ScalarPlace {
  const b = f.b;
  const op = e.operator ?? '=';
  const [l, r] = e.operands!;
  const t = unqualified(l.type);
  const vt = valueTypeOf(t);
  if (!vt) unsupported(e.loc, `assignment to an object of type '${types.typeToString(t)}' is not supported yet`);
  if (op !== '=' && vectorInfo(t)) {
    const place = scalarPlace(f, l);
    const bop = op.slice(0, -1);
    const v = vectorInfo(t)!;
    const result = (bop === '<<' || bop === '>>') && !vectorInfo(r.type)
      ? vectorShiftByScalar(f, bop, v, place.load(), r, () => convertTo(f, rvalue(f, r), r.type, INT_TYPE, r.loc), e.loc)
      : vectorBinary(f, bop, v, place.load(), convertTo(f, rvalue(f, r), r.type, bop === '<<' || bop === '>>' ? r.type : t, r.loc), true, t, e.loc);
    place.store(result);
    return place;
  }
  if (op === '=') {
    const v = r.list ? listScalar(f, r, t) : isClassType(r.type) ? convertTo(f, undefined, r.type, t, r.loc, r) : convertTo(f, rvalue(f, r), r.type, t, r.loc);
    const place = scalarPlace(f, l);
    place.store(v);
    return place;
  }
  const bop = op.slice(0, -1);
  // a class right operand (an element proxy) converts through its conversion function first
  const rType = isClassType(r.type) ? classOperandType(r.type, t) : r.type;
  const rv = isClassType(r.type) ? convertTo(f, undefined, r.type, rType, r.loc, r) : rvalue(f, r);
  const place = scalarPlace(f, l);
  const old = place.load();
  let result: VReg;
  if (t.kind === 'pointer') {
    const idx = convertTo(f, rv, rType, isUnsignedType(rType) ? types.UINT : INT_TYPE, r.loc);
    result = b.bin(bop === '-' ? 'sub' : 'add', old, scale(f, idx, elementSize(f, t, e)));
  } else {
    const kind = BIN[bop];
    if (!kind) unsupported(e.loc, `operator '${op}' is not supported yet`);
    const lType = bitFieldPromotion(l) ?? t;
    if (kind === 'shl' || kind === 'shr') {
      const work = promoted(lType);
      let count = convertTo(f, rv, rType, promoted(rType), r.loc);
      if (count.type === 'i64' && valueTypeOf(work) !== 'i64') count = b.conv('i64>i32', count, 'i32');
      result = convertTo(f, b.bin(kind, convertTo(f, old, t, work, e.loc), count, isUnsignedType(work)), work, t, e.loc);
    } else {
      const common = commonType(lType, rType);
      const a = convertTo(f, old, t, common, e.loc);
      const bv = convertTo(f, rv, rType, common, r.loc);
      result = convertTo(f, b.bin(kind, a, bv, isUnsignedType(common)), common, t, e.loc);
    }
  }
  place.store(result);
  return place;
}

/** Where a scalar lvalue lives: at an address, or in a bit-field (no address). */
interface ScalarPlace {
  readonly address?: Address;
  load(): VReg;
  store(v: VReg): void;
}

/** The place an lvalue of scalar type designates (its address evaluated once, here). */
function scalarPlace(f: FnLower, e: Expr): ScalarPlace {
  if (isBitFieldDesignator(e)) {
    const p = bitPlace(objectOf(f, e, e.decl as FieldDecl), e.decl as FieldDecl);
    return { load: () => readBits(f, p), store: (v) => writeBits(f, p, v) };
  }
  const t = unqualified(e.type);
  const address = lvalue(f, e);
  const mem = memTypeOf(t);
  const vt = valueTypeOf(t)!;
  const tag = accessTag(f, e);
  return { address, load: () => f.b.load(mem, address, vt, tag), store: (v) => f.b.store(mem, v, address, tag) };
}

/** Whether a glvalue is a bit-field: a member naming one, or an assignment or prefix ++/-- of one. */
function designatesBitField(e: Expr): boolean {
  if (e.kind === 'assign' || e.kind === 'update') return !e.callee && !!e.operands?.length && designatesBitField(e.operands[0]);
  if (e.kind === 'comma') return designatesBitField(e.operands![1]);
  return isBitFieldDesignator(e);
}

/** The place of a glvalue that designates a bit-field (evaluating its side effects). */
function glvaluePlace(f: FnLower, e: Expr): ScalarPlace {
  if (e.kind === 'assign') return assignPlace(f, e);
  if (e.kind === 'comma') {
    discard(f, e.operands![0]);
    return glvaluePlace(f, e.operands![1]);
  }
  if (e.kind === 'update') {
    const place = scalarPlace(f, e.operands![0]);
    updateAt(f, e, place);
    return place;
  }
  return scalarPlace(f, e);
}

/** The type a class operand converts to: its one conversion function's, else the other operand's. */
function classOperandType(cls: Type, other: Type): Type {
  const decl = classDeclOf(cls)!;
  isCompleteClass(decl);
  const convs = decl.conversionFunctions().filter((c) => !cls.const || c.isConst);
  return convs.length === 1 ? types.nonReference(convs[0].ret) : other;
}

/** `x = {}` / `x = {v}` for a scalar. */
function listScalar(f: FnLower, r: Expr, t: Type): VReg {
  const list = r.list ?? [];
  if (list.length === 0) return constant(f, valueTypeOf(t)!, 0);
  return convertTo(f, rvalue(f, list[0]), list[0].type, t, list[0].loc);
}

// ---- conditions and discarded values ----------------------------------------------------------------

/** Branches to `yes` or `no` on the truth of `e`. */
export function condition(f: FnLower, e: Expr, yes: Block, no: Block): void {
  const b = f.b;
  const k = constantValue(e);
  if (k !== undefined && !hasSideEffects(e)) {
    b.jump(Number(k) !== 0 ? yes : no);
    return;
  }
  if (e.kind === 'binary' && (e.operator === '&&' || e.operator === '||')) {
    const [l, r] = e.operands!;
    const mid = b.newBlock();
    if (e.operator === '&&') condition(f, l, mid, no);
    else condition(f, l, yes, mid);
    b.place(mid);
    f.conditional++;
    condition(f, r, yes, no);
    f.conditional--;
    return;
  }
  if (e.kind === 'comma') {
    discard(f, e.operands![0]);
    condition(f, e.operands![1], yes, no);
    return;
  }
  if (e.kind === 'unary' && unwrapped(f.m.textOf(e)).startsWith('!')) {
    condition(f, e.operands![0], no, yes);
    return;
  }
  b.branch(valueAs(f, e, BOOL_TYPE, e.loc), yes, no);
}

/** Evaluates an expression whose value is not used. */
export function discard(f: FnLower, e: Expr): void {
  const t = unqualified(e.type);
  switch (e.kind) {
    case 'comma':
      discard(f, e.operands![0]);
      discard(f, e.operands![1]);
      return;
    case 'call':
    case 'indirect-call':
    case 'user-conversion':
      if (isClassType(t) && e.cat === 'prvalue') materialize(f, e);
      else passes.lowerCall(f, e);
      return;
    case 'assign':
      if (isClassType(t)) passes.lowerCall(f, e);
      else assignPlace(f, e);
      return;
    case 'update':
      if (e.callee) passes.lowerCall(f, e);
      else update(f, e, false);
      return;
    case 'cast':
      if (t.kind === 'builtin' && t.name === 'void') {
        discard(f, e.operands![0]);
        return;
      }
      break;
    case 'conditional': {
      if (isClassType(t)) break;
      const [c, x, y] = e.operands!;
      const yes = f.b.newBlock();
      const no = f.b.newBlock();
      const join = f.b.newBlock();
      condition(f, c, yes, no);
      f.conditional++;
      f.b.place(yes);
      discard(f, x);
      f.b.jump(join);
      f.b.place(no);
      discard(f, y);
      f.conditional--;
      f.b.place(join);
      return;
    }
    case 'binary':
      if (e.operator === '&&' || e.operator === '||') {
        const join = f.b.newBlock();
        condition(f, e, join, join);
        f.b.place(join);
        return;
      }
      break;
  }
  if (!hasSideEffects(e)) return;
  if (isClassType(t)) lvalue(f, e);
  else if (valueTypeOf(t)) rvalue(f, e);
  else if (e.operands) for (const o of e.operands) discard(f, o);
}

/** Whether evaluating `e` may do anything observable (calls, assignments, increments). */
export function hasSideEffects(e: Expr): boolean {
  if (e.kind === 'call' || e.kind === 'indirect-call' || e.kind === 'assign' || e.kind === 'update' || e.kind === 'construct' || e.kind === 'user-conversion' || e.callee) return true;
  if (e.operands?.some(hasSideEffects)) return true;
  if (e.object && hasSideEffects(e.object)) return true;
  return !!e.list?.some(hasSideEffects);
}

export type { FunctionDecl };
