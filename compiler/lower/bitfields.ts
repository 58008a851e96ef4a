// Bit-fields: reads (the unit loaded, the field's bits shifted down and zero- or sign-extended by the
// declared type's signedness — plain `int` is signed, `bool` and enums without negative enumerators
// and without a fixed type unsigned, as GCC does), writes (a read-modify-write of the unit), member
// initialisation and constant images. The unit is an object of the declared type at the offset
// layout.ts gives (language/model/layout.ts: GCC's rules for little-endian Xtensa).

import { types } from '../../language';
import type { ClassDecl, FieldDecl, Loc, Expr, Type } from '../../language/model';
import { classLayout, type FieldLayout } from '../../language/model';
import { offsetAddr } from '../ir/builder';
import type { Address, MemType, VReg } from '../ir/ir';
import { convertTo } from './conversions';
import { unsupported } from './errors';
import { passes, type FnLower } from './function';
import { isClassType, isUnsignedType, scalarBase, valueTypeOf } from './types';

/** A bit-field of a particular object: its unit's address and how its bits sit there. */
export interface BitPlace {
  readonly unit: Address;
  readonly type: Type;
  readonly layout: FieldLayout;
}

/** The layout of a field when it is a bit-field. */
export function bitFieldLayout(cls: ClassDecl, fd: FieldDecl): FieldLayout | undefined {
  if (fd.bitWidth === undefined) return undefined;
  const l = classLayout(cls)?.fields.find((x) => x.name === fd.name);
  return l?.bitWidth !== undefined ? l : undefined;
}

/** A member expression naming a bit-field. */
export function isBitFieldDesignator(e: Expr): boolean {
  return e.kind === 'member' && e.decl?.kind === 'field' && (e.decl as FieldDecl).bitWidth !== undefined;
}

/** The bit-field `fd` of the object whose (field owner's) address is `object`. */
export function bitPlace(object: Address, fd: FieldDecl): BitPlace {
  const layout = bitFieldLayout(fd.owner, fd);
  if (!layout) return unsupported(fd.loc, `internal: no layout for bit-field '${fd.name}'`);
  return { unit: offsetAddr(object, layout.offset), type: fd.type, layout };
}

/** Whether reads of a bit-field of type `t` sign-extend. */
export function bitFieldSigned(t: Type): boolean {
  const u = types.unqualified(t);
  if (u.kind === 'enum' && !u.decl.fixed) return hasNegativeEnumerator(u.decl.scope.members);
  const b = scalarBase(u);
  if (b.kind === 'builtin' && b.name === 'bool') return false;
  return !isUnsignedType(b);
}

function hasNegativeEnumerator(members: Map<string, readonly { kind: string }[]>): boolean {
  for (const list of members.values()) for (const d of list) if (d.kind === 'enumerator' && (d as { value?: number }).value! < 0) return true;
  return false;
}

const UNIT_MEM: Record<number, MemType> = { 1: 'u8', 2: 'u16', 4: 'i32', 8: 'i64' };

function unitAccess(p: BitPlace): { mem: MemType; wide: boolean; bits: number } {
  const size = p.layout.size;
  return { mem: UNIT_MEM[size] ?? 'i32', wide: size === 8, bits: size === 8 ? 64 : 32 };
}

function k(f: FnLower, wide: boolean, v: bigint): VReg {
  return wide ? f.b.const('i64', BigInt.asIntN(64, v)) : f.b.const('i32', Number(BigInt.asIntN(32, v)));
}

/** The value of a bit-field, as a value of its declared type. */
export function readBits(f: FnLower, p: BitPlace): VReg {
  const b = f.b;
  const { mem, wide, bits } = unitAccess(p);
  const off = p.layout.bitOffset!;
  const width = p.layout.bitWidth!;
  const unit = b.load(mem, p.unit, wide ? 'i64' : 'i32');
  const left = bits - off - width;
  const up = left > 0 ? b.bin('shl', unit, k(f, wide, BigInt(left))) : unit;
  const down = bits - width;
  let v = down > 0 ? b.bin('shr', up, k(f, wide, BigInt(down)), !bitFieldSigned(p.type)) : up;
  const vt = valueTypeOf(p.type);
  if (wide && vt === 'i32') v = b.conv('i64>i32', v, 'i32');
  return v;
}

