// Function bodies: statements, local variables (auto deduction, the three forms of initialisation),
// return checks, and the lifetimes of locals (to end of scope) and temporaries (to end of the
// full-expression, or of the reference that extends them).

import type { FunctionBody, RangeIterator, Temporary } from '../model/bodies';
import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Analyzer } from './analyzer';
import { AUTO_PARAM, type Ctx, containsAuto, locOf, withScope } from './context';
import { classOf, initializerListElement } from './conversions';
import { Loc, newId, Scope, type ClassDecl, type FunctionDecl, type FunctionTemplate, type TemplateParam, type TemplateArg, type VarDecl } from '../model/declarations';
import { deletedUse } from './special-members';
import { isIntegralOrEnum, switchConversion } from './class-members';
import { checkStaticAssert } from './check-expr';
import { mk } from './make-expr';
import { completeArrayType, errorExpr, isStringLiteral, type Expr } from '../model/expressions';
import { anonymousFieldNamed } from './anonymous-members';
import { checkCopyConstruction } from './calls';
import { overloadedOperator } from './operators';
import { argumentDependentCandidates } from './adl';
import { declaredBaseType, applyDeclarator, explicitAlignment, typeFromDescriptor, typeFromSpecifier, type DeclaratorInfo } from './type-syntax';
import { resolveName } from './names';
import { deduceType } from './templates';
import { mayBeMisparsed, misparsedDeclaration } from './misparsed-declarations';
import { classType, ERROR, isVoid, VOID, nonReference, pointerTo, referenceTo, sameType, unqualified, quoteType, withQuals, type Type } from '../model/types';
import { declareList } from './declare';
import { mayFallThrough, unusedValueWarning } from './flow';
import { noteBoolean } from './implicit';
import { noteLambdaReturn } from './lambdas';
import { checkJumps, newJumpSites, noteLabel, type JumpSites } from './jumps';
import { buildStatementTree } from './statements-build';
import { isExternDeclaration, isStaticDeclaration, writtenStorageClass } from './statements-declarations';
import { bindingDeclarator, bindingInitialiser, bindingNames, declareBindingNames, type BindingDeclarator } from './bindings';
import { passes } from './passes';

interface BodyState {
  readonly body: FunctionBody;
  readonly fn: FunctionDecl;
  /** The gotos and labels seen, and each switch's case labels (created when the body has one). */
  jumps?: JumpSites;
  /** The declared `auto` return type being deduced, and whether a return statement has deduced it. */
  readonly deducing?: { pattern: Type; deduced: boolean };
}

/** Analyses the body of `fn` (once). */
export function analyseFunctionBody(a: Analyzer, fn: FunctionDecl): FunctionBody | undefined {
  if (fn.analysed || fn.analysing || !fn.body) return fn.analysed;
  fn.analysing = true;
  const body: FunctionBody = { fn, params: [], locals: [], temporaries: [], conversionTemporaries: [], fullExpressions: [], rangeFors: [] };
  try {
    const { node, unit, scope } = fn.body;
    const fscope = new Scope('function', scope, fn);
    const ctx: Ctx = { a, unit, scope: fscope };
    const st: BodyState = { body, fn, deducing: startDeduction(fn) };
    for (const p of fn.params) {
      if (!p.name) continue;
      const v: VarDecl = { kind: 'var', id: newId(), name: p.name, type: p.type, storage: 'param', constexpr: false, loc: p.nameLoc ?? p.loc, qualifiedName: p.name };
      if (!unit.system && fscope.own(p.name).length) a.error(v.loc, 'redefinition', `redefinition of '${p.name}'`);
      fscope.add(p.name, v);
      body.params.push(v);
    }
    if (fn.body.initNode) memberInitialisers(ctx, st, fn.body.initNode);
    statement(ctx, st, node);
    if (st.jumps) checkJumps({ ...ctx, scope: fscope }, st.jumps, body.locals);
    if (st.deducing && !st.deducing.deduced) fn.ret = noReturnDeduction(ctx, st.deducing.pattern, fn.loc);
    checkFallOff(ctx, fn, node);
    body.statement = buildStatementTree(unit, body, node);
  } finally {
    fn.analysing = false;
  }
  fn.analysed = body;
  if (!fn.body.unit.system && !fn.generic && !a.userFunctions.includes(fn)) a.userFunctions.push(fn);
  return body;
}

/** A function declared with an `auto` return type: its return type is deduced again from its body. */
function startDeduction(fn: FunctionDecl): BodyState['deducing'] {
  if (fn.role === 'constructor' || fn.role === 'destructor') return undefined;
  if (!fn.autoReturn && containsAuto(fn.ret)) fn.autoReturn = fn.ret;
  if (!fn.autoReturn) return undefined;
  fn.ret = fn.autoReturn;
  return { pattern: fn.autoReturn, deduced: false };
}

/** The deduced return type of a body without a `return` value: `void` for a plain `auto`. */
function noReturnDeduction(ctx: Ctx, pattern: Type, at: Loc): Type {
  if (pattern.kind === 'tparam' && !pattern.const) return VOID;
  ctx.a.error(at, 'bad-auto', `cannot deduce return type ${quoteType(pattern)} from 'void'`);
  return ERROR;
}

/** Deduces the return type from one return statement; later ones must agree with the first. */
function deduceReturn(ctx: Ctx, st: BodyState, e: Expr | undefined, loc: Loc): void {
  const d = st.deducing!;
  const t = e ? deduceAuto(ctx, d.pattern, e, e.loc) : noReturnDeduction(ctx, d.pattern, loc);
  if (!d.deduced) {
    d.deduced = true;
    st.fn.ret = t;
    return;
  }
  const first = st.fn.ret;
  if (t.kind === 'error' || first.kind === 'error' || sameType(t, first, true)) return;
  ctx.a.error(loc, 'bad-return', `'auto' in return type deduced as ${quoteType(t)} here but deduced as ${quoteType(first)} in earlier return statement`);
}

