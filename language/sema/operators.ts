// Operators: overloaded operators (member and non-member), the built-in unary, binary, increment and
// assignment operators with their operand conversions, and constant folding with the target's sizes.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx } from './context';
import { classOf, promote, usualArithmetic } from './conversions';
import { bitFieldPromotion } from './bitfields';
import { type FunctionDecl, type FunctionTemplate, Loc } from '../model/declarations';
import { errorExpr, type Expr } from '../model/expressions';
import { mk } from './make-expr';
import { resolveName } from './names';
import { noteBoolean, noteConversion } from './implicit';
import { vectorBinary, vectorUnary } from './vector-operators';
import {
  BOOL, INT, isArithmetic, isBuiltin, isIntegral, isIntegralOrUnscopedEnum, isScalar, isUnsigned, nonReference, pointerTo, quoteType, sameType, unqualified, type Type,
} from '../model/types';
import { passes } from './passes';

/** Tries an overloaded operator (member of the left operand's class, or a non-member). */
export function overloadedOperator(ctx: Ctx, op: string, operands: Expr[], loc: Loc, quiet: boolean): Expr | undefined {
  const name = `operator${op}`;
  const cands: (FunctionDecl | FunctionTemplate)[] = [];
  const left = classOf(operands[0].type);
  let memberObject: Expr | undefined;
  if (left && left.require()) {
    const ms = ctx.a.lookupQualified(left, name).filter((d): d is FunctionDecl | FunctionTemplate => d.kind === 'function' || d.kind === 'function-template');
    if (ms.length) {
      memberObject = operands[0];
      const r = passes.resolveOverload(ctx, ms, operands.slice(1), { loc, label: `'${name}'`, object: operands[0], quiet: true });
      if (r.fn && !r.failed) return passes.callResult(ctx, r.fn, operands, loc);
      if (r.fn && r.failed && r.fn.deleted) {
        passes.resolveOverload(ctx, ms, operands.slice(1), { loc, label: `'${name}'`, object: operands[0] });
        return errorExpr(loc);
      }
      cands.push(...ms);
    }
  }
  const free = ctx.a.lookup(name, ctx.scope).filter((d): d is FunctionDecl | FunctionTemplate => (d.kind === 'function' && !d.owner) || (d.kind === 'function-template' && !d.owner));
  const isFree = (d: { kind: string; owner?: unknown }) => (d.kind === 'function' || d.kind === 'function-template') && !d.owner;
  for (const o of operands) {
    const u = unqualified(nonReference(o.type));
    const c = classOf(o.type);
    // argument-dependent lookup: the operand's class's namespace, friends defined in the class, an enum's namespace
    const scopes = c ? [c.declScope, c.scope] : u.kind === 'enum' && u.decl.scope.parent ? [u.decl.scope.parent] : [];
    for (const scope of scopes) for (const d of ctx.a.lookup(name, scope)) if (isFree(d) && !free.includes(d as FunctionDecl)) free.push(d as FunctionDecl | FunctionTemplate);
  }
  if (!operands.some((o) => classOf(o.type))) {
    // no class operand ([over.match.oper]/3): only functions taking an enum operand's type (or a reference to it) there
    const matches = (pt: Type, o: Expr) => { const u = unqualified(o.type); return u.kind === 'enum' && sameType(unqualified(nonReference(pt)), u, true); };
    for (let i = free.length - 1; i >= 0; i--) {
      const d = free[i];
      if (d.kind !== 'function' || !operands.some((o, k) => d.params[k] && matches(d.params[k].type, o))) free.splice(i, 1);
    }
  }
  if (free.length) {
    const r = passes.resolveOverload(ctx, free, operands, { loc, label: `'${name}'`, quiet: true });
    if (r.fn && !r.failed) return passes.callResult(ctx, r.fn, operands, loc);
  }
  if (!quiet && (cands.length || free.length)) {
    const msg = `no viable overloaded '${op}' for operands of type ${operands.map((o) => `${quoteType(o.type)}`).join(' and ')}`;
    ctx.a.error(loc, 'no-viable-operator', msg);
    return errorExpr(loc);
  }
  void memberObject;
  return undefined;
}

