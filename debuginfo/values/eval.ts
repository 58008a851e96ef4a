// Evaluation of parsed expressions in a frame's context, read-only: names (locals and parameters
// at the PC, members of *this, globals), members, subscripts (arrays, pointers, and accessors and
// tensors through their HBM view — no guest code runs), unary * and &, casts, C++ arithmetic with
// the usual conversions (64-bit exact through BigInt), comparisons, logical operators and ?:.
// Assignment (setValue) converts a value to the destination's type and writes it through the
// TargetView's writers. Every failure is an InspectError with a plain message.

import { numberToHalf } from '../../tensors/binary16';
import { ATE } from '../types';
import { DType, pointerTo, strip } from '../dtypes';
import { viewChild } from './children';
import { Expr, ExprError, parseExpr } from './parse';
import { PrettyRegistry, elementRefTarget, findMember } from './pretty';
import {
  InspectContext, InspectError, T, Value, addressOf, implicitTarget, bigLe, bytesValue, deref, elementValue, readBytes, readFloat, readInteger, readPlace,
  readUnsigned, variableValue, writePlace,
} from './value';

type Scalar =
  | { k: 'int'; v: bigint; type: DType }
  | { k: 'float'; v: number; type: DType }
  | { k: 'ptr'; v: bigint; type: DType };

const BUILTIN: Record<string, DType> = {
  int: T.int, 'signed int': T.int, signed: T.int, unsigned: T.uint, 'unsigned int': T.uint, char: T.char, 'signed char': T.schar,
  'unsigned char': T.uchar, short: T.short, 'short int': T.short, 'unsigned short': T.ushort, 'unsigned short int': T.ushort,
  long: T.long, 'long int': T.long, 'unsigned long': T.ulong, 'long long': T.llong, 'long long int': T.llong,
  'unsigned long long': T.ullong, 'unsigned long long int': T.ullong, float: T.float, double: T.double, bool: T.bool,
  void: { kind: 'void', name: 'void', size: 0, die: -1 },
};

export class Evaluator {
  constructor(
    readonly ctx: InspectContext,
    readonly pretty: PrettyRegistry,
  ) {}

  /** Parses and evaluates `src`; throws InspectError. */
  evaluate(src: string): Value {
    let e: Expr;
    try {
      e = parseExpr(src, (n) => this.typeNamed(n) !== undefined);
    } catch (err) {
      if (err instanceof ExprError) throw new InspectError(`cannot parse '${src}': ${err.message}`);
      throw err;
    }
    return this.eval(e);
  }

  /** Writes `valueSrc` (an expression) into the place `targetSrc` designates. */
  assign(targetSrc: string, valueSrc: string): Value {
    const dst = this.evaluate(targetSrc);
    return this.assignValue(dst, this.evaluate(valueSrc));
  }

  assignValue(dstIn: Value, src: Value): Value {
    const dst = this.lvalue(dstIn);
    const t = strip(dst.type);
    let bytes: Uint8Array;
    if (t.kind === 'base' && t.encoding === ATE.float) {
      const f = this.toNumber(src);
      bytes = new Uint8Array(t.size);
      const dv = new DataView(bytes.buffer);
      if (t.size === 4) dv.setFloat32(0, f, true);
      else if (t.size === 8) dv.setFloat64(0, f, true);
      else if (t.size === 2) dv.setUint16(0, numberToHalf(f), true);
      else throw new InspectError(`cannot write a ${t.size}-byte float`);
    } else if (t.kind === 'base' || t.kind === 'enum' || t.kind === 'pointer') {
      const s = this.scalar(src);
      const n = s.k === 'float' ? BigInt(Math.trunc(s.v)) : s.v;
      if (t.kind === 'base' && t.encoding === ATE.boolean) bytes = bigLe(n !== 0n ? 1n : 0n, t.size);
      else bytes = bigLe(n, t.size);
      if (dst.bits) {
        const span = Math.ceil((dst.bits.offset + dst.bits.size) / 8);
        const old = readPlace(this.ctx, dst.place, span);
        let word = 0n;
        for (let k = span - 1; k >= 0; k--) word = (word << 8n) | BigInt(old[k]);
        const mask = ((1n << BigInt(dst.bits.size)) - 1n) << BigInt(dst.bits.offset);
        word = (word & ~mask) | ((BigInt.asUintN(dst.bits.size, n) << BigInt(dst.bits.offset)) & mask);
        bytes = bigLe(word, span);
      }
    } else {
      throw new InspectError(`cannot assign to a value of type ${dst.type.name} (only integers, floats, enums and pointers)`);
    }
    writePlace(this.ctx, dst.place, bytes);
    return dst;
  }

