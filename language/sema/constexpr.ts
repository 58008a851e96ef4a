// Constant evaluation of calls to constexpr functions (C++ [expr.const]): a call whose arguments are
// constants runs the function's analysed body here — returns, ifs, loops, local variables, calls of
// other constexpr functions (recursion included) — over integral values. Statements are walked as
// syntax; each full-expression is the body's typed Expr (found by its span), so conversions and
// operators keep their C++ types. Anything else (pointers, classes, floating point, a read of an
// unknown value) makes the call not a constant; runaway recursion or loops are reported.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Analyzer } from './analyzer';
import { analyseBodyNow } from './body-schedule';
import type { Decl, FunctionDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { fold, wrap } from './operators';
import type { FunctionBody } from '../model/bodies';
import { isIntegral, nonReference, unqualified, type Type } from '../model/types';

const MAX_DEPTH = 256;
const MAX_STEPS = 100_000;

/** Thrown to stop an evaluation: not a constant (undefined reason) or over a limit (reported). */
class Stop {
  constructor(readonly limit?: string) {}
}

class Return {
  constructor(readonly value: number) {}
}

const BREAK = { kind: 'break' } as const;
const CONTINUE = { kind: 'continue' } as const;

interface Run {
  steps: number;
  depth: number;
}

/** The full-expressions of each analysed body by span (built on first evaluation). */
const exprIndex = new WeakMap<FunctionBody, Map<string, Expr>>();

/** Whether `fn` may be evaluated: a constexpr non-member (or static) function of integral result with a body. */
export function evaluable(fn: FunctionDecl): boolean {
  return !!fn.constexpr && !!fn.body && (!fn.owner || !!fn.isStatic) && isConstantType(fn.ret);
}

/**
 * The value of `fn(args)` (the arguments already converted constants), or undefined when it is not a
 * constant. `report` receives a limit that was hit (evaluation too deep or too long).
 */
export function constexprCall(a: Analyzer, fn: FunctionDecl, args: number[], report: (message: string) => void): number | undefined {
  try {
    return callValue(a, { steps: 0, depth: 0 }, fn, args);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    if (e.limit) report(e.limit);
    return undefined;
  }
}

function isConstantType(t: Type): boolean {
  const u = unqualified(nonReference(t));
  return isIntegral(u) || u.kind === 'enum';
}

function callValue(a: Analyzer, run: Run, fn: FunctionDecl, args: number[]): number {
  if (!evaluable(fn) || fn.analysing) throw new Stop();
  if (++run.depth > MAX_DEPTH) throw new Stop(`constexpr evaluation exceeded the maximum depth of ${MAX_DEPTH} calls (in '${fn.name}')`);
  try {
    // analysing the body evaluates its own constant calls, each on its own (a separate run)
    if (!fn.analysed) analyseBodyNow(a, fn);
    const body = fn.analysed;
    if (!body || args.length !== fn.params.length) throw new Stop();
    const env = new Map<Decl, number>();
    body.params.forEach((p, i) => env.set(p, wrapTo(args[i], p.type)));
    const frame: Frame = { a, run, body, env, exprs: indexOf(body) };
    try {
      statement(frame, fn.body!.node);
    } catch (e) {
      if (e instanceof Return) return wrapTo(e.value, fn.ret);
      throw e;
    }
    throw new Stop(); // flowing off the end: no value
  } finally {
    run.depth--;
  }
}

interface Frame {
  a: Analyzer;
  run: Run;
  body: FunctionBody;
  env: Map<Decl, number>;
  exprs: Map<string, Expr>;
}

function indexOf(body: FunctionBody): Map<string, Expr> {
  let m = exprIndex.get(body);
  if (!m) {
    m = new Map();
    for (const e of body.fullExpressions) m.set(`${e.loc.start}:${e.loc.end}`, e);
    exprIndex.set(body, m);
  }
  return m;
}

function wrapTo(v: number, t: Type): number {
  const u = unqualified(nonReference(t));
  if (u.kind === 'enum') return v;
  if (!isIntegral(u)) throw new Stop();
  return wrap(v, u);
}

function step(f: Frame): void {
  if (++f.run.steps > MAX_STEPS) throw new Stop(`constexpr evaluation exceeded the step limit (${MAX_STEPS} steps)`);
}

// ---- statements ----------------------------------------------------------------------------------

type Signal = typeof BREAK | typeof CONTINUE | undefined;

function statement(f: Frame, n: Node): Signal {
  step(f);
  switch (n.type) {
    case 'compound_statement':
      for (const c of n.namedChildren) {
        const s = statement(f, c);
        if (s) return s;
      }
      return undefined;
    case 'comment':
    case 'empty_statement':
    case 'static_assert_declaration':
    case 'type_definition':
    case 'alias_declaration':
      return undefined;
    case 'expression_statement': {
      const e = n.namedChild(0);
      if (e) value(f, exprOf(f, e));
      return undefined;
    }
    case 'declaration':
      declaration(f, n);
      return undefined;
    case 'return_statement': {
      const e = n.namedChild(0);
      if (!e) throw new Stop();
      throw new Return(value(f, exprOf(f, e)));
    }
    case 'if_statement': {
      const c = n.childForFieldName('condition');
      const alt = n.childForFieldName('alternative');
      const taken = c && test(f, c) ? n.childForFieldName('consequence') : alt && (alt.type === 'else_clause' ? alt.namedChildren.find((x) => x.type !== 'comment') : alt);
      return taken ? statement(f, taken) : undefined;
    }
    case 'while_statement':
      return loop(f, null, n.childForFieldName('condition'), null, n.childForFieldName('body'), false);
    case 'do_statement':
      return loop(f, null, n.childForFieldName('condition'), null, n.childForFieldName('body'), true);
    case 'for_statement':
      return loop(f, n.childForFieldName('initializer'), n.childForFieldName('condition'), n.childForFieldName('update'), n.childForFieldName('body'), false);
    case 'break_statement':
      return BREAK;
    case 'continue_statement':
      return CONTINUE;
    default:
      throw new Stop();
  }
}

function loop(f: Frame, init: Node | null, cond: Node | null, update: Node | null, body: Node | null, bodyFirst: boolean): Signal {
  if (init) {
    if (init.type === 'declaration') declaration(f, init);
    else value(f, exprOf(f, init));
  }
  for (let first = true; ; first = false) {
    step(f);
    if (!(bodyFirst && first) && cond && !test(f, cond)) return undefined;
    const s = body ? statement(f, body) : undefined;
    if (s === BREAK) return undefined;
    if (update) value(f, exprOf(f, update));
  }
}

/** A condition's truth (a condition declaring a variable is not evaluated). */
function test(f: Frame, n: Node): boolean {
  let inner: Node | null = n;
  if (n.type === 'condition_clause') {
    if (n.childForFieldName('initializer')) throw new Stop();
    inner = n.childForFieldName('value') ?? n.namedChild(0);
  }
  while (inner?.type === 'parenthesized_expression') inner = inner.namedChild(0);
  if (!inner || inner.type === 'declaration') throw new Stop();
  return value(f, exprOf(f, inner)) !== 0;
}

/** `int x = e, y;`: each local takes its initialiser's value (none: unknown until assigned). */
function declaration(f: Frame, n: Node): void {
  for (const d of n.childrenForFieldName('declarator')) {
    const nameNode = d.type === 'init_declarator' ? d.childForFieldName('declarator') : d;
    if (nameNode?.type !== 'identifier') throw new Stop();
    const local = f.body.locals.find((l) => l.decl.loc.start === nameNode.startIndex && l.decl.loc.end === nameNode.endIndex);
    if (!local) throw new Stop();
    const init = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
    if (init && init.type !== 'initializer_list' && init.type !== 'argument_list') f.env.set(local.decl, wrapTo(value(f, exprOf(f, init)), local.decl.type));
    else if (init) throw new Stop();
    else f.env.delete(local.decl);
  }
}

function exprOf(f: Frame, n: Node): Expr {
  const e = f.exprs.get(`${n.startIndex}:${n.endIndex}`);
  if (!e) throw new Stop();
  return e;
}

// ---- expressions ---------------------------------------------------------------------------------

/** An expression's value, after the implicit conversion its context applies. */
function value(f: Frame, e: Expr): number {
  const v = rawValue(f, e);
  const to = e.implicit?.to;
  return to && to.kind !== 'reference' && isConstantType(to) ? wrapTo(v, to) : v;
}

function rawValue(f: Frame, e: Expr): number {
  if (e.value !== undefined && e.kind !== 'assign' && e.kind !== 'update' && e.kind !== 'call') return e.value;
  step(f);
  const ops = e.operands ?? [];
  switch (e.kind) {
    case 'binary': return binary(f, e, ops);
    case 'unary': {
      const x = value(f, ops[0]);
      if (e.operator === '!') return +!x;
      if (e.operator === '~') return wrapTo(-x - 1, e.type);
      return e.operator === '-' ? wrapTo(-x, e.type) : x;
    }
    case 'conditional': return value(f, value(f, ops[0]) ? ops[1] : ops[2]);
    case 'comma':
      value(f, ops[0]);
      return value(f, ops[1]);
    case 'cast': return wrapTo(value(f, ops[0]), e.type);
    case 'assign': return assign(f, e, ops);
    case 'update': {
      const d = variable(f, ops[0]);
      const old = read(f, d);
      const now = wrapTo(e.operator === '--' ? old - 1 : old + 1, ops[0].type);
      f.env.set(d, now);
      return e.cat === 'lvalue' ? now : old;
    }
    case 'call': {
      if (!e.callee) throw new Stop();
      const args = ops.map((o) => value(f, o));
      return callValue(f.a, f.run, e.callee, args);
    }
    default:
      return read(f, variable(f, e));
  }
}

function binary(f: Frame, e: Expr, ops: Expr[]): number {
  const op = e.operator ?? '';
  if (op === '&&') return value(f, ops[0]) && value(f, ops[1]) ? 1 : 0;
  if (op === '||') return value(f, ops[0]) || value(f, ops[1]) ? 1 : 0;
  const l = value(f, ops[0]);
  const r = value(f, ops[1]);
  const compared = ['<', '>', '<=', '>=', '==', '!='].includes(op) ? ops[0].implicit?.to ?? ops[0].type : e.type;
  const v = fold(op, l, r, unqualified(nonReference(compared)));
  if (v === undefined) throw new Stop();
  return v;
}

function assign(f: Frame, e: Expr, ops: Expr[]): number {
  const d = variable(f, ops[0]);
  const r = value(f, ops[1]);
  const op = e.operator ?? '=';
  const t = unqualified(nonReference(ops[0].type));
  let v = r;
  if (op !== '=') {
    const folded = fold(op.slice(0, -1), read(f, d), r, t);
    if (folded === undefined) throw new Stop();
    v = folded;
  }
  v = wrapTo(v, t);
  f.env.set(d, v);
  return v;
}

/** The local or parameter a name denotes (only those can change during an evaluation). */
function variable(f: Frame, e: Expr): Decl {
  const d = e.decl;
  if (!d || d.kind !== 'var' || (d.storage !== 'local' && d.storage !== 'param')) throw new Stop();
  return d;
}

function read(f: Frame, d: Decl): number {
  const v = f.env.get(d) ?? (d.kind === 'var' ? d.value : undefined);
  if (v === undefined) throw new Stop();
  return v;
}
