// Declarations tree-sitter-cpp reads as expression statements: a pointer or reference to an array,
// `int (*row)[4] = a;` / `T (&r)[N][M];`, parses as `int(*row)[4] = a` — a functional cast of `*row`,
// subscripted, then assigned; a pointer or reference to a function whose return type is a type name,
// `T (*fp)(U) = f;`, parses as `T(*fp)(U) = f` — that cast, called. When the "called" name is a type
// (and, for the function form, every "argument" is one too), the statement is a declaration
// ([stmt.ambig]): this re-reads its parts (the declared name, its type, the initialiser). The shape
// test is syntactic and cheap (statements without it cost one node-type comparison); the compiler
// uses the same parts.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf } from './context';
import { resolveName } from './names';
import { typeFromName, typeFromSpecifier, type DeclaratorInfo } from './type-syntax';
import { ERROR, pointerTo, referenceTo, type Type } from '../model/types';
import { passes } from './passes';

/** The syntactic parts of a misparsed declaration. */
export interface MisparsedParts {
  /** The node naming the type (`int`, `T`, `ns::T`). */
  typeNode: Node;
  /** `*`, `&`, `**`… from the outermost (applied last) in. */
  operators: ('*' | '&')[];
  nameNode: Node;
  /** The array bounds, outermost first (`[3][4]` → 3's node, 4's node). */
  sizes: Node[];
  /** For a pointer or reference to a function: its parameters' type names (`(U, V)`), else undefined. */
  params?: Node[];
  init?: Node;
}

const TYPE_NODES = new Set(['primitive_type', 'identifier', 'type_identifier', 'qualified_identifier']);

/** The parts of `T (*name)[N]… = init;` read as an expression, or undefined (no type check: see misparsedDeclaration). */
export function misparsedParts(e: Node): MisparsedParts | undefined {
  let target = e;
  let init: Node | undefined;
  if (e.type === 'assignment_expression') {
    if (e.child(1)?.type !== '=') return undefined;
    target = e.childForFieldName('left') ?? e;
    init = e.childForFieldName('right') ?? undefined;
  }
  let params: Node[] | undefined;
  if (target.type === 'call_expression' && target.childForFieldName('function')?.type === 'call_expression') {
    params = target.childForFieldName('arguments')?.namedChildren.filter((c) => c.type !== 'comment');
    if (!params || !params.every((p) => TYPE_NODES.has(p.type))) return undefined;
    target = target.childForFieldName('function')!;
  } else if (target.type !== 'subscript_expression') return undefined;
  const sizes: Node[] = [];
  let n: Node = target;
  while (n.type === 'subscript_expression') {
    const list = n.childForFieldName('indices');
    const size = list?.namedChildren.filter((c) => c.type !== 'comment');
    if (!size || size.length !== 1) return undefined;
    sizes.unshift(size[0]);
    const arg = n.childForFieldName('argument');
    if (!arg) return undefined;
    n = arg;
  }
  if (n.type !== 'call_expression') return undefined;
  const typeNode = n.childForFieldName('function');
  const args = n.childForFieldName('arguments')?.namedChildren.filter((c) => c.type !== 'comment');
  if (!typeNode || !TYPE_NODES.has(typeNode.type) || !args || args.length !== 1) return undefined;
  const operators: ('*' | '&')[] = [];
  let inner = args[0];
  while (inner.type === 'pointer_expression') {
    const op = inner.child(0)?.type;
    if (op !== '*' && op !== '&') return undefined;
    operators.push(op);
    const a = inner.childForFieldName('argument');
    if (!a) return undefined;
    inner = a;
  }
  if (inner.type !== 'identifier' || !operators.length) return undefined;
  return { typeNode, operators, nameNode: inner, sizes, params, init };
}

/** A cheap first test: the statement's expression has the shape of a misparsed declaration. */
export function mayBeMisparsed(e: Node | null): e is Node {
  if (!e) return false;
  const target = e.type === 'assignment_expression' ? e.childForFieldName('left') : e;
  return !!target && (target.type === 'subscript_expression' || (target.type === 'call_expression' && target.childForFieldName('function')?.type === 'call_expression'));
}

/** The declaration a misparsed expression statement really is (its type named by a type), or undefined. */
export function misparsedDeclaration(ctx: Ctx, e: Node): { info: DeclaratorInfo; init?: Node } | undefined {
  const parts = misparsedParts(e);
  if (!parts || !namesType(ctx, parts.typeNode) || !(parts.params ?? []).every((p) => namesType(ctx, p))) return undefined;
  let type: Type = namedType(ctx, parts.typeNode);
  if (parts.params) type = functionReturning(ctx, type, parts.params);
  type = arrayOf(ctx, type, parts.sizes);
  for (let k = parts.operators.length - 1; k >= 0 && type.kind !== 'error'; k--) type = parts.operators[k] === '*' ? pointerTo(type) : referenceTo(type, false);
  return { info: { name: parts.nameNode.text, nameNode: parts.nameNode, type, role: 'object', initNode: parts.init }, init: parts.init };
}

function namesType(ctx: Ctx, n: Node): boolean {
  if (n.type === 'primitive_type') return true;
  const r = resolveName(ctx, n, undefined, true);
  return r.decls.length > 0 && r.decls.every((d) => passes.typeOfDecl(d) !== undefined);
}

function namedType(ctx: Ctx, n: Node): Type {
  return n.type === 'primitive_type' ? typeFromSpecifier(ctx, n) : typeFromName(ctx, n);
}

/** `ret (params…)`, the parameter types adjusted as a declarator's are (arrays and functions decay). */
function functionReturning(ctx: Ctx, ret: Type, params: Node[]): Type {
  const types: Type[] = [];
  for (const p of params) {
    let t = namedType(ctx, p);
    if (t.kind === 'array') t = pointerTo(t.element);
    if (t.kind === 'function') t = pointerTo(t);
    if (t.kind === 'builtin' && t.name === 'void' && params.length === 1) break;
    types.push(t);
  }
  return { kind: 'function', ret, params: types, variadic: false };
}

/** `element[s0][s1]…`: the bounds must be positive constants. */
function arrayOf(ctx: Ctx, element: Type, sizes: Node[]): Type {
  let t = element;
  for (let k = sizes.length - 1; k >= 0; k--) {
    const size = passes.checkExpr(ctx, sizes[k]);
    const length = size.value;
    if (length === undefined) {
      if (size.type.kind !== 'error') ctx.a.error(locOf(ctx, sizes[k]), 'not-constant', 'array size is not a constant expression');
      return ERROR;
    }
    if (length <= 0) {
      ctx.a.error(locOf(ctx, sizes[k]), 'bad-array-size', `array size must be positive (is ${length})`);
      return ERROR;
    }
    t = { kind: 'array', element: t, length };
  }
  return t;
}