  private lvalue(v: Value): Value {
    const s = strip(v.type);
    if (s.kind === 'reference' || s.kind === 'rvalue-reference') return deref(this.ctx, v);
    if (s.kind === 'class') {
      const el = templateName(s.name) === 'at::TensorElementReference' ? elementRefTarget(this.ctx, v) : undefined;
      if (el) return el;
    }
    if (v.place.kind === 'bytes' || v.place.kind === 'unavailable') throw new InspectError(v.place.kind === 'unavailable' ? `cannot write: ${v.place.reason}` : 'cannot assign to a computed value (not an lvalue)');
    return v;
  }

  typeNamed(name: string): DType | undefined {
    const b = BUILTIN[name];
    if (b) return b;
    const t = this.ctx.program.types.named(name.replace(/^::/, ''));
    return t;
  }

  private eval(e: Expr): Value {
    switch (e.k) {
      case 'name': return this.lookup(e.name);
      case 'int': {
        const t = e.long ? (e.unsigned ? T.ullong : T.llong) : e.unsigned ? (e.value > 0xffffffffn ? T.ullong : T.uint) : e.value > 0x7fffffffn ? (e.value > 0xffffffffn ? T.llong : T.llong) : T.int;
        return bytesValue(t, bigLe(e.value, t.size));
      }
      case 'float': return this.floatValue(e.value, e.single ? T.float : T.double);
      case 'char': return bytesValue(T.char, Uint8Array.of(e.value & 0xff));
      case 'bool': return bytesValue(T.bool, Uint8Array.of(e.value ? 1 : 0));
      case 'nullptr': return bytesValue(pointerTo(BUILTIN.void), new Uint8Array(4));
      case 'member': return this.member(e.obj, e.name, e.arrow);
      case 'index': return this.index(this.eval(e.obj), this.eval(e.index));
      case 'unary': return this.unary(e.op, e.arg);
      case 'cast': return this.cast(e.typeName, e.pointers, this.eval(e.arg));
      case 'cond': return this.truthy(this.eval(e.cond)) ? this.eval(e.then) : this.eval(e.else);
      case 'binary': return this.binary(e.op, e.left, e.right);
    }
  }

  private lookup(name: string): Value {
    const { program, target } = this.ctx;
    if (!name.includes('::')) {
      const v = program.variablesAt(target.pc, target.inlineDepth).find((x) => x.name === name);
      if (v) return variableValue(this.ctx, v);
      const self = program.variablesAt(target.pc, target.inlineDepth).find((x) => x.name === 'this');
      if (self) {
        const obj = this.derefPointer(variableValue(this.ctx, self));
        const m = findMember(this.ctx, obj, name);
        if (m) return m;
      }
    }
    const bare = name.replace(/^::/, '');
    const g = program.globals().find((x) => x.name === bare) ?? program.globals().find((x) => x.name === bare.slice(bare.lastIndexOf('::') + 2));
    if (g) return variableValue(this.ctx, g);
    const fn = program.functionAt(target.pc);
    throw new InspectError(fn ? `no variable '${name}' in this frame` : `no variable '${name}' (no debug information for the PC 0x${(target.pc >>> 0).toString(16)})`);
  }

  private member(objE: Expr, name: string, arrow: boolean): Value {
    let obj = this.eval(objE);
    if (arrow) {
      const s = strip(obj.type);
      if (s.kind !== 'pointer') throw new InspectError(`'->' needs a pointer; the operand has type ${obj.type.name}`);
      obj = this.derefPointer(obj);
    } else obj = deref(this.ctx, obj);
    const s = strip(obj.type);
    if (s.kind !== 'class') throw new InspectError(`'${name}' is not a member: the operand has type ${obj.type.name}${strip(obj.type).kind === 'pointer' ? " (use '->')" : ''}`);
    if (s.incomplete) throw new InspectError(`${s.name} is an incomplete type`);
    const m = findMember(this.ctx, obj, name);
    if (!m) throw new InspectError(`${s.name} has no member named '${name}'`);
    return m;
  }

  private derefPointer(p: Value): Value {
    const s = strip(p.type);
    if (s.kind !== 'pointer') throw new InspectError(`cannot dereference a value of type ${p.type.name}`);
    const t = strip(s.target);
    if (t.kind === 'void') throw new InspectError("cannot dereference a 'void *'");
    if (p.place.kind === 'implicit-pointer') return implicitTarget(this.ctx, p.place, s.target);
    const a = readUnsigned(this.ctx, p);
    if (a === 0n) throw new InspectError('cannot dereference a null pointer');
    return { type: s.target, place: { kind: 'memory', addr: Number(a) } };
  }