/** Warns when control can reach the end of a non-void function (not `main`). */
function checkFallOff(ctx: Ctx, fn: FunctionDecl, body: Node): void {
  if (fn.role === 'constructor' || fn.role === 'destructor' || isVoid(fn.ret) || fn.ret.kind === 'error' || fn.name === 'main') return;
  if (body.type !== 'compound_statement' || body.hasError || !mayFallThrough(body)) return;
  const end = new Loc(ctx.unit, Math.max(body.startIndex, body.endIndex - 1), body.endIndex);
  ctx.a.warning(end, 'missing-return', `non-void function '${fn.name}' does not return a value${hasReturn(body) ? ' in all control paths' : ''}`);
}

function hasReturn(n: Node): boolean {
  return n.type === 'return_statement' || n.namedChildren.some(hasReturn);
}

function memberInitialisers(ctx: Ctx, st: BodyState, list: Node): void {
  const cls = st.fn.owner;
  if (!cls) return;
  for (const init of list.namedChildren) {
    if (!init || init.type !== 'field_initializer') continue;
    const nameNode = init.namedChild(0);
    const argsNode = init.namedChildren[init.namedChildCount - 1];
    if (!nameNode || !argsNode) continue;
    const argNodes = argsNode.type === 'initializer_list' ? [argsNode] : argsNode.namedChildren.filter((c): c is Node => !!c);
    const args = argNodes.map((c) => passes.checkExpr(ctx, c));
    const name = nameNode.text;
    const field = cls.fields.find((f) => f.name === name) ?? anonymousFieldNamed(cls, name)?.field;
    const loc = locOf(ctx, init);
    fullExpression(st, args, loc);
    (st.body.memberInitialisers ??= []).push({ name, args: args.filter((_, i) => argNodes[i].type !== 'comment'), loc });
    if (field) {
      initialise(ctx, field.type, args, loc, argsNode.type === 'initializer_list' ? 'list' : 'direct');
      continue;
    }
    if (namesOwnClass(cls, name)) {
      delegatingInitialiser(ctx, cls, list, args, loc);
      continue;
    }
    if (cls.base && (nameNode.type === 'template_type' || name === cls.base.name || name.startsWith(`${cls.base.name}<`))) {
      passes.construct(ctx, classType(cls.base), args, loc, false);
      continue;
    }
    if (cls.unknownBase) continue; // may name the base that is not known
    ctx.a.error(locOf(ctx, nameNode), 'unknown-member', `member initializer '${name}' does not name a non-static data member or base class`);
  }
}

/** `D() : D(7) {}`: the mem-initialiser names the constructor's own class (a delegating constructor). */
function namesOwnClass(cls: ClassDecl, name: string): boolean {
  const own = cls.templateInfo ? cls.templateInfo.template.name : cls.name;
  return name === own || name.startsWith(`${own}<`);
}

/** A delegating constructor's target constructor, chosen by overload resolution; it must be the only mem-initialiser. */
function delegatingInitialiser(ctx: Ctx, cls: ClassDecl, list: Node, args: Expr[], loc: Loc): void {
  const count = list.namedChildren.filter((c) => c?.type === 'field_initializer').length;
  if (count > 1) ctx.a.error(loc, 'bad-delegation', 'an initializer for a delegating constructor must appear alone');
  passes.construct(ctx, classType(cls), args, loc, false);
}

function block(ctx: Ctx): Ctx {
  return withScope(ctx, new Scope('block', ctx.scope));
}

/** The scopes of an if, while, for, range-for or switch statement's init and condition: the outermost
 *  block of the statement they control may not declare their names again ([basic.scope.block]). */
const controlScopes = new WeakSet<Scope>();

/** The scope of a statement's init and condition (see controlScopes). */
function controlBlock(ctx: Ctx): Ctx {
  const inner = block(ctx);
  controlScopes.add(inner.scope);
  return inner;
}

/** The variable of the namespace around `scope` (the innermost namespace or global scope) named `name`. */
function namespaceVariable(scope: Scope, name: string): VarDecl | undefined {
  let s: Scope | undefined = scope;
  while (s && s.kind !== 'namespace' && s.kind !== 'global') s = s.parent;
  return s?.own(name).find((d): d is VarDecl => d.kind === 'var' && d.storage === 'global');
}

/** The variable that declaring `name` in `scope` would declare again, if any: one of the same block
 *  (a namespace-scope variable a block-scope `extern` declaration named counts), or, in the outermost
 *  block of a function body or of a controlled statement, a parameter or a variable of the init or
 *  condition. */
function redeclared(scope: Scope, name: string): VarDecl | undefined {
  const here = scope.own(name).find((d): d is VarDecl => d.kind === 'var');
  if (here) return here;
  const up = scope.parent;
  if (scope.kind !== 'block' || !up || (up.kind !== 'function' && !controlScopes.has(up))) return undefined;
  return up.own(name).find((d): d is VarDecl => d.kind === 'var');
}

function statement(ctx: Ctx, st: BodyState, node: Node): void {
  try {
    statementInner(ctx, st, node);
  } catch (e) {
    ctx.a.error(locOf(ctx, node), 'internal', `internal analyser error: ${(e as Error).message}`);
  }
}