/** The operand converted for a built-in operator: class operands through their conversion function. */
export function builtinOperand(ctx: Ctx, e: Expr): Expr {
  const cls = classOf(e.type);
  if (!cls) return e;
  if (!cls.require()) return e;
  const usable = cls.conversionFunctions().filter((d) => !e.type.const || d.isConst);
  const fn = usable.find((d) => !d.explicit) ?? usable[0];
  if (!fn) return e;
  const r = nonReference(fn.ret);
  return mk('user-conversion', r, fn.ret.kind === 'reference' ? 'lvalue' : 'prvalue', e.loc, { callee: fn, operands: [e] });
}

/** `(T)` where T names a type (a typedef, a class, a template parameter bound to a type). */
function parenthesizedTypeName(ctx: Ctx, n: Node): Type | undefined {
  if (n.type !== 'parenthesized_expression' || n.namedChildCount !== 1) return undefined;
  const inner = n.namedChild(0)!;
  if (inner.type !== 'identifier' && inner.type !== 'qualified_identifier' && inner.type !== 'template_function') return undefined;
  const r = resolveName(ctx, inner, undefined, true);
  if (!r.decls.length || r.decls.some((d) => d.kind === 'var' || d.kind === 'function' || d.kind === 'enumerator' || d.kind === 'field')) return undefined;
  return r.decls.map(passes.typeOfDecl).find((x) => x);
}

const BITWISE = new Set(['&', '|', '^', '<<', '>>']);
const COMPARE = new Set(['<', '>', '<=', '>=', '==', '!=']);

export function binaryExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const op = node.childForFieldName('operator')?.type ?? '';
  const ln = node.childForFieldName('left');
  const rn = node.childForFieldName('right');
  if (!ln || !rn) return errorExpr(loc);
  const castType = (op === '-' || op === '+') ? parenthesizedTypeName(ctx, ln) : undefined;
  if (castType) {
    // tree-sitter reads `(T)-x` with T a typedef or template parameter as a subtraction: a cast of `-x`
    const opNode = node.childForFieldName('operator')!;
    const operand = unaryOn(ctx, op, passes.checkExpr(ctx, rn), new Loc(loc.unit, loc.start + (opNode.startIndex - node.startIndex), loc.end));
    return passes.castTo(ctx, castType, operand, loc, 'c-style');
  }
  const l = passes.checkExpr(ctx, ln);
  const r = passes.checkExpr(ctx, rn);
  if (l.type.kind === 'error' || r.type.kind === 'error') return errorExpr(loc);
  if (classOf(l.type) || classOf(r.type) || unqualified(l.type).kind === 'enum' || unqualified(r.type).kind === 'enum') {
    const o = overloadedOperator(ctx, op, [l, r], loc, true);
    if (o) return o;
  }
  return builtinBinary(ctx, op, builtinOperand(ctx, l), builtinOperand(ctx, r), loc);
}

