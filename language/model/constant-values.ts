// Constant values of typed expressions, as the back end needs them: an integral (enum, bool, null
// pointer) expression's exact value, wrapped to its type (64-bit values exact, as bigint), folded from
// the leaves of the typed tree; a floating literal's value. The one place besides the constexpr
// evaluator (sema/constexpr.ts, whose call values it reads from the tree) that computes constants. A
// query over the model's data (it analyses nothing), so it lives with the model.

import type { Loc } from './declarations';
import type { Expr } from './expressions';
import type { Type } from './types';
import { commonType, intBits, isUnsignedScalar, scalarBase } from './arithmetic';

/** The constant value of an integral (or enum, bool, null pointer) expression, wrapped to its type; undefined when it is not one. */
export function constantValue(e: Expr): number | bigint | undefined {
  const t = scalarBase(e.type);
  const bits = intBits(t) ?? (t.kind === 'pointer' || (t.kind === 'builtin' && t.name === 'nullptr_t') ? 32 : undefined);
  if (bits === undefined) return undefined;
  const v = fold(e);
  if (v === undefined) return undefined;
  return bits === 64 ? v : Number(v);
}

/** A floating literal's value (decimal or hexadecimal), rounded to float when `single`. */
export function floatLiteralValue(e: Expr, single: boolean): number {
  const v = parseFloatText(textOfLoc(e.loc));
  return single ? Math.fround(v) : v;
}

/**
 * The value of a constant expression of floating type (literals, integral constants converted,
 * unary and binary arithmetic, casts, conditionals), each step rounded to float where its type is
 * float; undefined when it is not one.
 */
export function floatConstant(e: Expr): number | undefined {
  if (isIntegralType(e.type)) {
    const v = constantValue(e);
    return v === undefined ? undefined : Number(v);
  }
  const u = scalarBase(e.type);
  if (u.kind !== 'builtin' || (u.name !== 'float' && u.name !== 'double' && u.name !== 'long double')) return undefined;
  const v = floatFold(e);
  return v === undefined || u.name !== 'float' ? v : Math.fround(v);
}

function floatFold(e: Expr): number | undefined {
  switch (e.kind) {
    case 'number_literal':
      return parseFloatText(textOfLoc(e.loc));
    case 'cast':
    case 'construct':
    case 'implicit':
      return e.operands?.length === 1 ? floatConstant(e.operands[0]) : undefined;
    case 'unary': {
      const v = floatConstant(e.operands![0]);
      if (v === undefined) return undefined;
      const text = textOfLoc(e.loc).replace(/^[\s(]+/, '');
      return text.startsWith('-') ? -v : text.startsWith('+') ? v : undefined;
    }
    case 'binary': {
      const [l, r] = e.operands!;
      const a = floatConstant(l);
      const b = floatConstant(r);
      if (a === undefined || b === undefined) return undefined;
      switch (e.operator) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return b === 0 ? undefined : a / b;
        default: return undefined;
      }
    }
    case 'conditional': {
      const [c, a, b] = e.operands!;
      const cv = constantValue(c);
      return cv === undefined ? undefined : floatConstant(Number(cv) !== 0 ? a : b);
    }
    default:
      return undefined;
  }
}