function statementInner(ctx: Ctx, st: BodyState, node: Node): void {
  switch (node.type) {
    case 'compound_statement': {
      const inner = block(ctx);
      for (const c of node.namedChildren) if (c) statement(inner, st, c);
      closeScope(st, inner.scope, Loc.of(ctx.unit, node));
      return;
    }
    case 'declaration':
      localDeclaration(ctx, st, node);
      return;
    case 'expression_statement': {
      const e = node.namedChild(0);
      if (mayBeMisparsed(e) && misparsedLocal(ctx, st, node, e)) return;
      if (e) fullExpression(st, [discarded(ctx, e)], locOf(ctx, node));
      return;
    }
    case 'if_statement': {
      const inner = controlBlock(ctx);
      const cond = node.childForFieldName('condition');
      if (cond) condition(inner, st, cond);
      const c = node.childForFieldName('consequence');
      const alt = node.childForFieldName('alternative');
      if (c) statement(inner, st, c);
      if (alt) statement(inner, st, alt.type === 'else_clause' ? alt.namedChild(0) ?? alt : alt);
      closeScope(st, inner.scope, locOf(ctx, node));
      return;
    }
    case 'while_statement': {
      const inner = controlBlock(ctx);
      const cond = node.childForFieldName('condition');
      if (cond) condition(inner, st, cond);
      const b = node.childForFieldName('body');
      if (b) statement(inner, st, b);
      closeScope(st, inner.scope, locOf(ctx, node));
      return;
    }
    case 'do_statement': {
      const b = node.childForFieldName('body');
      if (b) statement(ctx, st, b);
      const cond = node.childForFieldName('condition');
      if (cond) condition(ctx, st, cond);
      return;
    }
    case 'for_statement': {
      const inner = controlBlock(ctx);
      const init = node.childForFieldName('initializer');
      if (init) {
        if (init.type === 'declaration') localDeclaration(inner, st, init);
        else fullExpression(st, [passes.checkExpr(inner, init)], locOf(inner, init));
      }
      const cond = node.childForFieldName('condition');
      if (cond) condition(inner, st, cond);
      const upd = node.childForFieldName('update');
      if (upd) fullExpression(st, [discarded(inner, upd)], locOf(inner, upd));
      const b = node.childForFieldName('body');
      if (b) statement(inner, st, b);
      closeScope(st, inner.scope, locOf(ctx, node));
      return;
    }
    case 'for_range_loop':
      rangeFor(ctx, st, node);
      return;
    case 'return_statement':
      returnStatement(ctx, st, node);
      return;
    case 'switch_statement': {
      const inner = controlBlock(ctx);
      const cond = node.childForFieldName('condition');
      if (cond) condition(inner, st, cond, true);
      const b = node.childForFieldName('body');
      const outer = st.jumps?.switchStart;
      if (b) {
        (st.jumps ??= newJumpSites()).switchStart = { name: 'switch', scope: inner.scope, at: b.startIndex, loc: locOf(ctx, node) };
        statement(inner, st, b);
        st.jumps.switchStart = outer;
      }
      closeScope(st, inner.scope, locOf(ctx, node));
      return;
    }
    case 'case_statement': {
      const v = node.childForFieldName('value');
      if (v) {
        const e = passes.checkExpr(ctx, v);
        if (e.type.kind !== 'error' && e.value === undefined) ctx.a.error(locOf(ctx, v), 'not-constant', 'case value is not a constant expression');
        // kept with the body: the compiler takes the label's value from it (constant-values.ts)
        if (e.type.kind !== 'error') st.body.fullExpressions.push(e);
      }
      const sw = st.jumps?.switchStart;
      if (sw) {
        const label = new Loc(ctx.unit, node.startIndex, (v ?? node.child(0) ?? node).endIndex);
        st.jumps!.cases.push({ from: sw, to: { name: v ? 'case' : 'default', scope: ctx.scope, at: node.startIndex, loc: label } });
      }
      for (const c of node.namedChildren) if (c && c !== v) statement(ctx, st, c);
      return;
    }
    case 'labeled_statement': {
      const label = node.childForFieldName('label') ?? node.namedChild(0);
      if (label) noteLabel(ctx, (st.jumps ??= newJumpSites()), { name: label.text, scope: ctx.scope, at: node.startIndex, loc: locOf(ctx, label) });
      const s = node.namedChildren[node.namedChildCount - 1];
      if (s && s !== label) statement(ctx, st, s);
      return;
    }
    case 'goto_statement': {
      const label = node.childForFieldName('label') ?? node.namedChild(0);
      if (label) (st.jumps ??= newJumpSites()).gotos.push({ name: label.text, scope: ctx.scope, at: node.startIndex, loc: locOf(ctx, node) });
      return;
    }
    case 'static_assert_declaration':
      checkStaticAssert(ctx, node);
      return;
    case 'type_definition':
    case 'alias_declaration':
    case 'using_declaration':
    case 'namespace_alias_definition':
    case 'class_specifier':
    case 'struct_specifier':
    case 'union_specifier':
    case 'enum_specifier':
      if (node.type !== 'enum_specifier' && !node.childForFieldName('name') && node.childForFieldName('body')) {
        ctx.a.error(locOf(ctx, node), 'unsupported', `an anonymous ${node.type === 'union_specifier' ? 'union' : 'class'} at block scope is not supported yet`);
        return;
      }
      declareList(ctx, { namedChildren: [node] } as unknown as Node, 'public');
      return;
    case 'break_statement':
    case 'continue_statement':
    case 'comment':
    case 'empty_statement':
      return;
    case 'ERROR':
      for (const c of node.namedChildren) if (c && (c.type.endsWith('statement') || c.type === 'declaration')) statement(ctx, st, c);
      return;
    default:
      if (node.type.endsWith('_expression') || node.type === 'identifier') {
        fullExpression(st, [passes.checkExpr(ctx, node)], locOf(ctx, node));
      } else if (!node.hasError) ctx.a.warning(locOf(ctx, node), 'unsupported', `unsupported statement (${node.type.replace(/_/g, ' ')})`);
  }
}

/** An expression whose value is thrown away (a statement, a for-loop's increment). */
function discarded(ctx: Ctx, node: Node): Expr {
  const e = passes.checkExpr(ctx, node);
  const warning = unusedValueWarning(e);
  if (warning) ctx.a.warning(e.loc, 'unused-value', warning);
  return e;
}

function condition(ctx: Ctx, st: BodyState, node: Node, isSwitch = false): void {
  const init = node.type === 'condition_clause' ? node.childForFieldName('initializer') : null;
  if (init) for (const c of init.namedChildren) statement(ctx, st, c);
  const inner = node.type === 'condition_clause' || node.type === 'parenthesized_expression' ? (node.childForFieldName('value') ?? node.namedChild(0)) : node;
  if (!inner || inner === init) return;
  if (inner.type === 'declaration') {
    const n = st.body.locals.length;
    localDeclaration(ctx, st, inner);
    const v = st.body.locals.length > n ? st.body.locals[st.body.locals.length - 1].decl : undefined;
    if (v && v.type.kind !== 'error') (isSwitch ? switchValue : booleanValue)(ctx, v.type, v.loc);
    return;
  }
  const e = passes.checkExpr(ctx, inner);
  fullExpression(st, [e], locOf(ctx, inner));
  if (e.type.kind === 'error') return;
  if (isSwitch) return switchValue(ctx, e.type, e.loc);
  noteBoolean(e);
  booleanValue(ctx, e.type, locOf(ctx, inner));
}