export function builtinBinary(ctx: Ctx, op: string, l: Expr, r: Expr, loc: Loc): Expr {
  const lt = bitFieldPromotion(l) ?? decay(unqualified(l.type));
  const rt = bitFieldPromotion(r) ?? decay(unqualified(r.type));
  const bad = () => {
    ctx.a.error(loc, 'bad-operands', `invalid operands to binary expression (${quoteType(l.type)} and ${quoteType(r.type)})`);
    return errorExpr(loc);
  };
  if (lt.kind === 'vector' || rt.kind === 'vector') return vectorBinary(ctx, op, l, r, lt, rt, loc);
  if (op === '&&' || op === '||') {
    if (!contextuallyBool(lt) || !contextuallyBool(rt)) return bad();
    noteBoolean(l);
    noteBoolean(r);
    const v = l.value !== undefined && r.value !== undefined ? +(op === '&&' ? !!l.value && !!r.value : !!l.value || !!r.value) : op === '&&' && l.value === 0 ? 0 : op === '||' && l.value !== undefined && l.value !== 0 ? 1 : undefined;
    return mk('binary', BOOL, 'prvalue', loc, { operator: op, operands: [l, r], value: v });
  }
  const arithmetic = (t: Type) => isArithmetic(t) || (t.kind === 'enum' && !t.decl.scoped);
  if (lt.kind === 'pointer' || rt.kind === 'pointer' || isBuiltin(lt, 'nullptr_t') || isBuiltin(rt, 'nullptr_t')) {
    noteConversion(l, lt.kind === 'pointer' || isBuiltin(lt, 'nullptr_t') ? lt : promote(lt));
    noteConversion(r, rt.kind === 'pointer' || isBuiltin(rt, 'nullptr_t') ? rt : promote(rt));
    if ((op === '+' || op === '-') && lt.kind === 'pointer' && isIntegralOrUnscopedEnum(rt)) return mk('binary', lt, 'prvalue', loc, { operator: op, operands: [l, r] });
    if (op === '+' && rt.kind === 'pointer' && isIntegralOrUnscopedEnum(lt)) return mk('binary', rt, 'prvalue', loc, { operator: op, operands: [l, r] });
    if (op === '-' && lt.kind === 'pointer' && rt.kind === 'pointer') return mk('binary', INT, 'prvalue', loc, { operator: op, operands: [l, r] });
    if (COMPARE.has(op)) return mk('binary', BOOL, 'prvalue', loc, { operator: op, operands: [l, r] });
    return bad();
  }
  if (lt.kind === 'enum' && rt.kind === 'enum' && lt.decl === rt.decl && COMPARE.has(op)) {
    return mk('binary', BOOL, 'prvalue', loc, { operator: op, operands: [l, r], value: fold(op, l.value, r.value, INT) });
  }
  if (!arithmetic(lt) || !arithmetic(rt)) return bad();
  if ((op === '%' || BITWISE.has(op)) && (!isIntegralOrUnscopedEnum(lt) || !isIntegralOrUnscopedEnum(rt))) return bad();
  if (COMPARE.has(op)) {
    const common = usualArithmetic(lt, rt);
    noteConversion(l, common);
    noteConversion(r, common);
    return mk('binary', BOOL, 'prvalue', loc, { operator: op, operands: [l, r], value: fold(op, l.value, r.value, common) });
  }
  const shift = op === '<<' || op === '>>';
  const type = shift ? promote(lt) : usualArithmetic(lt, rt);
  noteConversion(l, type);
  noteConversion(r, shift ? promote(rt) : type);
  if ((op === '/' || op === '%') && r.value === 0 && isIntegral(type)) ctx.a.warning(loc, 'division-by-zero', 'division by zero is undefined');
  return mk('binary', type, 'prvalue', loc, { operator: op, operands: [l, r], value: isIntegral(type) ? fold(op, l.value, r.value, type) : undefined });
}

export function decay(t: Type): Type {
  return t.kind === 'array' ? pointerTo(t.element) : t.kind === 'function' ? pointerTo(t) : t;
}

function contextuallyBool(t: Type): boolean {
  return isScalar(t) && !(t.kind === 'enum' && t.decl.scoped) || t.kind === 'array';
}

export function wrap(v: number, t: Type): number {
  if (t.kind !== 'builtin') return v;
  const n = t.name;
  const bits = n.includes('long long') ? 64 : n.includes('short') || n === 'char16_t' ? 16 : n.includes('char') && n !== 'char32_t' ? 8 : n === 'bool' ? 1 : 32;
  if (bits === 64) return v;
  if (bits === 1) return v ? 1 : 0;
  const m = 2 ** bits;
  let x = ((v % m) + m) % m;
  if (!isUnsigned(t) && x >= m / 2) x -= m;
  return x;
}