  private index(objIn: Value, idx: Value): Value {
    const i = this.integer(idx, 'a subscript');
    const view = this.pretty.view(this.ctx, objIn);
    if (view) {
      const n = view.sizes[0];
      if (i < 0n || i >= n) throw new InspectError(`index ${i} is out of bounds for a dimension of size ${n}`);
      return viewChild(view, i, objIn.type);
    }
    const obj = deref(this.ctx, objIn);
    const s = strip(obj.type);
    if (s.kind === 'array') {
      const es = Math.max(s.element.size, 1);
      if (s.count !== undefined && (i < 0n || i >= BigInt(s.count))) throw new InspectError(`index ${i} is out of bounds for ${s.name}`);
      if (s.bitStride !== undefined) return elementValue(this.ctx, obj, s, Number(i));
      const off = Number(i) * es;
      if (obj.place.kind === 'memory') return { type: s.element, place: { kind: 'memory', addr: (obj.place.addr + off) >>> 0 } };
      if (obj.place.kind === 'hbm') return { type: s.element, place: { kind: 'hbm', addr: obj.place.addr + BigInt(off) } };
      return bytesValue(s.element, readBytes(this.ctx, obj).slice(off, off + es));
    }
    if (s.kind === 'pointer') {
      const es = Math.max(strip(s.target).size, 1);
      if (strip(s.target).kind === 'void') throw new InspectError("cannot subscript a 'void *'");
      const a = readUnsigned(this.ctx, obj);
      return { type: s.target, place: { kind: 'memory', addr: Number(BigInt.asUintN(32, a + i * BigInt(es))) } };
    }
    throw new InspectError(`cannot subscript a value of type ${obj.type.name}`);
  }

  private unary(op: string, argE: Expr): Value {
    if (op === '&') {
      const v = deref(this.ctx, this.eval(argE));
      if (v.bits) throw new InspectError('cannot take the address of a bit-field');
      const a = addressOf(v);
      if (a === undefined) throw new InspectError(v.place.kind === 'register' ? 'cannot take the address of a value held in a register' : 'cannot take the address of this value (not in memory)');
      if (typeof a === 'bigint') throw new InspectError(`the value lives in HBM at 0x${a.toString(16)}, which has no local address`);
      return bytesValue(pointerTo(v.type), bigLe(BigInt(a), 4));
    }
    if (op === '*') {
      const v = deref(this.ctx, this.eval(argE));
      const s = strip(v.type);
      if (s.kind === 'array') return this.index(v, bytesValue(T.int, bigLe(0n, 4)));
      return this.derefPointer(v);
    }
    const s = this.scalar(this.eval(argE));
    switch (op) {
      case '!': return this.boolValue(!this.truthyScalar(s));
      case '+': return this.fromScalar(this.promote(s));
      case '-': {
        const p = this.promote(s);
        return p.k === 'float' ? this.floatValue(-p.v, p.type) : this.intValue(-(p.v), p.type);
      }
      case '~': {
        const p = this.promote(s);
        if (p.k !== 'int') throw new InspectError("'~' needs an integer operand");
        return this.intValue(~p.v, p.type);
      }
    }
    throw new InspectError(`operator '${op}' is not supported`);
  }