/** A condition's value is contextually converted to bool. */
function booleanValue(ctx: Ctx, type: Type, loc: Loc): void {
  const t = unqualified(nonReference(type));
  const cls = classOf(t);
  if (cls) {
    const conv = cls.require() && cls.conversionFunctions().length > 0;
    if (!conv) ctx.a.error(loc, 'bad-condition', `value of type ${quoteType(type)} is not contextually convertible to 'bool'`);
    return;
  }
  if (t.kind === 'enum' && t.decl.scoped) ctx.a.error(loc, 'bad-condition', `value of type ${quoteType(type)} is not contextually convertible to 'bool'`);
}

/** A switch's value is of integral or enumeration type, or of a class converting to one. */
function switchValue(ctx: Ctx, type: Type, loc: Loc): void {
  const t = unqualified(nonReference(type));
  if (t.kind === 'error' || isIntegralOrEnum(t)) return;
  const cls = classOf(t);
  if (cls && cls.require() && switchConversion(cls)) return;
  ctx.a.error(loc, 'bad-condition', `statement requires expression of integer type (${quoteType(type)} invalid)`);
}

/** The declarators that may be (or hold) a structured binding's list. */
const BINDING_DECLARATORS = new Set(['init_declarator', 'function_declarator', 'structured_binding_declarator', 'reference_declarator']);

function localDeclaration(ctx: Ctx, st: BodyState, node: Node): void {
  const { type: base, flags } = declaredBaseType(ctx, node);
  for (const d of node.childrenForFieldName('declarator')) {
    if (!d) continue;
    const bd = BINDING_DECLARATORS.has(d.type) && bindingDeclarator(d);
    if (bd) {
      bindingDeclaration(ctx, st, node, d, bd, base, flags.constexpr);
      continue;
    }
    const vexing = vexingArguments(ctx, d);
    const info: DeclaratorInfo = vexing ? { name: vexing.name.text, nameNode: vexing.name, type: base, role: 'object' } : applyDeclarator(ctx, base, d);
    if (!info.name) continue;
    if (info.fn) continue; // a local function declaration
    // a condition's declaration (`while (T x = f())`) keeps its initialiser on the declaration node
    const initNode = info.initNode ?? (node.parent?.type === 'condition_clause' ? node.childForFieldName('value') ?? undefined : undefined);
    let init: Expr[] = [];
    let form: InitForm = 'none';
    if (vexing) {
      form = 'direct';
      init = vexing.args.map((c) => passes.checkExpr(ctx, c));
    } else if (initNode) {
      if (initNode.type === 'argument_list') {
        form = 'direct';
        init = initNode.namedChildren.filter((c): c is Node => !!c).map((c) => passes.checkExpr(ctx, c));
      } else if (initNode.type === 'initializer_list') {
        form = (d.type === 'init_declarator' ? d : node).children.some((c) => c?.type === '=') ? 'copy' : 'list';
        init = [passes.checkConverted(ctx, initNode, info.type)];
      } else {
        form = 'copy';
        init = [passes.checkConverted(ctx, initNode, info.type)];
      }
    }
    declareLocal(ctx, st, node, info, locOf(ctx, info.nameNode ?? d), init, form, flags.constexpr);
  }
}

type InitForm = 'copy' | 'direct' | 'list' | 'none';

/** `T (*p)[N] = e;` read as an expression statement (misparsed-declarations.ts): declares the local. */
function misparsedLocal(ctx: Ctx, st: BodyState, node: Node, e: Node): boolean {
  const m = misparsedDeclaration(ctx, e);
  if (!m) return false;
  const init = m.init ? [passes.checkExpr(ctx, m.init)] : [];
  declareLocal(ctx, st, node, m.info, locOf(ctx, m.info.nameNode!), init, init.length ? 'copy' : 'none', false);
  return true;
}

/** Declares one local object of a declaration, with its checked initialiser. */
function declareLocal(ctx: Ctx, st: BodyState, node: Node, info: DeclaratorInfo, loc: Loc, init: Expr[], form: InitForm, constexpr: boolean): void {
  const name = info.name;
  if (!name) return;
  // `extern int n;` in a block names the namespace-scope variable: no local object
  if (isExternDeclaration(node)) {
    const outer = namespaceVariable(ctx.scope, name);
    if (outer) ctx.scope.add(name, outer);
    else ctx.a.error(loc, 'unsupported', `a block-scope 'extern' declaration of '${name}' that no namespace-scope declaration before it declares is not supported: declare it at namespace scope first`);
    return;
  }
  let type = info.type;
  if (containsAuto(type)) type = deduceAuto(ctx, type, init[0], loc);
  type = completeArrayType(type, init);
  const v: VarDecl = { kind: 'var', id: newId(), name, type, storage: 'local', constexpr, loc, qualifiedName: name };
  if (isStaticDeclaration(node)) (v as { staticLocal?: boolean }).staticLocal = true;
  const storageClass = writtenStorageClass(node);
  if (storageClass) (v as { storageClass?: string }).storageClass = storageClass;
  const align = explicitAlignment(ctx, node);
  if (align) (v as { align?: number }).align = align;
  if (form === 'none') {
    if (type.kind === 'reference') ctx.a.error(loc, 'uninitialised-reference', `declaration of reference variable '${name}' requires an initializer`);
    else if (type.const && !classOf(type)) ctx.a.error(loc, 'uninitialised-const', `default initialization of an object of const type ${quoteType(type)}`);
    else if (classOf(type)) passes.construct(ctx, type, [], loc, false);
  } else if (type.kind !== 'error') {
    initialise(ctx, type, init, init[0]?.loc ?? loc, form);
    if ((constexpr || type.const) && init.length === 1 && init[0].value !== undefined && !classOf(type)) v.value = init[0].value;
    else if (constexpr && init[0]?.type.kind !== 'error') ctx.a.error(loc, 'not-constant', `constexpr variable '${name}' must be initialised by a constant expression`);
  }
  checkDestructible(ctx, type, loc);
  if (!ctx.unit.system && redeclared(ctx.scope, name)) ctx.a.error(loc, 'redefinition', `redefinition of '${name}'`);
  ctx.scope.add(name, v);
  const temps = fullExpression(st, init, locOf(ctx, node));
  if (type.kind === 'reference') extendLifetime(temps, init[0], v);
  const initialised = form !== 'none' || (!!classOf(type) && !isTrivialClass(type));
  st.body.locals.push(initialised ? { decl: v, start: loc, end: loc, initialised } : { decl: v, start: loc, end: loc });
}

