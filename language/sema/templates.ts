// Templates: completing argument lists with defaults, choosing a partial specialisation, instantiating
// class templates (lazily, on first need of a complete type) and function templates, and deducing
// function template arguments from call arguments.

import { activeAnalyzer } from './analyzer';
import { type Ctx, locOf, withScope } from './context';
import { declareFunctionInstance, elaborateClass, patternScope } from './declare';
import {
  ClassDecl, Scope, type AliasTemplate, type ClassTemplate, type FunctionDecl, type FunctionTemplate, type Loc, type PartialSpecialization,
  type TemplateArg, type TemplateParam, type TypedefDecl,
} from '../model/declarations';
import { typeFromDescriptor, typeFromSpecifier } from './type-syntax';
import { bindPack, functionPackIndex, packIndex } from './variadic';
import { argsKey, argToString, canonical, isBuiltin, isUnsigned, nonReference, referenceTo, sameArg, sameType, unqualified, type Type } from '../model/types';
import { passes } from './passes';

/** A scope binding `params` to `args` (inside `parent`). */
export function bindingScope(parent: Scope, params: TemplateParam[], args: TemplateArg[]): Scope {
  const s = new Scope('template', parent);
  params.forEach((p, i) => {
    if (p.pack) bindPack(s, p, args.slice(i));
    else if (args[i]) s.add(p.name, { kind: 'template-binding', param: p, arg: args[i] });
  });
  return s;
}

/** Checks kinds and count, adds defaults, converts values to the parameters' types. */
export function completeArgs(ctx: Ctx, params: TemplateParam[], given: TemplateArg[], declScope: Scope, loc: Loc, what: string, allowPartial = false): TemplateArg[] | undefined {
  const pk = packIndex(params);
  if (pk >= 0) {
    // the trailing pack takes every argument after the parameters before it
    const head = completeArgs(ctx, params.slice(0, pk), given.slice(0, pk), declScope, loc, what, allowPartial);
    if (!head || head.length < pk) return head;
    const p = params[pk];
    const elems = given.slice(pk).map((a) => checkArgKind(ctx, p, a, loc, what));
    return elems.every((a): a is TemplateArg => !!a) ? [...head, ...elems] : undefined;
  }
  if (given.length > params.length) {
    ctx.a.error(loc, 'template-args', `too many template arguments for ${what} (expected at most ${params.length}, got ${given.length})`);
    return undefined;
  }
  const out: TemplateArg[] = [];
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    let arg = given[i];
    if (!arg && p.defaultNode) {
      const scope = withScope({ ...ctx, unit: p.loc.unit }, bindingScope(declScope, params.slice(0, i), out));
      if (p.isType) arg = { kind: 'type', type: typeFromDescriptor(scope, p.defaultNode) };
      else {
        const v = passes.constantValue(scope, p.defaultNode);
        if (v !== undefined) arg = { kind: 'value', value: v };
      }
    }
    if (!arg) {
      if (allowPartial) return out;
      ctx.a.error(loc, 'template-args', `too few template arguments for ${what} (missing '${p.name}')`);
      return undefined;
    }
    if (p.isType && arg.kind !== 'type') {
      ctx.a.error(loc, 'template-args', `template argument for template type parameter '${p.name}' of ${what} must be a type`);
      return undefined;
    }
    if (!p.isType && arg.kind !== 'value') {
      ctx.a.error(loc, 'template-args', `template argument for non-type template parameter '${p.name}' of ${what} must be an expression, not a type`);
      return undefined;
    }
    if (arg.kind === 'value') arg = { kind: 'value', value: convertValue(arg.value, p.valueType), valueType: p.valueType ?? arg.valueType };
    else arg = { kind: 'type', type: canonical(arg.type) };
    out.push(arg);
  }
  return out;
}

function checkArgKind(ctx: Ctx, p: TemplateParam, arg: TemplateArg, loc: Loc, what: string): TemplateArg | undefined {
  if (p.isType !== (arg.kind === 'type')) {
    ctx.a.error(loc, 'template-args', `template argument for ${p.isType ? 'template type' : 'non-type template'} parameter pack '${p.name}' of ${what} must be ${p.isType ? 'a type' : 'an expression'}`);
    return undefined;
  }
  return arg.kind === 'value' ? { kind: 'value', value: convertValue(arg.value, p.valueType), valueType: p.valueType ?? arg.valueType } : { kind: 'type', type: canonical(arg.type) };
}

