// Values of the debugged program: a type plus the place it lives (local memory, HBM, a register,
// pieces of those, or computed bytes), read and written through the injected TargetView. Variables
// are located from their DWARF location at the frame's PC (frame base, CFA from .debug_frame).

import { halfToNumber } from '../../tensors/binary16';
import { ArrayType, DType, Member, VOID, isUnsignedType, strip } from '../dtypes';
import { ivpRegisterName } from '../constants';
import { Loc, LocationError, evalLocation } from '../location';
import type { Program, VariableInfo } from '../program';

/** What the debugger sees of a stopped core (one frame of it). */
export interface TargetView {
  readMemory(addr: number, len: number): Uint8Array | undefined;
  /** The frame's register by DWARF number (Xtensa: 0..15 = a0..a15 of the frame's window). */
  readRegister(dwarfRegNo: number): number | undefined;
  /** The frame's PC (for callers: the return address minus one, so it lies in the call). */
  readonly pc: number;
  /** The canonical frame address, if the caller knows it (otherwise computed from .debug_frame). */
  readonly cfa?: number;
  /** Which function of the PC's inlined calls the frame is (Program.inlinedFramesAt; 0, the default: the innermost). */
  readonly inlineDepth?: number;
  /** Device HBM (64-bit addresses), as the session layer provides it. */
  readHbm?(addr: bigint, len: number): Uint8Array | undefined;
  writeMemory?(addr: number, bytes: Uint8Array): boolean;
  writeRegister?(dwarfRegNo: number, value: number): boolean;
  writeHbm?(addr: bigint, bytes: Uint8Array): boolean;
  /** A whole IVP register by DWARF number (constants.ts: IVP_DWARF_FILES), when the frame has it. */
  readVectorRegister?(dwarfRegNo: number): Uint8Array | undefined;
  writeVectorRegister?(dwarfRegNo: number, bytes: Uint8Array): boolean;
}

/** A user-facing inspection failure (a clear message; never a crash). */
export class InspectError extends Error {}

export type Place =
  | { readonly kind: 'memory'; readonly addr: number }
  | { readonly kind: 'hbm'; readonly addr: bigint }
  | { readonly kind: 'register'; readonly reg: number }
  | { readonly kind: 'pieces'; readonly pieces: readonly { readonly place?: Place; readonly size: number }[] }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'unavailable'; readonly reason: string }
  /** A pointer or reference optimized away: it designates `offset` bytes into the variable at DIE `die`. */
  | { readonly kind: 'implicit-pointer'; readonly die: number; readonly offset: number };

/** A strided view of HBM elements (accessors, tensors): one dimension per size. */
export interface HbmView {
  readonly element: DType;
  readonly base: bigint;
  readonly sizes: readonly bigint[];
  readonly strides: readonly bigint[];
}

export interface Value {
  readonly type: DType;
  readonly place: Place;
  /** Bit-fields: the bits of the place holding the value. */
  readonly bits?: { readonly offset: number; readonly size: number };
  /** Set for accessor-like values whose subscripts index HBM. */
  readonly view?: HbmView;
}

export interface InspectContext {
  readonly program: Program;
  readonly target: TargetView;
}

export function base(name: string, size: number, encoding: number): DType {
  return { kind: 'base', name, size, encoding, die: -1 };
}
export const T = {
  bool: base('bool', 1, 0x02), char: base('char', 1, 0x06), int: base('int', 4, 0x05), uint: base('unsigned int', 4, 0x07),
  long: base('long', 4, 0x05), ulong: base('unsigned long', 4, 0x07), llong: base('long long', 8, 0x05), ullong: base('unsigned long long', 8, 0x07),
  float: base('float', 4, 0x04), double: base('double', 8, 0x04), short: base('short', 2, 0x05), ushort: base('unsigned short', 2, 0x07),
  schar: base('signed char', 1, 0x06), uchar: base('unsigned char', 1, 0x08),
} as const;

export function bytesValue(type: DType, bytes: Uint8Array): Value {
  return { type, place: { kind: 'bytes', bytes } };
}

export function arrayType(element: DType, count: number): ArrayType {
  return { kind: 'array', element, count, size: element.size * count, die: -1, name: `${element.name}[${count}]` };
}