/** A local object of class type (or array of them) is destroyed at the end of its scope: its destructor must not be deleted. */
function checkDestructible(ctx: Ctx, type: Type, loc: Loc): void {
  let t = type;
  while (t.kind === 'array') t = t.element;
  const cls = t.kind === 'class' ? t.decl : undefined;
  if (!cls || !cls.require()) return;
  const dtor = cls.scope.members.get(`~${cls.templateInfo ? cls.templateInfo.template.name : cls.name}`)?.find((d): d is FunctionDecl => d.kind === 'function');
  if (!dtor?.deleted) return;
  const { message, related } = deletedUse(dtor);
  ctx.a.report(loc, 'error', 'deleted-function', message, related);
}

/**
 * `auto [a, b] = e;` (also `{e}` and `(e)`, with `&` or `&&`): the hidden variable, a local initialised
 * like any other, then the names of its subobjects (sema/bindings.ts).
 */
function bindingDeclaration(ctx: Ctx, st: BodyState, node: Node, d: Node, bd: BindingDeclarator, base: Type, constexpr: boolean): void {
  const loc = locOf(ctx, bd.list);
  const condValue = node.parent?.type === 'condition_clause' ? node.childForFieldName('value') : null;
  const initNode = bindingInitialiser(d) ?? condValue ?? undefined;
  const init = initNode ? passes.checkExpr(ctx, initNode) : undefined;
  if (constexpr) ctx.a.error(loc, 'bad-binding', "decomposition declaration cannot be declared 'constexpr'");
  if (node.children.some((c) => c.type === 'storage_class_specifier')) ctx.a.error(loc, 'bad-binding', 'decomposition declaration cannot be declared with a storage class (C++17)');
  const object = localVar(bindingObjectName(bd), init ? bindingObjectType(ctx, base, bd, init, loc) : ERROR, loc);
  if (!init) ctx.a.error(loc, 'bad-binding', `decomposition declaration '${object.name}' requires an initializer`);
  else if (object.type.kind !== 'error') initialiseBindingObject(ctx, object.type, init, d.type === 'init_declarator' && d.childForFieldName('value')?.type !== 'initializer_list' ? 'copy' : 'direct');
  const temps = fullExpression(st, init ? [init] : [], locOf(ctx, node));
  if (object.type.kind === 'reference') extendLifetime(temps, init, object);
  declareBinding(ctx, st, bd, object, loc);
}

/** Adds the hidden variable (as a local no name can find) and the binding's names to the scope. */
function declareBinding(ctx: Ctx, st: BodyState, bd: BindingDeclarator, object: VarDecl, loc: Loc): void {
  ctx.scope.add(object.name, object);
  st.body.locals.push({ decl: object, start: loc, end: loc, initialised: true });
  (st.body.bindings ??= []).push(declareBindingNames(ctx, bd, object));
}

/** The hidden variable's name, as the debugger shows it: `[a, b]` (no name lookup finds it). */
function bindingObjectName(bd: BindingDeclarator): string {
  return `[${bindingNames(bd.list).map((n) => n.text).join(', ')}]`;
}

/**
 * The hidden variable's type: `auto` (cv-qualified, maybe a reference) deduced from the initialiser,
 * except that without a reference an array is copied whole (`cv A`, not a pointer).
 */
function bindingObjectType(ctx: Ctx, base: Type, bd: BindingDeclarator, init: Expr, loc: Loc): Type {
  if (base.kind !== 'tparam' || !containsAuto(base)) {
    if (base.kind !== 'error') ctx.a.error(loc, 'bad-binding', `decomposition declaration cannot be declared with type ${quoteType(base)}; declared type must be 'auto' or reference to 'auto'`);
    return ERROR;
  }
  if (init.type.kind === 'error') return ERROR;
  if (bd.ref) return deduceAuto(ctx, referenceTo(base, bd.ref === '&&' && init.cat !== 'lvalue'), init, loc);
  const t = nonReference(init.type);
  if (t.kind === 'array' && !init.list) return withQuals(t, !!base.const, !!base.volatile);
  return deduceAuto(ctx, base, init, loc);
}

/** The hidden object is initialised like a variable (an array is copied element by element: the compiler checks how). */
function initialiseBindingObject(ctx: Ctx, type: Type, init: Expr, form: 'copy' | 'direct'): void {
  if (type.kind === 'array') return;
  initialise(ctx, type, [init], init.loc, form);
}

/** A class whose default-initialisation and destruction do nothing (approximately: no constructor, destructor or virtual function, and so its members). */
function isTrivialClass(t: Type): boolean {
  const u = unqualified(t);
  if (u.kind === 'array') return isTrivialClass(u.element);
  const cls = classOf(u);
  if (!cls) return true;
  if (cls.hasUserConstructor || cls.hasUserDestructor || cls.polymorphic) return false;
  return (!cls.base || isTrivialClass(classType(cls.base))) && cls.fields.every((f) => isTrivialClass(f.type));
}

const VALUE_DECLS = new Set(['var', 'field', 'enumerator', 'function', 'function-template']);

/**
 * `T v(x);` reads as the declaration of a function `v` with a parameter of type `x`. When every such
 * "type" is a name of a variable (or other value), it is a direct-initialisation: the names, as
 * expressions. Undefined for anything else (a real function declaration included).
 */