  private binary(op: string, le: Expr, re: Expr): Value {
    if (op === '&&') return this.boolValue(this.truthy(this.eval(le)) && this.truthy(this.eval(re)));
    if (op === '||') return this.boolValue(this.truthy(this.eval(le)) || this.truthy(this.eval(re)));
    const a = this.scalar(this.eval(le));
    const b = this.scalar(this.eval(re));
    // pointer arithmetic and comparisons
    if (a.k === 'ptr' || b.k === 'ptr') {
      if ((op === '+' || op === '-') && a.k === 'ptr' && b.k === 'int') return this.ptrValue(a.v + (op === '+' ? 1n : -1n) * b.v * this.pointeeSize(a.type), a.type);
      if (op === '+' && a.k === 'int' && b.k === 'ptr') return this.ptrValue(b.v + a.v * this.pointeeSize(b.type), b.type);
      if (op === '-' && a.k === 'ptr' && b.k === 'ptr') return this.intValue((a.v - b.v) / this.pointeeSize(a.type), T.int);
      if (['==', '!=', '<', '>', '<=', '>='].includes(op) && b.k !== 'float' && a.k !== 'float') return this.boolValue(compare(op, a.v, b.v));
      throw new InspectError(`operator '${op}' is not defined for these pointer operands`);
    }
    const ty = this.common(a, b);
    if (ty.k === 'float') {
      const x = Number(a.v);
      const y = Number(b.v);
      const round = (n: number) => (strip(ty.type).size === 4 ? Math.fround(n) : n);
      switch (op) {
        case '+': return this.floatValue(round(x + y), ty.type);
        case '-': return this.floatValue(round(x - y), ty.type);
        case '*': return this.floatValue(round(x * y), ty.type);
        case '/': return this.floatValue(round(x / y), ty.type);
        case '==': case '!=': case '<': case '>': case '<=': case '>=':
          return this.boolValue(compareNum(op, x, y));
      }
      throw new InspectError(`operator '${op}' needs integer operands`);
    }
    const bits = strip(ty.type).size * 8;
    const unsigned = isUnsignedBase(ty.type);
    const norm = (v: bigint) => (unsigned ? BigInt.asUintN(bits, v) : BigInt.asIntN(bits, v));
    const x = norm(a.v as bigint);
    const y = norm(b.v as bigint);
    switch (op) {
      case '+': return this.intValue(x + y, ty.type);
      case '-': return this.intValue(x - y, ty.type);
      case '*': return this.intValue(x * y, ty.type);
      case '/': if (y === 0n) throw new InspectError('division by zero'); return this.intValue(x / y, ty.type);
      case '%': if (y === 0n) throw new InspectError('division by zero'); return this.intValue(x % y, ty.type);
      case '&': return this.intValue(x & y, ty.type);
      case '|': return this.intValue(x | y, ty.type);
      case '^': return this.intValue(x ^ y, ty.type);
      case '<<': case '>>': {
        const lt = this.promote(a).type;
        const lb = strip(lt).size * 8;
        const lx = isUnsignedBase(lt) ? BigInt.asUintN(lb, a.v as bigint) : BigInt.asIntN(lb, a.v as bigint);
        const n = b.v as bigint;
        if (n < 0n || n >= BigInt(lb)) throw new InspectError(`shift count ${n} is out of range for ${lt.name}`);
        return this.intValue(op === '<<' ? lx << n : lx >> n, lt);
      }
      case '==': case '!=': case '<': case '>': case '<=': case '>=':
        return this.boolValue(compare(op, x, y));
    }
    throw new InspectError(`operator '${op}' is not supported`);
  }

  private cast(typeName: string, pointers: number, v: Value): Value {
    let t = this.typeNamed(typeName);
    if (!t) throw new InspectError(`unknown type '${typeName}'`);
    for (let k = 0; k < pointers; k++) t = pointerTo(t);
    const s = strip(t);
    const src = deref(this.ctx, v);
    if (s.kind === 'pointer') {
      const sc = this.scalar(src);
      if (sc.k === 'float') throw new InspectError(`cannot cast a floating value to ${t.name}`);
      return this.ptrValue(sc.v, t);
    }
    if (s.kind === 'base' && s.encoding === ATE.float) return this.floatValue(this.toNumber(src), t);
    if (s.kind === 'base' || s.kind === 'enum') {
      const sc = this.scalar(src);
      const n = sc.k === 'float' ? BigInt(Math.trunc(sc.v)) : sc.v;
      if (s.kind === 'base' && s.encoding === ATE.boolean) return this.boolValue(n !== 0n || (sc.k === 'float' && sc.v !== 0));
      return this.intValue(n, t);
    }
    if (s.kind === 'class' && strip(src.type).name === s.name) return src;
    throw new InspectError(`cannot cast a value of type ${v.type.name} to ${t.name}`);
  }

  // ---- scalars ----------------------------------------------------------------------------

  scalar(vIn: Value): Scalar {
    let v = deref(this.ctx, vIn);
    let s = strip(v.type);
    if (s.kind === 'class' && templateName(s.name) === 'at::TensorElementReference') {
      const el = elementRefTarget(this.ctx, v);
      if (el) {
        v = el;
        s = strip(el.type);
      }
    }
    if (s.kind === 'array' && s.vector) throw new InspectError(`a ${v.type.name} is a vector, not a number: index one of its lanes (v[3])`);
    if (s.kind === 'array') {
      const a = addressOf(v);
      if (typeof a !== 'number') throw new InspectError(`the array has no local address`);
      return { k: 'ptr', v: BigInt(a), type: pointerTo(s.element) };
    }
    if (s.kind === 'pointer') return { k: 'ptr', v: readUnsigned(this.ctx, v), type: v.type };
    if (s.kind === 'base' && s.encoding === ATE.float) {
      // binary16 (an IVP f16 lane) computes as float, as C++ promotes _Float16
      if (s.size === 2) return { k: 'float', v: readFloat(this.ctx, v), type: T.float };
      return { k: 'float', v: readFloat(this.ctx, v), type: v.type };
    }
    if (s.kind === 'base' || s.kind === 'enum') return { k: 'int', v: readInteger(this.ctx, v), type: v.type };
    throw new InspectError(`a value of type ${v.type.name} is not a number`);
  }

