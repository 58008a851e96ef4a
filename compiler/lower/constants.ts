// Constant values: the model's folded value of an expression (made exact for 64-bit literals),
// floating literals, and a small evaluator over syntax for the constants the model checks but does
// not keep (case labels, default arguments, initialisers of globals): literals, operators, casts,
// enumerators and constant variables.

import { types } from '../../language';
import type { SyntaxNode as Node, SemanticModel } from '../../language';
import type { EnumDecl, EnumeratorDecl, Loc, Expr, Type } from '../../language/model';
import type { ValueType } from '../ir/ir';
import { unsupported } from './errors';
import type { FnLower } from './function';
import { commonType, intBits, isUnsignedType, scalarBase } from './types';

/**
 * The constant value of an integral (or enum, bool, null pointer) expression, wrapped to its type.
 * Folded here from the leaves rather than taken from the model's `value`, which reads a negative
 * literal (tree-sitter's `-1` is one number_literal) as 0.
 */
export function constantValueOf(e: Expr): number | bigint | undefined {
  const t = scalarBase(e.type);
  const bits = intBits(t) ?? (t.kind === 'pointer' || (t.kind === 'builtin' && t.name === 'nullptr_t') ? 32 : undefined);
  if (bits === undefined) return undefined;
  const v = fold(e);
  if (v === undefined) return undefined;
  return bits === 64 ? v : Number(v);
}

const enumValues = new WeakMap<EnumDecl, Map<string, number>>();

/**
 * An enumerator's value, evaluated here from the enum's syntax (the model reads a negative literal
 * initialiser such as `A = -3` as 0); the model's value when the syntax cannot be evaluated.
 */
export function enumeratorValue(d: EnumeratorDecl): number | undefined {
  let values = enumValues.get(d.enumDecl);
  if (!values) {
    values = evaluateEnum(d.enumDecl) ?? new Map();
    enumValues.set(d.enumDecl, values);
  }
  return values.get(d.name) ?? d.value;
}

function evaluateEnum(e: EnumDecl): Map<string, number> | undefined {
  let n: Node | null = nodeAt(e.loc.unit.root, e.loc.start, e.loc.end) ?? null;
  while (n && n.type !== 'enum_specifier') n = n.parent;
  const list = n?.childForFieldName('body');
  if (!list) return undefined;
  const out = new Map<string, number>();
  let next = 0;
  const scope: ConstantScope = { model: undefined as never, local: (name) => out.get(name) };
  for (const item of list.namedChildren) {
    if (item.type !== 'enumerator') continue;
    const name = item.childForFieldName('name')?.text;
    const valueNode = item.childForFieldName('value');
    if (!name) continue;
    if (valueNode) {
      const v = evaluateSyntaxSafe(scope, valueNode);
      if (v === undefined) return undefined;
      next = Number(v);
    }
    out.set(name, next);
    next++;
  }
  return out;
}

function evaluateSyntaxSafe(scope: ConstantScope, node: Node): number | bigint | undefined {
  try {
    return evaluateSyntax(scope, node);
  } catch {
    return undefined;
  }
}

/** The smallest node of `root` spanning [start, end). */
export function nodeAt(root: Node, start: number, end: number): Node | undefined {
  if (root.startIndex > start || root.endIndex < end) return undefined;
  for (const c of root.children) {
    const n = nodeAt(c, start, end);
    if (n) return n;
  }
  return root;
}