function placeFromLoc(l: Loc): Place {
  switch (l.kind) {
    case 'memory': return { kind: 'memory', addr: l.addr };
    case 'register': return { kind: 'register', reg: l.reg };
    case 'implicit': return { kind: 'bytes', bytes: l.bytes };
    case 'value': {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigUint64(0, BigInt.asUintN(64, l.value), true);
      return { kind: 'bytes', bytes: b };
    }
    case 'pieces': return { kind: 'pieces', pieces: l.pieces.map((p) => ({ place: p.loc ? placeFromLoc(p.loc) : undefined, size: p.size })) };
    case 'implicit-pointer': return { kind: 'implicit-pointer', die: l.die, offset: l.offset };
  }
}

/** The CFA of the target's frame: given, or from the .debug_frame rule at its PC. */
export function frameCfa(ctx: InspectContext): number | undefined {
  if (ctx.target.cfa !== undefined) return ctx.target.cfa;
  const rule = ctx.program.frames.ruleAt(ctx.target.pc);
  if (!rule || rule.register === undefined) return undefined;
  const r = ctx.target.readRegister(rule.register);
  return r === undefined ? undefined : (r + rule.offset) >>> 0;
}

function exprContext(ctx: InspectContext): import('../location').ExprContext {
  const { program, target } = ctx;
  return {
    readRegister: (n) => target.readRegister(n),
    readMemory: (a, n) => target.readMemory(a, n),
    cfa: () => frameCfa(ctx),
    frameBase: () => {
      const fn = program.functionAt(target.pc);
      const e = program.locationAt(fn?.frameBase, target.pc);
      if (!e) return undefined;
      const l = evalLocation(e, { readRegister: (n) => target.readRegister(n), readMemory: (a, n) => target.readMemory(a, n), cfa: () => frameCfa(ctx) });
      if (l.kind === 'memory') return l.addr;
      if (l.kind === 'register') return target.readRegister(l.reg);
      return undefined;
    },
  };
}

/** The value of a variable in the target's frame (an unavailable place when it cannot be located). */
export function variableValue(ctx: InspectContext, v: VariableInfo): Value {
  if (!v.location) {
    if (v.constValue !== undefined) {
      const b = new Uint8Array(Math.max(strip(v.type).size, 1));
      const c = v.constValue;
      if (c instanceof Uint8Array) b.set(c.subarray(0, b.length));
      else if (typeof c === 'number') new DataView(b.buffer).setBigInt64(0, BigInt(Math.trunc(c)), true);
      return { type: v.type, place: { kind: 'bytes', bytes: b.length >= 8 ? b : b } };
    }
    return { type: v.type, place: { kind: 'unavailable', reason: 'optimized out' } };
  }
  const e = ctx.program.locationAt(v.location, ctx.target.pc);
  if (!e) return { type: v.type, place: { kind: 'unavailable', reason: 'optimized out' } };
  try {
    return { type: v.type, place: placeFromLoc(evalLocation(e, exprContext(ctx))) };
  } catch (err) {
    const reason = err instanceof LocationError ? err.message : `bad location: ${(err as Error).message}`;
    return { type: v.type, place: { kind: 'unavailable', reason } };
  }
}

/** The bytes of a value (its type's size). */
export function readBytes(ctx: InspectContext, v: Value, size = strip(v.type).size): Uint8Array {
  return readPlace(ctx, v.place, size);
}