/** An integer literal's exact value (any base, digit separators and suffixes allowed). */
export function parseIntegerText(text: string): bigint {
  let t = text.replace(/[()\s']/g, '').replace(/[uUlLzZ]+$/, '');
  if (t.startsWith('-')) return -parseIntegerText(t.slice(1));
  if (t.startsWith('+')) t = t.slice(1);
  if (/^0[xX]/.test(t)) return BigInt(t);
  if (/^0[bB]/.test(t)) return BigInt(t);
  if (/^0[0-7]+$/.test(t)) return BigInt(`0o${t.slice(1)}`);
  return BigInt(t);
}

/** A floating literal's value from its spelling (decimal or hexadecimal, suffix allowed). */
export function parseFloatText(text: string): number {
  const t = text.replace(/[()\s']/g, '').replace(/[fFlL]$/, '');
  if (t.startsWith('-')) return -parseFloatText(t.slice(1));
  const hex = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(t);
  if (hex) {
    const int = hex[1] || '0';
    const frac = hex[2] ?? '';
    const mant = parseInt(int + frac || '0', 16);
    return mant * 2 ** (Number(hex[3]) - 4 * frac.length);
  }
  return parseFloat(t);
}

// ---- integral folding ------------------------------------------------------------------------------

/** Wraps an exact integer to the width and signedness of type `t`. */
function wrapTo(v: bigint, t: Type): bigint {
  const bits = intBits(scalarBase(t)) ?? 32;
  if (bits === 1) return v !== 0n ? 1n : 0n;
  return isUnsignedScalar(t) ? BigInt.asUintN(bits, v) : BigInt.asIntN(bits, v);
}

function isIntegralType(t: Type): boolean {
  const u = scalarBase(t);
  return intBits(u) !== undefined || u.kind === 'pointer' || (u.kind === 'builtin' && u.name === 'nullptr_t');
}

/** Exact integer folding over the typed tree; undefined when any part is not a constant. */
function fold(e: Expr): bigint | undefined {
  if (!isIntegralType(e.type)) return undefined;
  switch (e.kind) {
    case 'number_literal':
      return wrapTo(parseIntegerText(textOfLoc(e.loc)), e.type);
    case 'char_literal':
    case 'true':
    case 'false':
    case 'nullptr':
    case 'sizeof_expression':
    case 'alignof_expression':
    case 'offsetof_expression':
      return e.value === undefined ? undefined : wrapTo(BigInt(e.value), e.type);
    case 'name':
      if (e.decl?.kind === 'enumerator' || e.decl?.kind === 'template-binding') return e.value === undefined ? undefined : wrapTo(BigInt(e.value), e.type);
      return undefined;
    case 'call':
      // a constexpr function called with constants: evaluated when analysed (constexpr.ts)
      return e.value === undefined ? undefined : wrapTo(BigInt(e.value), e.type);
    case 'cast':
    case 'construct': {
      const x = e.operands?.[0];
      if (!x) return e.kind === 'construct' && !e.operands?.length ? 0n : undefined;
      const v = fold(x);
      if (v === undefined) return undefined;
      const to = scalarBase(e.type);
      if (to.kind === 'builtin' && to.name === 'bool') return v !== 0n ? 1n : 0n;
      return wrapTo(v, e.type);
    }
    case 'unary': {
      const v = fold(e.operands![0]);
      if (v === undefined) return undefined;
      const text = textOfLoc(e.loc).replace(/^[\s(]+/, '');
      if (text.startsWith('!')) return v === 0n ? 1n : 0n;
      if (text.startsWith('-')) return wrapTo(-v, e.type);
      if (text.startsWith('~')) return wrapTo(~v, e.type);
      if (text.startsWith('+')) return wrapTo(v, e.type);
      return undefined;
    }
    case 'binary':
      return foldBinary(e);
    case 'conditional': {
      const [c, a, b] = e.operands!;
      const cv = fold(c);
      if (cv === undefined) return undefined;
      const v = fold(cv !== 0n ? a : b);
      return v === undefined ? undefined : wrapTo(v, e.type);
    }
    default:
      return undefined;
  }
}

function foldBinary(e: Expr): bigint | undefined {
  const [l, r] = e.operands!;
  const op = e.operator ?? '';
  const a = fold(l);
  if (a === undefined) return undefined;
  if (op === '&&' && a === 0n) return 0n;
  if (op === '||' && a !== 0n) return 1n;
  const b = fold(r);
  if (b === undefined) return undefined;
  if (op === '&&' || op === '||') return b !== 0n ? 1n : 0n;
  if (scalarBase(l.type).kind === 'pointer' || scalarBase(r.type).kind === 'pointer') return undefined;
  if (['<', '>', '<=', '>=', '==', '!='].includes(op)) {
    const common = commonType(l.type, r.type);
    const x = wrapTo(a, common);
    const y = wrapTo(b, common);
    const res = op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : op === '>=' ? x >= y : op === '==' ? x === y : x !== y;
    return res ? 1n : 0n;
  }
  const t = e.type;
  if (op === '<<' || op === '>>') {
    const bits = BigInt(intBits(scalarBase(t)) ?? 32);
    if (b < 0n || b >= bits) return undefined;
    const x = wrapTo(a, t);
    return wrapTo(op === '<<' ? x << b : x >> b, t);
  }
  const x = wrapTo(a, t);
  const y = wrapTo(b, t);
  switch (op) {
    case '+': return wrapTo(x + y, t);
    case '-': return wrapTo(x - y, t);
    case '*': return wrapTo(x * y, t);
    case '/': return y === 0n ? undefined : wrapTo(x / y, t);
    case '%': return y === 0n ? undefined : wrapTo(x % y, t);
    case '&': return wrapTo(x & y, t);
    case '|': return wrapTo(x | y, t);
    case '^': return wrapTo(x ^ y, t);
    default: return undefined;
  }
}

function textOfLoc(loc: Loc): string {
  return loc.unit.text.slice(loc.start, loc.end);
}