function vexingArguments(ctx: Ctx, d: Node): { name: Node; args: Node[] } | undefined {
  const name = d.childForFieldName('declarator');
  const list = d.childForFieldName('parameters');
  if (d.type !== 'function_declarator' || name?.type !== 'identifier' || list?.type !== 'parameter_list') return undefined;
  const params = list.namedChildren.filter((c) => c.type !== 'comment');
  if (!params.length || d.namedChildCount !== 2) return undefined;
  const args: Node[] = [];
  for (const p of params) {
    const t = p.childForFieldName('type');
    if (p.type !== 'parameter_declaration' || p.namedChildCount !== 1 || !t) return undefined;
    if (t.type !== 'type_identifier' && t.type !== 'qualified_identifier') return undefined;
    const decls = resolveName(ctx, t, undefined, true).decls;
    if (!decls.length || !decls.every((x) => VALUE_DECLS.has(x.kind))) return undefined;
    args.push(t);
  }
  return { name, args };
}

/** Deduces `auto` (like a template type parameter) from the initialiser. */
function deduceAuto(ctx: Ctx, declared: Type, init: Expr | undefined, loc: Loc): Type {
  if (!init || init.type.kind === 'error') {
    if (!init) ctx.a.error(loc, 'bad-auto', "declaration with 'auto' requires an initializer");
    return ERROR;
  }
  let src: Type = init.type;
  if (init.list) {
    ctx.a.error(loc, 'bad-auto', "cannot deduce 'auto' from a brace-enclosed list here");
    return ERROR;
  }
  const bindings = new Map<TemplateParam, TemplateArg>();
  let pattern = declared;
  if (pattern.kind === 'reference') pattern = pattern.referee;
  else {
    if (src.kind === 'array') src = { kind: 'pointer', pointee: src.element } as Type;
    src = unqualified(src);
  }
  if (!deduceType(pattern, src, bindings, false)) {
    ctx.a.error(loc, 'bad-auto', `cannot deduce ${quoteType(declared)} from ${quoteType(init.type)}`);
    return ERROR;
  }
  const arg = bindings.get(AUTO_PARAM);
  const t = arg && arg.kind === 'type' ? arg.type : ERROR;
  return substituteAuto(declared, t);
}

function substituteAuto(t: Type, actual: Type): Type {
  switch (t.kind) {
    case 'tparam': return t.const ? { ...actual, const: true } as Type : actual;
    case 'pointer': return { ...t, pointee: substituteAuto(t.pointee, actual) };
    case 'reference': return referenceTo(substituteAuto(t.referee, actual), t.rvalue);
    default: return t;
  }
}

/** Initialises an object of `type` from `init` (copy `= e`, direct `(a, b)`, list `{...}`). */
export function initialise(ctx: Ctx, type: Type, init: Expr[], loc: Loc, form: 'copy' | 'direct' | 'list'): void {
  if (init.some((e) => e.type.kind === 'error' && !e.list)) return;
  if (type.kind === 'reference') {
    if (init.length !== 1) ctx.a.error(loc, 'bad-init', 'a reference must be initialised by exactly one expression');
    else passes.convertOrReport(ctx, init[0], type, loc, 'initialising');
    return;
  }
  const cls = classOf(type);
  if (cls && (form === 'direct' || form === 'list')) {
    passes.construct(ctx, type, init, loc, form === 'list');
    return;
  }
  if (type.kind === 'array' && init.length === 1 && isStringLiteral(init[0]) && isCharacter(type.element)) {
    const n = init[0].type.kind === 'array' ? (init[0].type.length ?? 0) : 0;
    if (type.length !== undefined && n > type.length) ctx.a.error(loc, 'bad-init', `initializer-string for char array is too long (${n} for ${type.length})`);
    return;
  }
  if (type.kind === 'array' && init.length === 1 && init[0].list) {
    const list = init[0].list;
    if (type.length !== undefined && list.length > type.length) ctx.a.error(loc, 'bad-init', `excess elements in array initializer (${list.length} for ${type.length})`);
    for (const e of list) passes.convertOrReport(ctx, e, type.element, e.loc, 'initialising');
    return;
  }
  if (init.length === 1) {
    if (cls && init[0].list && initializerListElement(unqualified(type)) === undefined) {
      passes.construct(ctx, type, init, loc, true);
      return;
    }
    if (passes.convertOrReport(ctx, init[0], unqualified(type), loc, 'initialising')) checkCopyConstruction(ctx, type, init[0], init[0].loc);
  }
}

/** `char`, `signed char` or `unsigned char`, cv-qualified or not (arrays of them take string literals). */
function isCharacter(t: Type): boolean {
  return t.kind === 'builtin' && (t.name === 'char' || t.name === 'signed char' || t.name === 'unsigned char');
}

function rangeFor(ctx: Ctx, st: BodyState, node: Node): void {
  const inner = controlBlock(ctx);
  const right = node.childForFieldName('right');
  const r = right ? (right.type === 'compound_literal_expression' && temporaryArray(inner, right)) || passes.checkExpr(inner, right) : undefined;
  const { type: base } = declaredBaseType(inner, node);
  const declarator = node.childForFieldName('declarator');
  const bd = bindingDeclarator(declarator);
  const loc = locOf(ctx, node);
  const rangeRef: VarDecl = { kind: 'var', id: newId(), name: '__range', type: r && r.type.kind !== 'error' ? referenceTo(r.type, r.cat !== 'lvalue') : ERROR, storage: 'local', constexpr: false, loc, qualifiedName: '__range' };
  if (r && right) for (const t of fullExpression(st, [r], locOf(ctx, right))) if (t.expr === r) t.extendedBy = rangeRef;
  const it = r ? rangeIteration(inner, r, rangeRef, loc) : undefined;
  const cursor = it?.cursor ?? localVar('__begin', ERROR, loc);
  const element = it?.element ?? errorExpr(r?.loc ?? loc);
  const variable = bd ? rangeBinding(inner, st, bd, base, element) : loopVariable(inner, st, node, applyDeclarator(inner, base, declarator), element);
  if (r) st.body.rangeFors.push({ loc, range: r, rangeRef, begin: it?.begin, end: it?.end, cursor, element, variable, iterator: it?.iterator });
  const b = node.childForFieldName('body');
  if (b) statement(inner, st, b);
  closeScope(st, inner.scope, loc);
}