export function readPlace(ctx: InspectContext, p: Place, size: number): Uint8Array {
  switch (p.kind) {
    case 'memory': {
      const b = ctx.target.readMemory(p.addr >>> 0, size);
      if (!b || b.length < size) throw new InspectError(`cannot read ${size} bytes at 0x${(p.addr >>> 0).toString(16)}`);
      return b;
    }
    case 'hbm': {
      if (!ctx.target.readHbm) throw new InspectError('HBM is not readable here');
      const b = ctx.target.readHbm(p.addr, size);
      if (!b || b.length < size) throw new InspectError(`cannot read ${size} bytes of HBM at 0x${p.addr.toString(16)}`);
      return b;
    }
    case 'register': {
      if (ivpRegisterName(p.reg)) {
        const b = ctx.target.readVectorRegister?.(p.reg);
        if (!b) throw new InspectError(`${ivpRegisterName(p.reg)} is not available in this frame`);
        return b.subarray(0, size);
      }
      const out = new Uint8Array(size);
      for (let k = 0; k < size; k += 4) {
        const r = ctx.target.readRegister(p.reg + k / 4);
        if (r === undefined) throw new InspectError(`register ${p.reg + k / 4} is not available in this frame`);
        const w = new Uint8Array(4);
        new DataView(w.buffer).setUint32(0, r >>> 0, true);
        out.set(w.subarray(0, Math.min(4, size - k)), k);
      }
      return out;
    }
    case 'pieces': {
      const out = new Uint8Array(Math.max(size, p.pieces.reduce((s, x) => s + x.size, 0)));
      let at = 0;
      for (const piece of p.pieces) {
        if (!piece.place) throw new InspectError('optimized out (part of the value)');
        out.set(readPlace(ctx, piece.place, piece.size).subarray(0, piece.size), at);
        at += piece.size;
      }
      return out.subarray(0, size);
    }
    case 'bytes': {
      if (p.bytes.length >= size) return p.bytes.subarray(0, size);
      const out = new Uint8Array(size);
      out.set(p.bytes);
      return out;
    }
    case 'unavailable':
      throw new InspectError(p.reason);
    case 'implicit-pointer':
      throw new InspectError('optimized out (an implicit pointer: the value it points to is known)');
  }
}

/** Writes bytes to a place (memory, HBM, registers, pieces); false when the target has no writer. */
export function writePlace(ctx: InspectContext, p: Place, bytes: Uint8Array): void {
  const t = ctx.target;
  switch (p.kind) {
    case 'memory':
      if (!t.writeMemory?.(p.addr >>> 0, bytes)) throw new InspectError(`cannot write memory at 0x${(p.addr >>> 0).toString(16)}`);
      return;
    case 'hbm':
      if (!t.writeHbm?.(p.addr, bytes)) throw new InspectError(`cannot write HBM at 0x${p.addr.toString(16)}`);
      return;
    case 'register': {
      if (ivpRegisterName(p.reg)) {
        const cur = t.readVectorRegister?.(p.reg);
        if (!cur) throw new InspectError(`cannot write ${ivpRegisterName(p.reg)} in this frame`);
        const next = Uint8Array.from(cur);
        next.set(bytes.subarray(0, next.length));
        if (!t.writeVectorRegister?.(p.reg, next)) throw new InspectError(`cannot write ${ivpRegisterName(p.reg)} in this frame`);
        return;
      }
      for (let k = 0; k < bytes.length; k += 4) {
        const w = new Uint8Array(4);
        const old = t.readRegister(p.reg + k / 4) ?? 0;
        new DataView(w.buffer).setUint32(0, old >>> 0, true);
        w.set(bytes.subarray(k, Math.min(k + 4, bytes.length)));
        if (!t.writeRegister?.(p.reg + k / 4, new DataView(w.buffer).getUint32(0, true))) throw new InspectError(`cannot write register ${p.reg + k / 4}`);
      }
      return;
    }
    case 'pieces': {
      let at = 0;
      for (const piece of p.pieces) {
        if (!piece.place) throw new InspectError('cannot write an optimized-out part of the value');
        writePlace(ctx, piece.place, bytes.subarray(at, at + piece.size));
        at += piece.size;
      }
      return;
    }
    default:
      throw new InspectError('not an lvalue: the value has no place in memory or registers');
  }
}

/** Moves a place by `off` bytes (a member, an element). */
export function offsetPlace(ctx: InspectContext, p: Place, off: number, size: number): Place {
  switch (p.kind) {
    case 'memory': return { kind: 'memory', addr: (p.addr + off) >>> 0 };
    case 'hbm': return { kind: 'hbm', addr: p.addr + BigInt(off) };
    case 'unavailable': return p;
    case 'implicit-pointer': return { kind: 'unavailable', reason: 'optimized out' };
    case 'register':
      if (off % 4 === 0 && !ivpRegisterName(p.reg)) return { kind: 'register', reg: p.reg + off / 4 };
      break;
    case 'pieces': {
      let at = 0;
      for (const piece of p.pieces) {
        if (off >= at && off + size <= at + piece.size) return piece.place ? offsetPlace(ctx, piece.place, off - at, size) : { kind: 'unavailable', reason: 'optimized out' };
        at += piece.size;
      }
      break;
    }
  }
  try {
    return { kind: 'bytes', bytes: readPlace(ctx, p, off + size).slice(off, off + size) };
  } catch (e) {
    return { kind: 'unavailable', reason: (e as Error).message };
  }
}