export function fold(op: string, a: number | undefined, b: number | undefined, t: Type): number | undefined {
  if (a === undefined || b === undefined) return undefined;
  let v: number;
  switch (op) {
    case '+': v = a + b; break;
    case '-': v = a - b; break;
    case '*': v = a * b; break;
    case '/': if (b === 0) return undefined; v = Math.trunc(a / b); break;
    case '%': if (b === 0) return undefined; v = a % b; break;
    case '&': v = Number(BigInt.asIntN(64, BigInt(Math.trunc(a))) & BigInt.asIntN(64, BigInt(Math.trunc(b)))); break;
    case '|': v = Number(BigInt.asIntN(64, BigInt(Math.trunc(a))) | BigInt.asIntN(64, BigInt(Math.trunc(b)))); break;
    case '^': v = Number(BigInt.asIntN(64, BigInt(Math.trunc(a))) ^ BigInt.asIntN(64, BigInt(Math.trunc(b)))); break;
    case '<<': v = a * 2 ** b; break;
    case '>>': v = Math.floor(a / 2 ** b); break;
    case '<': return +(cmpValue(a, t) < cmpValue(b, t));
    case '>': return +(cmpValue(a, t) > cmpValue(b, t));
    case '<=': return +(cmpValue(a, t) <= cmpValue(b, t));
    case '>=': return +(cmpValue(a, t) >= cmpValue(b, t));
    case '==': return +(cmpValue(a, t) === cmpValue(b, t));
    case '!=': return +(cmpValue(a, t) !== cmpValue(b, t));
    default: return undefined;
  }
  return wrap(v, t);
}

function cmpValue(v: number, t: Type): number {
  if (isUnsigned(t) && v < 0 && t.kind === 'builtin') return v + 2 ** (t.name.includes('long long') ? 64 : 32);
  return v;
}

export function unaryExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const op = node.childForFieldName('operator')?.type ?? '';
  const an = node.childForFieldName('argument');
  if (!an) return errorExpr(loc);
  return unaryOn(ctx, op, passes.checkExpr(ctx, an), loc);
}

/** A unary `op` (`!`, `~`, `-`, `+`) applied to the checked operand `a`. */
function unaryOn(ctx: Ctx, op: string, a: Expr, loc: Loc): Expr {
  if (a.type.kind === 'error') return errorExpr(loc);
  if (classOf(a.type)) {
    const o = overloadedOperator(ctx, op, [a], loc, true);
    if (o) return o;
  }
  const x = builtinOperand(ctx, a);
  const t = bitFieldPromotion(x) ?? decay(unqualified(x.type));
  if (t.kind === 'vector') return vectorUnary(ctx, op, x, t, loc);
  if (op === '!') {
    if (!contextuallyBool(t)) return badUnary(ctx, op, a, loc);
    return mk('unary', BOOL, 'prvalue', loc, { operator: op, operands: [x], value: x.value === undefined ? undefined : +!x.value });
  }
  if (op === '~') {
    if (!isIntegralOrUnscopedEnum(t)) return badUnary(ctx, op, a, loc);
    const pt = promote(t);
    return mk('unary', pt, 'prvalue', loc, { operator: op, operands: [x], value: x.value === undefined ? undefined : wrap(-x.value - 1, pt) });
  }
  if (op === '-' || op === '+') {
    if (!isArithmetic(t) && !(t.kind === 'enum' && !t.decl.scoped) && !(op === '+' && t.kind === 'pointer')) return badUnary(ctx, op, a, loc);
    const pt = promote(t);
    return mk('unary', pt, 'prvalue', loc, { operator: op, operands: [x], value: x.value === undefined ? undefined : op === '-' ? wrap(-x.value, pt) : x.value });
  }
  return badUnary(ctx, op, a, loc);
}

function badUnary(ctx: Ctx, op: string, a: Expr, loc: Loc): Expr {
  ctx.a.error(loc, 'bad-operands', `invalid argument type ${quoteType(a.type)} to unary expression '${op}'`);
  return errorExpr(loc);
}

export function pointerExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const op = node.childForFieldName('operator')?.type ?? '';
  const an = node.childForFieldName('argument');
  if (!an) return errorExpr(loc);
  const a = passes.checkExpr(ctx, an);
  if (a.type.kind === 'error') return errorExpr(loc);
  if (op === '&') {
    if (a.cat !== 'lvalue') {
      ctx.a.error(loc, 'address-of-rvalue', `cannot take the address of an rvalue of type ${quoteType(a.type)}`);
      return errorExpr(loc);
    }
    if (a.kind === 'member' && a.decl?.kind === 'field' && a.decl.bitWidth !== undefined) {
      ctx.a.error(loc, 'address-of-bit-field', 'address of bit-field requested');
      return errorExpr(loc);
    }
    return mk('address-of', pointerTo(a.type), 'prvalue', loc, { operands: [a] });
  }
  if (classOf(a.type)) {
    const o = overloadedOperator(ctx, op, [a], loc, false);
    if (o) return o;
  }
  const t = decay(a.type);
  if (t.kind !== 'pointer') {
    ctx.a.error(loc, 'bad-deref', `indirection requires pointer operand (${quoteType(a.type)} invalid)`);
    return errorExpr(loc);
  }
  if (isBuiltin(unqualified(t.pointee), 'void')) {
    ctx.a.error(loc, 'bad-deref', `indirection of ${quoteType(t)} (a void pointer) is not allowed`);
    return errorExpr(loc);
  }
  return mk('deref', t.pointee, 'lvalue', loc, { operands: [a] });
}