function convertValue(v: number, t: Type | undefined): number {
  if (!t) return v;
  if (isBuiltin(t, 'bool')) return v ? 1 : 0;
  if (isBuiltin(t, 'unsigned int') || isBuiltin(t, 'unsigned long')) return v >>> 0;
  if (isBuiltin(t, 'int') || isBuiltin(t, 'long')) return v | 0;
  if (isUnsigned(t) && v < 0) return v + 2 ** 64;
  return v;
}

/** The instance `tmpl<args>`; its body is elaborated when a complete type is first needed. */
export function instantiateClassTemplate(ctx: Ctx, tmpl: ClassTemplate, given: TemplateArg[], useLoc: Loc): ClassDecl | undefined {
  const what = `class template '${tmpl.qualifiedName}'`;
  const args = completeArgs(ctx, tmpl.params, given, tmpl.declScope, useLoc, what);
  if (!args) return undefined;
  const key = argsKey(args);
  const instances = ctx.a.instancesFor(tmpl, argsShared(args));
  const cached = instances.get(key);
  if (cached) {
    if (cached.instantiationErrors.length) ctx.a.replay(cached.instantiationErrors, useLoc, `'${cached.displayName()}'`);
    return cached;
  }
  const partial = choosePartial(ctx, tmpl, args);
  const node = partial ? partial.spec.node : tmpl.node;
  const unit = partial ? partial.spec.unit : tmpl.unit;
  const params = partial ? partial.spec.params : tmpl.params;
  const bound = partial ? partial.args : args;
  const scope = bindingScope(tmpl.declScope, params, bound);
  const cls = new ClassDecl(tmpl.name, tmpl.qualifiedName, node?.type === 'struct_specifier' ? 'struct' : 'class', scope, tmpl.loc, { template: tmpl, args });
  instances.set(key, cls);
  if (!node || !unit) return cls; // declared, never defined: stays incomplete
  const creator = ctx.a;
  cls.pending = () => {
    const a = activeAnalyzer(creator);
    const { errors } = a.instantiating(useLoc, `'${cls.displayName()}'`, () => elaborateClass({ a, unit, scope }, cls, node));
    cls.instantiationErrors = errors;
  };
  return cls;
}

function choosePartial(ctx: Ctx, tmpl: ClassTemplate, args: TemplateArg[]): { spec: PartialSpecialization; args: TemplateArg[] } | undefined {
  const matches: { spec: PartialSpecialization; args: TemplateArg[] }[] = [];
  for (const spec of tmpl.partials) {
    const pattern = patternArgs(ctx, tmpl, spec);
    if (!pattern) continue;
    const bindings = new Map<TemplateParam, TemplateArg>();
    if (pattern.length !== args.length) continue;
    if (!pattern.every((p, i) => matchArg(p, args[i], bindings))) continue;
    if (!spec.params.every((p) => bindings.has(p))) continue;
    matches.push({ spec, args: spec.params.map((p) => bindings.get(p)!) });
  }
  if (matches.length > 1) matches.sort((x, y) => x.spec.params.length - y.spec.params.length);
  return matches[0];
}

const patternCache = new WeakMap<PartialSpecialization, TemplateArg[] | null>();
function patternArgs(ctx: Ctx, tmpl: ClassTemplate, spec: PartialSpecialization): TemplateArg[] | undefined {
  if (patternCache.has(spec)) return patternCache.get(spec) ?? undefined;
  const list = spec.node.childForFieldName('name')?.childForFieldName('arguments');
  const pctx: Ctx = { a: ctx.a, unit: spec.unit, scope: patternScope({ a: ctx.a, unit: spec.unit, scope: tmpl.declScope }, spec.params) };
  const expansion = list?.namedChildren.find((c) => c.type === 'parameter_pack_expansion');
  if (expansion) ctx.a.error(locOf(pctx, expansion), 'unsupported', 'a partial specialisation with a pack expansion in its arguments is not supported');
  let args = list && !expansion ? passes.templateArguments(pctx, list) : undefined;
  if (args) args = args.map((x, i) => (x.kind === 'value' ? { kind: 'value', value: convertValue(x.value, tmpl.params[i]?.valueType), valueType: tmpl.params[i]?.valueType } : x));
  patternCache.set(spec, args ?? null);
  return args;
}

function matchArg(pattern: TemplateArg, actual: TemplateArg, bindings: Map<TemplateParam, TemplateArg>): boolean {
  if (pattern.kind === 'type' && pattern.type.kind === 'tparam' && !pattern.type.param.isType) {
    if (actual.kind !== 'value') return false;
    return bind(pattern.type.param, actual, bindings);
  }
  if (pattern.kind === 'value') return actual.kind === 'value' && actual.value === pattern.value;
  if (actual.kind !== 'type') return false;
  return deduceType(pattern.type, actual.type, bindings, true);
}