/** Stores `v` (a value of the declared type) into the bit-field: the unit's other bits are kept. */
export function writeBits(f: FnLower, p: BitPlace, v: VReg): void {
  const b = f.b;
  const { mem, wide } = unitAccess(p);
  const off = BigInt(p.layout.bitOffset!);
  const mask = (1n << BigInt(p.layout.bitWidth!)) - 1n;
  let value = v;
  if (wide && value.type === 'i32') value = b.conv(bitFieldSigned(p.type) ? 'i32>i64s' : 'i32>i64u', value, 'i64');
  const bitsIn = b.bin('shl', b.bin('and', value, k(f, wide, mask)), k(f, wide, off));
  const old = b.load(mem, p.unit, wide ? 'i64' : 'i32');
  const kept = b.bin('and', old, k(f, wide, ~(mask << off)));
  b.store(mem, b.bin('or', kept, bitsIn), p.unit);
}

/** Initialises the bit-field `fd` of the object at `object` from `arg` (zero without one). */
export function initBitField(f: FnLower, object: Address, fd: FieldDecl, arg: Expr | undefined): void {
  const p = bitPlace(object, fd);
  const vt = valueTypeOf(fd.type) ?? 'i32';
  let src = arg;
  if (src?.list) {
    if (src.list.length > 1) unsupported(src.loc, `too many initialisers for bit-field '${fd.name}'`);
    src = src.list[0];
  }
  const v = src ? convertTo(f, isClassType(src.type) ? undefined : passes.rvalue(f, src), src.type, fd.type, src.loc, src) : f.b.const(vt, vt === 'i64' ? 0n : 0);
  writeBits(f, p, v);
}

/** Copies the bit-field `fd` from the object at `src` to the one at `dst` (a member-wise copy). */
export function copyBitField(f: FnLower, dst: Address, src: Address, fd: FieldDecl): void {
  writeBits(f, bitPlace(dst, fd), readBits(f, bitPlace(src, fd)));
}

/** Puts a constant into a bit-field of an image (a constant global's bytes, little-endian). */
export function writeBitsImage(bytes: Uint8Array, objectOffset: number, layout: FieldLayout, t: Type, v: number | bigint): void {
  const u = scalarBase(t);
  const n = u.kind === 'builtin' && u.name === 'bool' ? BigInt(Number(v) !== 0 ? 1 : 0) : typeof v === 'bigint' ? v : BigInt(Math.trunc(v));
  const x = BigInt.asUintN(layout.bitWidth!, n);
  const start = objectOffset * 8 + layout.offset * 8 + layout.bitOffset!;
  for (let i = 0; i < layout.bitWidth!; i++) {
    const bit = start + i;
    const byte = bit >> 3;
    const m = 1 << (bit & 7);
    if ((x >> BigInt(i)) & 1n) bytes[byte] |= m;
    else bytes[byte] &= ~m;
  }
}

/** Whether a class has bit-fields (aggregate initialisation then clears the object first). */
export function hasBitFields(cls: ClassDecl): boolean {
  return cls.fields.some((fd) => fd.bitWidth !== undefined);
}

/**
 * A bit-field member not given a value by a brace list or a mem-initialiser: its default member
 * initialiser (C++20's `int x : 3 = 1;`) when it has one. Returns whether it was initialised.
 */
export function defaultBitFieldInit(f: FnLower, object: Address, fd: FieldDecl): boolean {
  const init = f.m.model.memberInitialiserOf(fd);
  if (!init) return false;
  if (init.args.length > 1) unsupported(fd.loc, `too many initialisers for bit-field '${fd.name}'`);
  const run = () => initBitField(f, object, fd, init.args[0]);
  if (f.temporaries) run();
  else f.fullExpression(run);
  return true;
}

/** A bit-field in a constructor's prologue: its mem-initialiser's value, else its default initialiser. */
export function constructBitField(f: FnLower, object: Address, fd: FieldDecl, init: { args: Expr[]; loc: Loc } | undefined): void {
  if (!init) {
    defaultBitFieldInit(f, object, fd);
    return;
  }
  if (init.args.length > 1) unsupported(init.loc, 'a member initialiser with several values for a non-class member');
  f.b.stmt(f.pos(init.loc));
  f.fullExpression(() => initBitField(f, object, fd, init.args[0]));
}