/**
 * `A{1, 2, 3}` with `A` an array type (or the compound literal `(int[3]){1, 2, 3}`): a temporary array,
 * as a prvalue of the array type whose list holds the given elements (the rest are value-initialised).
 * Undefined when the type is not an array (then it is an ordinary expression).
 */
function temporaryArray(ctx: Ctx, node: Node): Expr | undefined {
  const typeNode = node.childForFieldName('type');
  const value = node.childForFieldName('value');
  if (!typeNode || !value) return undefined;
  const t = typeNode.type === 'type_descriptor' ? typeFromDescriptor(ctx, typeNode) : typeFromSpecifier(ctx, typeNode);
  if (t.kind !== 'array') return undefined;
  const loc = locOf(ctx, node);
  const list = passes.checkExpr(ctx, value);
  if (t.length === undefined) {
    ctx.a.error(loc, 'bad-range', `a temporary array of unknown bound ${quoteType(t)} cannot be a range`);
    return errorExpr(loc);
  }
  initialise(ctx, t, [list], loc, 'list');
  return mk('initializer_list', t, 'prvalue', loc, { list: list.list ?? [] });
}

/** A range-based for's variable, initialised from `*__begin` each iteration. */
function loopVariable(inner: Ctx, st: BodyState, node: Node, info: DeclaratorInfo, element: Expr): VarDecl | undefined {
  if (!info.name) return undefined;
  const vloc = locOf(inner, info.nameNode ?? node);
  const type = containsAuto(info.type) ? deduceAuto(inner, info.type, element, vloc) : info.type;
  const variable = localVar(info.name, type, vloc);
  if (type.kind !== 'error' && element.type.kind !== 'error') initialise(inner, type, [element], element.loc, 'copy');
  inner.scope.add(info.name, variable);
  st.body.locals.push({ decl: variable, start: vloc, end: vloc, initialised: true });
  return variable;
}

/** `for (auto& [k, v] : range)`: the loop variable is the binding's hidden variable. */
function rangeBinding(inner: Ctx, st: BodyState, bd: BindingDeclarator, base: Type, element: Expr): VarDecl {
  const loc = locOf(inner, bd.list);
  const type = element.type.kind === 'error' ? ERROR : bindingObjectType(inner, base, bd, element, loc);
  const object = localVar(bindingObjectName(bd), type, loc);
  if (type.kind !== 'error') initialiseBindingObject(inner, type, element, 'copy');
  declareBinding(inner, st, bd, object, loc);
  return object;
}

function localVar(name: string, type: Type, loc: Loc): VarDecl {
  return { kind: 'var', id: newId(), name, type, storage: 'local', constexpr: false, loc, qualifiedName: name };
}

function nameOf(v: VarDecl, loc: Loc): Expr {
  return { kind: 'name', type: nonReference(v.type), cat: 'lvalue', loc, decl: v };
}

interface Iteration {
  readonly cursor: VarDecl;
  readonly element: Expr;
  readonly begin?: FunctionDecl;
  readonly end?: FunctionDecl;
  readonly iterator?: RangeIterator;
}

/** How a range is walked: an array or braced list by a pointer, a class by what its begin and end return. */
function rangeIteration(ctx: Ctx, r: Expr, rangeRef: VarDecl, loc: Loc): Iteration | undefined {
  const t = nonReference(r.type);
  if (r.list || t.kind === 'array') {
    const elem = t.kind === 'array' ? t.element : r.list ? listElement(ctx, r, r.list) : undefined;
    if (!elem) return undefined;
    const cursorType = pointerTo(elem);
    const cursor = localVar('__begin', cursorType, loc);
    return { cursor, element: mk('deref', elem, 'lvalue', r.loc, { operands: [nameOf(cursor, r.loc)] }) };
  }
  const cls = classOf(t);
  if (!cls || !cls.require()) {
    if (t.kind !== 'error') ctx.a.error(r.loc, 'bad-range', `invalid range expression of type ${quoteType(r.type)}`);
    return undefined;
  }
  const range = nameOf(rangeRef, r.loc);
  const members = ['begin', 'end'].map((n) => ctx.a.lookupQualified(cls, n).filter((d): d is FunctionDecl | FunctionTemplate => d.kind === 'function' || d.kind === 'function-template'));
  const useMembers = members[0].length > 0 || members[1].length > 0;
  const calls: Expr[] = [];
  for (const [i, name] of ['begin', 'end'].entries()) {
    const fns = useMembers ? members[i] : argumentDependentCandidates(name, [range]);
    if (!fns.length) {
      ctx.a.error(r.loc, 'bad-range', `invalid range expression of type ${quoteType(r.type)}; no viable '${name}' function available`);
      return undefined;
    }
    const callee = mk('overload-set', ERROR, 'lvalue', r.loc, { overloads: fns, object: useMembers ? range : undefined });
    const call = passes.callWith(ctx, callee, useMembers ? [] : [range], r.loc, name);
    if (call.type.kind === 'error') return undefined;
    calls.push(call);
  }
  const [beginInit, endInit] = calls;
  const cursor = localVar('__begin', iteratorType(beginInit.type), loc);
  const endVar = localVar('__end', iteratorType(endInit.type), loc);
  const fns = { begin: beginInit.callee, end: endInit.callee };
  const c = nameOf(cursor, r.loc);
  if (cursor.type.kind === 'pointer') return { cursor, ...fns, element: mk('deref', cursor.type.pointee, 'lvalue', r.loc, { operands: [c] }), iterator: { endVar, beginInit, endInit } };
  const e = nameOf(endVar, r.loc);
  const test = iteratorOperator(ctx, '!=', [c, e], r);
  const increment = test && iteratorOperator(ctx, '++', [c], r);
  const element = increment && iteratorOperator(ctx, '*', [c], r);
  if (!test || !increment || !element) return undefined;
  return { cursor, ...fns, element, iterator: { endVar, beginInit, endInit, test, increment } };
}