  private promote(s: Scalar): Scalar {
    if (s.k !== 'int') return s;
    const t = strip(s.type);
    if (t.size < 4) return { k: 'int', v: s.v, type: T.int };
    if (t.kind === 'enum') return { k: 'int', v: s.v, type: t.size > 4 ? T.llong : T.int };
    return s;
  }

  private common(a: Scalar, b: Scalar): Scalar {
    if (a.k === 'float' || b.k === 'float') {
      const dbl = (a.k === 'float' && strip(a.type).size === 8) || (b.k === 'float' && strip(b.type).size === 8) || a.k !== 'float' && b.k === 'float' && false;
      const single = !dbl && (a.k === 'float' ? strip(a.type).size === 4 : true) && (b.k === 'float' ? strip(b.type).size === 4 : true);
      return { k: 'float', v: 0, type: single ? T.float : T.double };
    }
    const pa = this.promote(a);
    const pb = this.promote(b);
    const sa = strip(pa.type).size;
    const sb = strip(pb.type).size;
    const ua = isUnsignedBase(pa.type);
    const ub = isUnsignedBase(pb.type);
    if (sa === 8 || sb === 8) {
      const uns = (sa === 8 && ua) || (sb === 8 && ub);
      return { k: 'int', v: 0n, type: uns ? T.ullong : T.llong };
    }
    return { k: 'int', v: 0n, type: ua || ub ? T.uint : T.int };
  }

  private integer(v: Value, what: string): bigint {
    const s = this.scalar(v);
    if (s.k !== 'int') throw new InspectError(`${what} must be an integer`);
    return s.v;
  }

  private toNumber(v: Value): number {
    const s = this.scalar(v);
    return s.k === 'float' ? s.v : Number(s.v);
  }

  private truthyScalar(s: Scalar): boolean {
    return s.k === 'float' ? s.v !== 0 : s.v !== 0n;
  }

  truthy(v: Value): boolean {
    return this.truthyScalar(this.scalar(v));
  }

  private pointeeSize(t: DType): bigint {
    const s = strip(t);
    const target = s.kind === 'pointer' ? strip(s.target) : s;
    if (target.kind === 'void') throw new InspectError("arithmetic on a 'void *'");
    return BigInt(Math.max(target.size, 1));
  }

  private fromScalar(s: Scalar): Value {
    if (s.k === 'float') return this.floatValue(s.v, s.type);
    if (s.k === 'ptr') return this.ptrValue(s.v, s.type);
    return this.intValue(s.v, s.type);
  }

  private intValue(v: bigint, t: DType): Value {
    return bytesValue(t, bigLe(v, Math.max(strip(t).size, 1)));
  }

  private ptrValue(v: bigint, t: DType): Value {
    return bytesValue(t, bigLe(v, 4));
  }

  private boolValue(b: boolean): Value {
    return bytesValue(T.bool, Uint8Array.of(b ? 1 : 0));
  }

  private floatValue(f: number, t: DType): Value {
    const size = strip(t).size;
    const b = new Uint8Array(size);
    const dv = new DataView(b.buffer);
    if (size === 4) dv.setFloat32(0, f, true);
    else dv.setFloat64(0, f, true);
    return bytesValue(t, b);
  }
}

function templateName(n: string): string {
  const k = n.indexOf('<');
  return k < 0 ? n : n.slice(0, k);
}

function isUnsignedBase(t: DType): boolean {
  const s = strip(t);
  return s.kind === 'base' && (s.encoding === ATE.unsigned || s.encoding === ATE.unsigned_char || s.encoding === ATE.boolean);
}

function compare(op: string, a: bigint, b: bigint): boolean {
  switch (op) {
    case '==': return a === b;
    case '!=': return a !== b;
    case '<': return a < b;
    case '>': return a > b;
    case '<=': return a <= b;
    default: return a >= b;
  }
}

function compareNum(op: string, a: number, b: number): boolean {
  switch (op) {
    case '==': return a === b;
    case '!=': return a !== b;
    case '<': return a < b;
    case '>': return a > b;
    case '<=': return a <= b;
    default: return a >= b;
  }
}