/** Element `i` of an array: `element.size` bytes apart, or (a predicate's lanes) one bit every `bitStride` bits. */
export function elementValue(ctx: InspectContext, v: Value, s: ArrayType, i: number): Value {
  if (s.bitStride !== undefined) {
    const bit = i * s.bitStride;
    return { type: s.element, place: offsetPlace(ctx, v.place, Math.floor(bit / 8), 1), bits: { offset: bit % 8, size: 1 } };
  }
  const es = Math.max(s.element.size, 1);
  return { type: s.element, place: offsetPlace(ctx, v.place, i * es, es) };
}

/** The address a value has in local memory or HBM (for "memory reference" and `&`). */
export function addressOf(v: Value): number | bigint | undefined {
  if (v.bits) return undefined;
  return v.place.kind === 'memory' ? v.place.addr >>> 0 : v.place.kind === 'hbm' ? v.place.addr : undefined;
}

export function memberValue(ctx: InspectContext, v: Value, m: Member): Value {
  if (m.bitSize !== undefined) {
    const byte = Math.floor(m.bitOffset! / 8);
    const span = Math.ceil((m.bitOffset! % 8 + m.bitSize) / 8);
    return { type: m.type, place: offsetPlace(ctx, v.place, byte, span), bits: { offset: m.bitOffset! % 8, size: m.bitSize } };
  }
  return { type: m.type, place: offsetPlace(ctx, v.place, m.offset, Math.max(strip(m.type).size, 1)) };
}

/** Follows references: a `T&` value becomes the T it refers to. */
export function deref(ctx: InspectContext, v: Value): Value {
  const s = strip(v.type);
  if (s.kind !== 'reference' && s.kind !== 'rvalue-reference') return v;
  if (v.place.kind === 'implicit-pointer') return implicitTarget(ctx, v.place, s.target);
  const addr = Number(readUnsigned(ctx, v));
  return { type: s.target, place: { kind: 'memory', addr } };
}

/** What an implicit pointer designates: the variable at its DIE, moved by its offset. */
export function implicitTarget(ctx: InspectContext, p: { die: number; offset: number }, type: DType): Value {
  const target = ctx.program.variableAtDie(p.die);
  if (!target) return { type, place: { kind: 'unavailable', reason: 'optimized out' } };
  const whole = variableValue(ctx, target);
  return { type, place: offsetPlace(ctx, whole.place, p.offset, Math.max(strip(type).size, 1)) };
}

export function readUnsigned(ctx: InspectContext, v: Value): bigint {
  const size = Math.min(Math.max(strip(v.type).size, 1), 8);
  if (v.bits) {
    const b = readPlace(ctx, v.place, Math.ceil((v.bits.offset + v.bits.size) / 8));
    return BigInt.asUintN(v.bits.size, leBig(b) >> BigInt(v.bits.offset));
  }
  return leBig(readBytes(ctx, v, size));
}

/** The integer a value holds (sign-extended by its type; bools, chars, enums, pointers included). */
export function readInteger(ctx: InspectContext, v: Value): bigint {
  const u = readUnsigned(ctx, v);
  const bits = v.bits ? v.bits.size : Math.min(Math.max(strip(v.type).size, 1), 8) * 8;
  return isUnsignedType(v.type) ? u : BigInt.asIntN(bits, u);
}

export function leBig(b: Uint8Array): bigint {
  let r = 0n;
  for (let k = b.length - 1; k >= 0; k--) r = (r << 8n) | BigInt(b[k]);
  return r;
}

export function bigLe(v: bigint, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let x = BigInt.asUintN(size * 8, v);
  for (let k = 0; k < size; k++) {
    out[k] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

export function readFloat(ctx: InspectContext, v: Value): number {
  const size = strip(v.type).size;
  const b = readBytes(ctx, v, size);
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (size === 2) return halfToNumber(dv.getUint16(0, true));
  return size === 4 ? dv.getFloat32(0, true) : dv.getFloat64(0, true);
}

export const UNKNOWN: Value = { type: VOID, place: { kind: 'unavailable', reason: 'no value' } };