function bind(p: TemplateParam, a: TemplateArg, bindings: Map<TemplateParam, TemplateArg>): boolean {
  const prev = bindings.get(p);
  if (prev) return sameArg(prev, a);
  bindings.set(p, a);
  return true;
}

/** Structural deduction of `pattern` against `actual` (exact: cv must match where written). */
export function deduceType(pattern: Type, actual: Type, bindings: Map<TemplateParam, TemplateArg>, exact: boolean): boolean {
  switch (pattern.kind) {
    case 'tparam': {
      if (!pattern.param.isType) return false;
      let t = actual;
      if (pattern.const) {
        if (!actual.const && exact) return false;
        t = unqualified(actual);
      }
      return bind(pattern.param, { kind: 'type', type: t }, bindings);
    }
    case 'pointer':
      return actual.kind === 'pointer' && (!exact || !!pattern.const === !!actual.const) && deduceType(pattern.pointee, actual.pointee, bindings, exact);
    case 'reference':
      return actual.kind === 'reference' && pattern.rvalue === actual.rvalue && deduceType(pattern.referee, actual.referee, bindings, exact);
    case 'array':
      return actual.kind === 'array' && deduceType(pattern.element, actual.element, bindings, exact);
    case 'pattern': {
      if (actual.kind !== 'class' || !actual.decl.templateInfo || actual.decl.templateInfo.template !== pattern.template) return false;
      if (exact && !!pattern.const !== !!actual.const) return false;
      const args = actual.decl.templateInfo.args;
      return pattern.args.every((p, i) => args[i] !== undefined && matchArg(p, args[i], bindings));
    }
    default:
      return sameType(pattern, actual, !exact);
  }
}

// ---- function templates ---------------------------------------------------------------------------

const patternParamCache = new WeakMap<FunctionTemplate, Type[]>();
const patternSignatureCache = new WeakMap<FunctionTemplate, { ret: Type; params: Type[] } | null>();

/** The template's return and parameter types with its own parameters unbound (T_ in a mangled name). */
function patternSignature(ctx: Ctx, t: FunctionTemplate): { ret: Type; params: Type[] } | undefined {
  let cached = patternSignatureCache.get(t);
  if (cached === undefined) {
    const pctx: Ctx = { a: ctx.a, unit: t.unit, scope: patternScope({ a: ctx.a, unit: t.unit, scope: t.declScope }, t.params) };
    const decl = declareFunctionInstance(pctx, t);
    cached = decl ? { ret: decl.ret, params: decl.params.map((p) => p.type) } : null;
    patternSignatureCache.set(t, cached);
  }
  return cached ?? undefined;
}

/** The template's parameter types with its template parameters as placeholders. */
export function patternParamTypes(ctx: Ctx, t: FunctionTemplate): Type[] {
  let cached = patternParamCache.get(t);
  if (cached) return cached;
  const pctx: Ctx = { a: ctx.a, unit: t.unit, scope: patternScope({ a: ctx.a, unit: t.unit, scope: t.declScope }, t.params) };
  const decl = declareFunctionInstance(pctx, t);
  cached = decl ? decl.params.map((p) => p.type) : [];
  patternParamCache.set(t, cached);
  return cached;
}

/** Deduces the template arguments of a call (explicit ones first); undefined when deduction fails. */
export function deduceCall(ctx: Ctx, t: FunctionTemplate, explicit: TemplateArg[], argTypes: { type: Type; lvalue: boolean }[]): TemplateArg[] | undefined {
  const pk = packIndex(t.params);
  const bindings = new Map<TemplateParam, TemplateArg>();
  explicit.forEach((a, i) => {
    if (t.params[i] && i !== pk) bindings.set(t.params[i], a);
  });
  const ptypes = pk >= 0 || bindings.size < t.params.length ? patternParamTypes(ctx, t) : [];
  const fnPack = pk >= 0 ? functionPackIndex(t) : -1;
  const fixed = fnPack >= 0 ? fnPack : ptypes.length;
  if (fnPack >= 0 && argTypes.length < fixed) return undefined;
  if (pk >= 0 || bindings.size < t.params.length) {
    for (let i = 0; i < fixed && i < argTypes.length; i++) {
      if (!deduceOne(ptypes[i], argTypes[i], bindings)) return undefined;
    }
  }
  const out: TemplateArg[] = [];
  for (const p of t.params) {
    if (p.pack) break;
    const b = bindings.get(p);
    if (!b) {
      if (p.defaultNode) break;
      return undefined;
    }
    out.push(b);
  }
  if (pk < 0) return out;
  if (out.length < pk) return undefined;
  // the pack: explicit elements, then one element deduced from each trailing argument
  const elems = explicit.slice(pk);
  if (fnPack >= 0) {
    for (let i = fixed + elems.length; i < argTypes.length; i++) {
      const own = new Map(bindings);
      own.delete(t.params[pk]);
      if (!deduceOne(ptypes[fnPack], argTypes[i], own)) return undefined;
      const e = own.get(t.params[pk]);
      if (!e) return undefined;
      elems.push(e);
    }
  }
  return [...out, ...elems];
}