export function requireModifiable(ctx: Ctx, e: Expr, loc: Loc, what: string): boolean {
  if (e.type.kind === 'error') return false;
  if (e.cat !== 'lvalue') {
    ctx.a.error(loc, 'not-assignable', `expression is not assignable (${what} needs an lvalue)`);
    return false;
  }
  if (e.type.const || e.type.kind === 'array') {
    const name = e.decl && 'name' in e.decl ? ` '${(e.decl as { name: string }).name}'` : '';
    ctx.a.error(loc, 'assign-to-const', `cannot assign to${name ? ` variable${name}` : ' an expression'} with const-qualified type ${quoteType(e.type)}`);
    return false;
  }
  return true;
}

export function updateExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const an = node.childForFieldName('argument');
  const op = node.childForFieldName('operator')?.type ?? '++';
  if (!an) return errorExpr(loc);
  const a = passes.checkExpr(ctx, an);
  const prefix = node.child(0)?.type === op;
  if (classOf(a.type)) {
    // postfix: the overload with the dummy `int` parameter
    const o = overloadedOperator(ctx, op, prefix ? [a] : [a, mk('construct', INT, 'prvalue', loc, { operands: [], value: 0 })], loc, false);
    if (o) return o;
  }
  requireModifiable(ctx, a, loc, op);
  return mk('update', a.type, prefix ? 'lvalue' : 'prvalue', loc, { operator: op, operands: [a] });
}

export function assignExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const op = node.childForFieldName('operator')?.type ?? '=';
  const ln = node.childForFieldName('left');
  const rn = node.childForFieldName('right');
  if (!ln || !rn) return errorExpr(loc);
  const l = passes.checkExpr(ctx, ln);
  const r = op === '=' ? passes.checkConverted(ctx, rn, l.type) : passes.checkExpr(ctx, rn); // `p = f` may pick an overload of f
  if (l.type.kind === 'error' || (r.type.kind === 'error' && !r.list)) return errorExpr(loc);
  if (op !== '=' && !classOf(l.type) && unqualified(l.type).kind === 'enum' && !r.list) {
    // `flags |= Perm::W` through a user operator for the enum
    const o = overloadedOperator(ctx, op, [l, r], loc, true);
    if (o) return o;
  }
  if (classOf(l.type)) {
    const o = overloadedOperator(ctx, op, [l, r], loc, false);
    if (o) return o;
    ctx.a.error(loc, 'no-viable-operator', `no viable overloaded '${op}' for operands of type ${quoteType(l.type)} and ${r.list ? "'initializer list'" : quoteType(r.type)}`);
    return errorExpr(loc);
  }
  if (!requireModifiable(ctx, l, loc, 'assignment')) return errorExpr(loc);
  if (op === '=') {
    passes.convertOrReport(ctx, r, unqualified(l.type), r.loc, 'assigning to');
  } else {
    const bop = op.slice(0, -1);
    const res = builtinBinary(ctx, bop, l, builtinOperand(ctx, r), loc);
    if (res.type.kind === 'error') return errorExpr(loc);
    if (res.type.kind === 'vector' && !sameType(res.type, l.type, true)) {
      ctx.a.error(loc, 'type-mismatch', `assigning to ${quoteType(unqualified(l.type))} from incompatible type ${quoteType(res.type)}`);
      return errorExpr(loc);
    }
  }
  return mk('assign', l.type, 'lvalue', loc, { operator: op, operands: [l, r] });
}