/** The type of `auto __begin = begin-expr`: decayed, without cv-qualifiers. */
function iteratorType(t: Type): Type {
  const u = unqualified(nonReference(t));
  return u.kind === 'array' ? pointerTo(u.element) : u;
}

/** `__begin != __end`, `++__begin` or `*__begin` on an iterator of class type: an overloaded operator. */
function iteratorOperator(ctx: Ctx, op: string, operands: Expr[], r: Expr): Expr | undefined {
  const e = overloadedOperator(ctx, op, operands, r.loc, false);
  if (!e) ctx.a.error(r.loc, 'bad-range', `the iterator of type ${quoteType(operands[0].type)} that this range's begin() returns has no 'operator${op}'`);
  return e && e.type.kind !== 'error' ? e : undefined;
}

/** A braced list is a `std::initializer_list<E>` (a constant array of E) deduced from its elements. */
function listElement(ctx: Ctx, r: Expr, list: Expr[]): Type | undefined {
  const first = list[0];
  if (!first || first.type.kind === 'error') {
    if (!first) ctx.a.error(r.loc, 'bad-range', 'cannot deduce the element type of an empty braced list');
    return undefined;
  }
  const e = unqualified(first.type);
  for (const x of list) passes.convertOrReport(ctx, x, e, x.loc, 'initialising');
  return { ...e, const: true } as Type;
}

function returnStatement(ctx: Ctx, st: BodyState, node: Node): void {
  const en = node.namedChild(0);
  const fn = st.fn;
  const loc = locOf(ctx, node);
  const ret = fn.role === 'constructor' || fn.role === 'destructor' ? undefined : fn.ret;
  if (st.deducing) {
    const e = en ? passes.checkExpr(ctx, en) : undefined;
    deduceReturn(ctx, st, e, loc);
    if (e) {
      if (fn.ret.kind !== 'error') returnValue(ctx, fn, fn.ret, e, loc);
      fullExpression(st, [e], loc);
    }
    return;
  }
  if (!en) {
    if (noteLambdaReturn(ctx.a, fn, undefined)) return;
    if (ret && !isVoid(ret) && ret.kind !== 'error') ctx.a.error(loc, 'missing-return-value', `non-void function '${fn.name}' should return a value`);
    return;
  }
  const e = ret ? passes.checkConverted(ctx, en, ret) : passes.checkExpr(ctx, en);
  if (!noteLambdaReturn(ctx.a, fn, e.list ? ERROR : e.type)) returnValue(ctx, fn, ret, e, loc);
  fullExpression(st, [e], loc);
}

/** Checks (and records the conversion of) a returned value. */
function returnValue(ctx: Ctx, fn: FunctionDecl, ret: Type | undefined, e: Expr, loc: Loc): void {
  if (!ret || isVoid(ret)) {
    if (e.type.kind !== 'error' && !isVoid(e.type)) ctx.a.error(loc, 'return-value-in-void', `void function '${fn.name}' should not return a value`);
    return;
  }
  if (classOf(ret) && classOf(e.type) === classOf(ret) && e.cat === 'prvalue') return;
  if (classOf(ret) && e.list) {
    passes.construct(ctx, ret, [e], e.loc, true);
    return;
  }
  if (classOf(ret) && e.cat === 'lvalue' && classOf(e.type) === classOf(ret)) {
    const local = e.decl?.kind === 'var' && (e.decl.storage === 'local' || e.decl.storage === 'param') && e.decl.type.kind !== 'reference';
    checkCopyConstruction(ctx, ret, e, e.loc, local);
    return;
  }
  passes.convertOrReport(ctx, e, ret, e.loc, 'returning');
}

/** Records the temporaries a full-expression creates; returns them. */
function fullExpression(st: BodyState, exprs: Expr[], loc: Loc): Temporary[] {
  const found: Temporary[] = [];
  const converted: Temporary[] = [];
  const visit = (e: Expr | undefined) => {
    if (!e) return;
    if (e.temporary) found.push({ expr: e, type: e.type, fullExpression: loc });
    // a conversion that materialises a temporary (binding a const& to a converted value, a user-defined
    // conversion to a class) makes one more, of the converted type
    const conv = e.implicit;
    if (conv && (conv.steps.includes('materialize-temporary') || (conv.user && classOfType(conv.to))) && !(e.temporary && sameType(nonReference(conv.to), e.type, true))) {
      converted.push({ expr: e, type: unqualified(nonReference(conv.to)), fullExpression: loc });
    }
    if (e.operands) for (const o of e.operands) visit(o);
    if (e.object) visit(e.object);
    if (e.list) for (const x of e.list) visit(x);
  };
  for (const e of exprs) {
    visit(e);
    st.body.fullExpressions.push(e);
  }
  st.body.temporaries.push(...found);
  st.body.conversionTemporaries.push(...converted);
  return [...found, ...converted];
}

/**
 * A reference initialised by a temporary extends its life to the reference's scope: the temporary a
 * conversion made, when the initialiser was converted, else the initialiser itself.
 */
function extendLifetime(temps: Temporary[], init: Expr | undefined, ref: VarDecl): void {
  if (!init) return;
  const own = temps.filter((t) => t.expr === init || t.expr.loc === init.loc);
  const converted = own.find((t) => init.implicit && sameType(t.type, unqualified(nonReference(init.implicit.to)), true) && !(init.temporary && t.type === init.type));
  for (const t of converted ? [converted] : own) t.extendedBy = ref;
}

function classOfType(t: Type): boolean {
  return nonReference(t).kind === 'class';
}

function closeScope(st: BodyState, scope: Scope, end: Loc): void {
  const endLoc = new Loc(end.unit, Math.max(end.start, end.end - 1), end.end);
  for (const l of st.body.locals) {
    if (l.end === l.start && scope.members.get(l.decl.name)?.includes(l.decl)) {
      (l as { end: Loc }).end = endLoc;
    }
  }
}