/** Wraps an exact integer to the width and signedness of type `t`. */
function wrapTo(v: bigint, t: Type): bigint {
  const bits = intBits(scalarBase(t)) ?? 32;
  if (bits === 1) return v !== 0n ? 1n : 0n;
  return isUnsignedType(t) ? BigInt.asUintN(bits, v) : BigInt.asIntN(bits, v);
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
      if (e.decl?.kind === 'enumerator') {
        const v = enumeratorValue(e.decl);
        return v === undefined ? undefined : wrapTo(BigInt(v), e.type);
      }
      if (e.decl?.kind === 'template-binding') return e.value === undefined ? undefined : wrapTo(BigInt(e.value), e.type);
      return undefined;
    case 'call':
      // a constexpr function called with constants: the model evaluated it (language/sema/constexpr.ts)
      return e.value === undefined ? undefined : wrapTo(BigInt(e.value), e.type);
    case 'cast':
    case 'construct': {
      const x = e.operands?.[0];
      if (!x) return e.kind === 'construct' && !e.operands?.length ? 0n : undefined;
      const v = fold(x);
      if (v === undefined) return undefined;
      if (scalarBase(e.type).kind === 'builtin' && (scalarBase(e.type) as { name: string }).name === 'bool') return v !== 0n ? 1n : 0n;
      return wrapTo(v, e.type);
    }
    case 'unary': {
      const x = e.operands![0];
      const v = fold(x);
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

/** A floating literal's value, rounded to float for f32. */
export function floatLiteralValue(e: Expr, vt: ValueType): number {
  const v = parseFloatText(textOfLoc(e.loc));
  return vt === 'f32' ? Math.fround(v) : v;
}

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

// ---- constants over syntax -----------------------------------------------------------------------

export interface ConstantScope {
  readonly model: SemanticModel;
  /** Enclosing namespaces, innermost first (`a::b` → ['a::b', 'a']), for unqualified lookups. */
  readonly namespaces?: readonly string[];
  /** Locals visible here that have constant values. */
  local?(name: string): number | undefined;
}

type Value = number | bigint;

/** Evaluates a constant expression written at `node`; undefined when it is not one we know. */
export function evaluateSyntax(scope: ConstantScope, node: Node): Value | undefined {
  switch (node.type) {
    case 'number_literal': {
      const t = node.text.replace(/'/g, '');
      if (!/^0[xX]/.test(t) && /[.eEpP]/.test(t)) return parseFloatText(t);
      if (/^0[xX].*[pP]/.test(t)) return parseFloatText(t);
      const v = parseIntegerText(t);
      return v > 0x7fffffffffffffn || v < -0x8000000000000000n ? v : v >= -(2n ** 53n) && v <= 2n ** 53n ? Number(v) : v;
    }
    case 'char_literal': {
      const m = /'(\\?.*)'$/.exec(node.text);
      if (!m) return undefined;
      const b = m[1];
      if (!b.startsWith('\\')) return b.codePointAt(0);
      const esc: Record<string, number> = { n: 10, t: 9, r: 13, '0': 0, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };
      if (b[1] === 'x') return parseInt(b.slice(2), 16);
      if (/[0-7]/.test(b[1])) return parseInt(b.slice(1), 8);
      return esc[b[1]];
    }
    case 'true': return 1;
    case 'false': return 0;
    case 'null':
    case 'nullptr': return 0;
    case 'parenthesized_expression': return node.namedChild(0) ? evaluateSyntax(scope, node.namedChild(0)!) : undefined;
    case 'unary_expression': {
      const op = node.childForFieldName('operator')?.text;
      const a = evaluateSyntax(scope, node.childForFieldName('argument')!);
      if (a === undefined) return undefined;
      if (op === '-') return typeof a === 'bigint' ? -a : -a;
      if (op === '+') return a;
      if (op === '~') return typeof a === 'bigint' ? ~a : ~a;
      if (op === '!') return Number(a) === 0 ? 1 : 0;
      return undefined;
    }
    case 'binary_expression': {
      const op = node.childForFieldName('operator')?.text ?? '';
      const a = evaluateSyntax(scope, node.childForFieldName('left')!);
      const b = evaluateSyntax(scope, node.childForFieldName('right')!);
      if (a === undefined || b === undefined) return undefined;
      return binaryConstant(op, a, b);
    }
    case 'cast_expression': {
      const v = node.childForFieldName('value');
      return v ? evaluateSyntax(scope, v) : undefined;
    }
    case 'identifier':
    case 'qualified_identifier': {
      const local = node.type === 'identifier' ? scope.local?.(node.text) : undefined;
      if (local !== undefined) return local;
      if (!scope.model) return undefined;
      const name = node.text.replace(/\s+/g, '');
      const candidates = [...(scope.namespaces ?? []).map((ns) => `${ns}::${name}`), name];
      const decls = candidates.map((c) => scope.model.lookup(c)).find((ds) => ds.length) ?? [];
      for (const d of decls) {
        if (d.kind === 'enumerator') return enumeratorValue(d);
        if (d.kind === 'var' && d.value !== undefined) return d.value;
      }
      return undefined;
    }
    case 'sizeof_expression':
      return undefined;
    default:
      return undefined;
  }
}

function binaryConstant(op: string, a: Value, b: Value): Value | undefined {
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    const x = BigInt(a);
    const y = BigInt(b);
    switch (op) {
      case '+': return x + y;
      case '-': return x - y;
      case '*': return x * y;
      case '/': return y === 0n ? undefined : x / y;
      case '%': return y === 0n ? undefined : x % y;
      case '<<': return x << y;
      case '>>': return x >> y;
      case '&': return x & y;
      case '|': return x | y;
      case '^': return x ^ y;
      default: return undefined;
    }
  }
  const isInt = Number.isInteger(a) && Number.isInteger(b);
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return b === 0 ? undefined : isInt ? Math.trunc(a / b) : a / b;
    case '%': return b === 0 || !isInt ? undefined : a % b;
    case '<<': return isInt ? Number(BigInt(a) << BigInt(b)) : undefined;
    case '>>': return isInt ? Number(BigInt(a) >> BigInt(b)) : undefined;
    case '&': return isInt ? Number(BigInt(a) & BigInt(b)) : undefined;
    case '|': return isInt ? Number(BigInt(a) | BigInt(b)) : undefined;
    case '^': return isInt ? Number(BigInt(a) ^ BigInt(b)) : undefined;
    case '==': return +(a === b);
    case '!=': return +(a !== b);
    case '<': return +(a < b);
    case '>': return +(a > b);
    case '<=': return +(a <= b);
    case '>=': return +(a >= b);
    case '&&': return +(a !== 0 && b !== 0);
    case '||': return +(a !== 0 || b !== 0);
    default: return undefined;
  }
}

/** The namespaces enclosing a qualified name, innermost first. */
export function enclosingNamespaces(qualifiedName: string): string[] {
  const parts = qualifiedName.split('::').filter((p) => p).slice(0, -1);
  const out: string[] = [];
  for (let i = parts.length; i > 0; i--) out.push(parts.slice(0, i).join('::'));
  return out;
}

/** The scope of a function being lowered: its constant locals, then global names. */
function functionScope(f: FnLower): ConstantScope {
  return {
    model: f.m.model,
    namespaces: enclosingNamespaces(f.fn.qualifiedName),
    local: (name) => {
      for (const [d] of f.locals) if (d.name === name && d.value !== undefined) return d.value;
      return undefined;
    },
  };
}

/** A case label's value. */
export function evaluateCaseValue(f: FnLower, node: Node): number {
  // the model's value when the syntax is beyond this evaluator (a constexpr call)
  const v = evaluateSyntax(functionScope(f), node) ?? f.exprAt(node)?.value;
  if (v === undefined) unsupported(f.nodePos(node), 'this case label is not a constant the compiler can evaluate yet');
  return Number(v);
}

export { types };