/** Deduces from one argument into `bindings`; false when it contradicts them. */
function deduceOne(pattern: Type | undefined, arg: { type: Type; lvalue: boolean }, bindings: Map<TemplateParam, TemplateArg>): boolean {
  if (!pattern) return true;
  let p = pattern;
  let a = arg.type;
  // a forwarding reference `T&&` given an lvalue deduces `T` as an lvalue reference (collapsing to `T&`)
  if (arg.lvalue && p.kind === 'reference' && p.rvalue && p.referee.kind === 'tparam' && p.referee.param.isType && !p.referee.const) {
    p = p.referee;
    a = referenceTo(nonReference(a));
  } else if (p.kind === 'reference') p = p.referee;
  else {
    if (a.kind === 'array') a = { kind: 'pointer', pointee: a.element };
    a = unqualified(a);
  }
  if (!mentionsParam(p)) return true;
  let trial = new Map(bindings);
  if (!deduceType(p, a, trial, false)) {
    trial = new Map(bindings);
    if (!deduceType(p, nonReference(a), trial, false)) return false;
  }
  for (const [k, v] of trial) bindings.set(k, v);
  return true;
}

function mentionsParam(t: Type): boolean {
  switch (t.kind) {
    case 'tparam':
    case 'pattern':
      return true;
    case 'pointer': return mentionsParam(t.pointee);
    case 'reference': return mentionsParam(t.referee);
    case 'array': return mentionsParam(t.element);
    default: return false;
  }
}

/** The declaration `t<args>` (its body is analysed when it is used). */
export function instantiateFunctionTemplate(ctx: Ctx, t: FunctionTemplate, given: TemplateArg[], useLoc: Loc): FunctionDecl | undefined {
  const what = `function template '${t.qualifiedName}'`;
  const args = completeArgs(ctx, t.params, given, t.declScope, useLoc, what);
  if (!args) return undefined;
  const key = argsKey(args);
  const instances = ctx.a.instancesFor(t, argsShared(args));
  if (instances.has(key)) return instances.get(key) ?? undefined;
  const scope = bindingScope(t.declScope, t.params, args);
  const label = `'${t.qualifiedName}<${args.map(argToString).join(', ')}>'`;
  const { result } = ctx.a.instantiating(useLoc, label, () => declareFunctionInstance({ a: ctx.a, unit: t.unit, scope }, t));
  const decl = result ? { ...result, templateInfo: { template: t, args, signature: patternSignature(ctx, t) } } : undefined;
  instances.set(key, decl ?? null);
  return decl;
}

/** The type `alias<args>` stands for, as a typedef named `alias<args>` (printed as the aliased type). */
export function instantiateAliasTemplate(ctx: Ctx, alias: AliasTemplate, given: TemplateArg[], useLoc: Loc): TypedefDecl | undefined {
  const args = completeArgs(ctx, alias.params, given, alias.declScope, useLoc, `alias template '${alias.qualifiedName}'`);
  if (!args) return undefined;
  const scope = bindingScope(alias.declScope, alias.params, args);
  const type = typeFromDescriptor({ a: ctx.a, unit: alias.unit, scope }, alias.typeNode);
  const qualifiedName = `${alias.qualifiedName}<${args.map(argToString).join(', ')}>`;
  return { kind: 'typedef', id: alias.id, name: alias.name, qualifiedName, type, loc: alias.loc, namespaceScope: false };
}

/** True when every argument names only declarations of shared (SDK) layers. */
export function argsShared(args: TemplateArg[]): boolean {
  return args.every((a) => a.kind === 'value' || typeShared(a.type));
}

function typeShared(t: Type): boolean {
  switch (t.kind) {
    case 'builtin':
    case 'error':
      return true;
    case 'pointer': return typeShared(t.pointee);
    case 'reference': return typeShared(t.referee);
    case 'array': return typeShared(t.element);
    case 'function': return typeShared(t.ret) && t.params.every(typeShared);
    case 'enum': return t.decl.loc.unit.shared;
    case 'class': {
      const info = t.decl.templateInfo;
      return info ? info.template.loc.unit.shared && argsShared(info.args) : t.decl.loc.unit.shared;
    }
    default:
      return false;
  }
}

export { typeFromSpecifier, locOf };
