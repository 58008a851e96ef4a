// Types as written: type specifiers, cv-qualifiers, declarators (pointer, reference, array, function
// with ref-qualifiers), type-ids and template argument lists; the alignment `alignas` asks for.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { AUTO, type Ctx, childrenOfType, hasChildToken, locOf } from './context';
import type { Decl, ParamDecl, RefQualifier, TemplateArg } from '../model/declarations';
import { Loc } from '../model/declarations';
import { normaliseOperatorName, resolveName } from './names';
import {
  aliased, builtin, classType, ERROR, pointerTo, referenceTo, typeToString, vectorType, withQuals, type BuiltinName, type Type,
} from '../model/types';
import { sizeAlignOf } from '../model/layout';
import { quoteType } from '../model/types';
import { vectorTypeBySpelling } from '../model/vector-types';
import { passes } from './passes';

const PRIMITIVES = new Set(['void', 'bool', 'char', 'int', 'float', 'double', 'short', 'long', 'signed', 'unsigned', 'wchar_t', 'char16_t', 'char32_t']);

/** The type a declaration's type specifier names (without the declarator). */
export function typeFromSpecifier(ctx: Ctx, node: Node | null): Type {
  if (!node) return ERROR;
  switch (node.type) {
    case 'primitive_type': {
      if (PRIMITIVES.has(node.text)) return builtin(node.text as BuiltinName);
      return typeFromName(ctx, node);
    }
    case 'sized_type_specifier':
      return sizedType(ctx, node);
    case 'type_identifier':
    case 'qualified_identifier':
    case 'template_type':
    case 'dependent_type':
      return typeFromName(ctx, node);
    case 'placeholder_type_specifier':
      return AUTO;
    case 'auto':
      return AUTO;
    case 'decltype': {
      const e = node.namedChild(0);
      if (!e) return ERROR;
      if (e.type === 'auto') return AUTO;
      const x = passes.checkExpr(ctx, e);
      if (e.type === 'identifier' || e.type === 'field_expression' || e.type === 'qualified_identifier') return x.declaredType ?? x.type;
      return x.cat === 'lvalue' ? referenceTo(x.type) : x.cat === 'xvalue' ? referenceTo(x.type, true) : x.type;
    }
    case 'struct_specifier':
    case 'class_specifier':
    case 'union_specifier': {
      const c = passes.declareClassSpecifier(ctx, node);
      return c ? classType(c) : ERROR;
    }
    case 'enum_specifier': {
      const e = passes.declareEnumSpecifier(ctx, node);
      return e ? { kind: 'enum', decl: e } : ERROR;
    }
    default:
      ctx.a.error(locOf(ctx, node), 'unsupported', `unsupported type '${node.text.slice(0, 40)}'`);
      return ERROR;
  }
}

function sizedType(ctx: Ctx, node: Node): Type {
  const words = node.text.split(/\s+/).filter(Boolean);
  let unsigned = false;
  let longs = 0;
  let short = false;
  let base = 'int';
  for (const w of words) {
    if (w === 'unsigned') unsigned = true;
    else if (w === 'signed') unsigned = false;
    else if (w === 'long') longs++;
    else if (w === 'short') short = true;
    else base = w;
  }
  if (base === 'char') return builtin(unsigned ? 'unsigned char' : words.includes('signed') ? 'signed char' : 'char');
  if (base === 'double') return builtin(longs ? 'long double' : 'double');
  if (base !== 'int') {
    ctx.a.error(locOf(ctx, node), 'bad-type', `'${node.text}' is not a valid type`);
    return ERROR;
  }
  const name = short ? 'short' : longs >= 2 ? 'long long' : longs === 1 ? 'long' : 'int';
  return builtin((unsigned ? `unsigned ${name}` : name) as BuiltinName);
}

/** The type a declaration names, or ERROR (with a diagnostic) when it is not a type. */
export function typeFromName(ctx: Ctx, node: Node): Type {
  if (node.type === 'type_identifier' && node.text.startsWith('__')) {
    const v = vectorTypeBySpelling(node.text);
    if (v) return vectorType(v.name)!;
  }
  const r = resolveName(ctx, node, undefined, true);
  if (r.pattern) return r.pattern;
  if (r.dependent) return ERROR;
  const t = r.decls.map(typeOfDecl).find((x) => x !== undefined);
  if (t) return t;
  if (r.decls.length) {
    ctx.a.error(locOf(ctx, node), 'not-a-type', `'${r.name}' does not name a type`);
    return ERROR;
  }
  if (node.type === 'template_type' || node.type === 'qualified_identifier') {
    // resolve again, reporting what was wrong
    const before = ctx.a.reportCount;
    const again = resolveName(ctx, node, undefined, false);
    if (again.decls.length === 0 && ctx.a.reportCount === before) ctx.a.error(locOf(ctx, node), 'unknown-type', `unknown type name '${node.text}'`);
    return ERROR;
  }
  if (passes.isUnexpandedPack(ctx, r.name)) ctx.a.error(locOf(ctx, node), 'bad-pack', `parameter pack '${r.name}' must be expanded with '...'`);
  else ctx.a.error(locOf(ctx, node), 'unknown-type', `unknown type name '${r.name}'`);
  return ERROR;
}

export function typeOfDecl(d: Decl): Type | undefined {
  switch (d.kind) {
    case 'class': return classType(d);
    case 'enum': return { kind: 'enum', decl: d };
    case 'typedef': return d.namespaceScope && d.type.kind !== 'error' ? aliased(d.type, d) : d.type;
    case 'template-binding': return d.arg.kind === 'type' ? d.arg.type : undefined;
    default: return undefined;
  }
}

export interface SpecifierFlags {
  const: boolean;
  volatile: boolean;
  static: boolean;
  extern: boolean;
  inline: boolean;
  constexpr: boolean;
  mutable: boolean;
  virtual: boolean;
  explicit: boolean;
}

/** The storage classes, cv-qualifiers and function specifiers written on a declaration. */
export function specifierFlags(decl: Node): SpecifierFlags {
  const f: SpecifierFlags = { const: false, volatile: false, static: false, extern: false, inline: false, constexpr: false, mutable: false, virtual: false, explicit: false };
  for (const c of decl.children) {
    if (!c) continue;
    if (c.type === 'type_qualifier' || c.type === 'storage_class_specifier') {
      const w = c.text;
      if (w === 'const') f.const = true;
      else if (w === 'volatile') f.volatile = true;
      else if (w === 'static') f.static = true;
      else if (w === 'extern') f.extern = true;
      else if (w === 'inline') f.inline = true;
      else if (w === 'constexpr') f.constexpr = true;
      else if (w === 'mutable') f.mutable = true;
    } else if (c.type === 'virtual' || c.type === 'virtual_function_specifier') f.virtual = true;
    else if (c.type === 'explicit_function_specifier') f.explicit = true;
  }
  return f;
}

/** The declared base type of a declaration: its specifier with cv-qualifiers (constexpr implies const). */
export function declaredBaseType(ctx: Ctx, decl: Node): { type: Type; flags: SpecifierFlags } {
  const flags = specifierFlags(decl);
  let t = typeFromSpecifier(ctx, decl.childForFieldName('type'));
  if (flags.const || flags.volatile || flags.constexpr) t = withQuals(t, flags.const || flags.constexpr || !!t.const, flags.volatile);
  return { type: t, flags };
}

export interface FunctionInfo {
  params: ParamDecl[];
  variadic: boolean;
  isConst: boolean;
  refQualifier: RefQualifier;
  paramsNode: Node;
  node: Node;
}

export interface DeclaratorInfo {
  name?: string;
  nameNode?: Node;
  /** The qualifier of a qualified declarator name (`Tensor::fill_`). */
  qualifierNode?: Node;
  type: Type;
  fn?: FunctionInfo;
  role: 'function' | 'constructor' | 'destructor' | 'conversion' | 'operator' | 'object';
  initNode?: Node;
}

/** Applies a declarator to a base type, inside out. */
export function applyDeclarator(ctx: Ctx, base: Type, node: Node | null): DeclaratorInfo {
  const info: DeclaratorInfo = { type: base, role: 'object' };
  walk(node, base);
  return info;

  /** A pointer to (or reference to) a function type declares an object, not a function: `int (*f)(int)`. */
  function declaresObject(t: Type): void {
    if (t.kind !== 'function' || !info.fn) return;
    info.fn = undefined;
    if (info.role === 'function') info.role = 'object';
  }

  function walk(n: Node | null, t: Type): void {
    if (!n) {
      info.type = t;
      return;
    }
    switch (n.type) {
      case 'identifier':
      case 'field_identifier':
      case 'type_identifier':
      case 'primitive_type':
        info.name = n.text;
        info.nameNode = n;
        info.type = t;
        return;
      case 'destructor_name':
        info.name = n.text.replace(/\s+/g, '');
        info.nameNode = n;
        info.role = 'destructor';
        info.type = t;
        return;
      case 'operator_name':
        info.name = normaliseOperatorName(n.text);
        info.nameNode = n;
        info.role = 'operator';
        info.type = t;
        return;
      case 'template_function': {
        const nm = n.childForFieldName('name');
        info.name = nm?.text;
        info.nameNode = nm ?? n;
        info.type = t;
        return;
      }
      case 'qualified_identifier': {
        const nameNode = n.childForFieldName('name');
        info.qualifierNode = n.childForFieldName('scope') ?? undefined;
        if (nameNode && nameNode.type === 'qualified_identifier') {
          walk(nameNode, t);
          // keep the full qualifier chain
          info.qualifierNode = n;
          return;
        }
        walk(nameNode, t);
        info.qualifierNode = n;
        return;
      }
      case 'operator_cast': {
        const target = typeFromSpecifier(ctx, n.childForFieldName('type'));
        const quals = childrenOfType(n, 'type_qualifier');
        const targetQ = quals.some((q) => q.text === 'const') ? withQuals(target, true) : target;
        const inner = n.childForFieldName('declarator');
        // the abstract declarator holds the parameter list (and pointer/ref parts of the target type)
        const sub = applyDeclarator(ctx, targetQ, inner);
        const ret = sub.type.kind === 'function' ? sub.type.ret : sub.type;
        info.name = `operator ${typeToString(ret)}`;
        info.nameNode = n;
        info.role = 'conversion';
        info.fn = sub.fn;
        info.type = sub.type;
        return;
      }
      case 'init_declarator':
        info.initNode = n.childForFieldName('value') ?? undefined;
        walk(n.childForFieldName('declarator'), t);
        return;
      case 'parenthesized_declarator':
      case 'abstract_parenthesized_declarator':
        walk(n.namedChild(0), t);
        return;
      case 'pointer_declarator':
      case 'abstract_pointer_declarator': {
        if (n.type === 'pointer_declarator') declaresObject(t);
        const quals = childrenOfType(n, 'type_qualifier').map((q) => q.text);
        const p = withQuals(pointerTo(t), quals.includes('const'), quals.includes('volatile'));
        walk(n.childForFieldName('declarator'), p);
        return;
      }
      case 'reference_declarator':
      case 'abstract_reference_declarator': {
        if (n.type === 'reference_declarator') declaresObject(t);
        const rvalue = n.child(0)?.type === '&&';
        const inner = n.namedChildren.find((c) => c !== null) ?? null;
        walk(inner, referenceTo(t, rvalue));
        return;
      }
      case 'array_declarator':
      case 'abstract_array_declarator': {
        const sizeNode = n.childForFieldName('size');
        let length: number | undefined;
        if (sizeNode) {
          const size = passes.checkExpr(ctx, sizeNode);
          length = size.value;
          // an erroneous size was reported already; one naming a template parameter bound to nothing yet is not known
          if (length === undefined) {
            if (size.type.kind !== 'error') ctx.a.error(locOf(ctx, sizeNode), 'not-constant', 'array size is not a constant expression');
          } else if (length <= 0) {
            ctx.a.error(locOf(ctx, sizeNode), 'bad-array-size', `array size must be positive (is ${length})`);
            length = undefined;
          }
        }
        walk(n.childForFieldName('declarator'), { kind: 'array', element: t, length });
        return;
      }
      case 'function_declarator':
      case 'abstract_function_declarator': {
        const paramsNode = n.childForFieldName('parameters');
        const { params, variadic } = paramsNode ? parameters(ctx, paramsNode) : { params: [], variadic: false };
        let isConst = false;
        let ref: RefQualifier = 'none';
        for (const c of n.children) {
          if (!c) continue;
          if (c.type === 'type_qualifier' && c.text === 'const') isConst = true;
          if (c.type === 'ref_qualifier') ref = c.text.trim() === '&&' ? '&&' : '&';
        }
        let ret = t;
        const trailing = n.children.find((c) => c?.type === 'trailing_return_type');
        if (trailing) {
          const td = trailing.namedChild(0);
          if (td) ret = typeFromDescriptor(ctx, td);
        }
        const ftype: Type = { kind: 'function', ret, params: params.map((p) => p.type), variadic };
        info.fn = { params, variadic, isConst, refQualifier: ref, paramsNode: paramsNode ?? n, node: n };
        if (info.role === 'object') info.role = 'function';
        walk(n.childForFieldName('declarator'), ftype);
        return;
      }
      default:
        ctx.a.error(locOf(ctx, n), 'unsupported', `unsupported declarator '${n.text.slice(0, 40)}'`);
        info.type = t;
    }
  }
}

/** A function's parameter list. */
export function parameters(ctx: Ctx, list: Node): { params: ParamDecl[]; variadic: boolean } {
  const params: ParamDecl[] = [];
  let variadic = false;
  for (const p of list.children) {
    if (!p) continue;
    if (p.type === '...' || p.type === 'variadic_parameter') {
      variadic = true;
      continue;
    }
    if (p.type === 'variadic_parameter_declaration') {
      params.push(...passes.expandParameterPack(ctx, p));
      continue;
    }
    if (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration') continue;
    const { type } = declaredBaseType(ctx, p);
    const d = applyDeclarator(ctx, type, p.childForFieldName('declarator'));
    let pt = d.type;
    // parameter type adjustments: arrays and functions decay to pointers
    if (pt.kind === 'array') pt = pointerTo(pt.element);
    if (pt.kind === 'function') pt = pointerTo(pt);
    if (pt.kind === 'builtin' && pt.name === 'void' && !d.name && list.namedChildCount === 1) continue;
    params.push({ name: d.name ?? '', type: pt, defaultNode: p.childForFieldName('default_value') ?? undefined, loc: locOf(ctx, p), nameLoc: d.nameNode ? locOf(ctx, d.nameNode) : undefined });
  }
  return { params, variadic };
}

/** A type-id: `const float*`, `TensorAccessor<T, 2>` in a template argument, cast or sizeof. */
export function typeFromDescriptor(ctx: Ctx, node: Node): Type {
  if (node.type !== 'type_descriptor') return typeFromSpecifier(ctx, node);
  const { type } = declaredBaseType(ctx, node);
  return applyDeclarator(ctx, type, node.childForFieldName('declarator')).type;
}

/** Evaluates a template argument list; undefined when an argument is invalid (already reported). */
export function templateArguments(ctx: Ctx, list: Node): TemplateArg[] | undefined {
  const out: TemplateArg[] = [];
  let ok = true;
  for (const c of list.namedChildren) {
    if (!c || c.type === 'comment') continue;
    if (c.type === 'parameter_pack_expansion') {
      const elems = passes.expandTemplateArguments(ctx, c);
      if (elems) out.push(...elems);
      else ok = false;
      continue;
    }
    if (c.type === 'type_descriptor') {
      // `X<N>` where N names a value parses as a type: look the name up first
      const inner = c.childForFieldName('type');
      if (inner && c.namedChildCount === 1 && (inner.type === 'type_identifier' || inner.type === 'qualified_identifier')) {
        const r = resolveName(ctx, inner, undefined, true);
        const v = r.decls[0];
        if (v && (v.kind === 'var' || v.kind === 'enumerator' || (v.kind === 'template-binding' && v.arg.kind === 'value'))) {
          const value = passes.constantValue(ctx, inner);
          const unbound = v.kind === 'template-binding' && v.arg.kind === 'value' && Number.isNaN(v.arg.value);
          if (value === undefined) {
            // a template parameter bound to nothing yet (a template checked at its definition) makes the template-id unknown, silently
            if (!unbound) ctx.a.error(locOf(ctx, c), 'not-constant', `template argument '${c.text}' is not a constant expression`);
            ok = false;
          } else out.push({ kind: 'value', value, valueType: v.kind === 'template-binding' && v.arg.kind === 'value' ? v.arg.valueType : v.kind === 'var' ? v.type : undefined });
          continue;
        }
      }
      const t = typeFromDescriptor(ctx, c);
      if (t.kind === 'error') ok = false;
      out.push({ kind: 'type', type: t });
      continue;
    }
    const x = passes.checkExpr(ctx, c);
    if (x.type.kind === 'error') {
      ok = false;
      continue;
    }
    if (x.value === undefined) {
      ctx.a.error(locOf(ctx, c), 'not-constant', `template argument '${c.text.slice(0, 40)}' is not a constant expression`);
      ok = false;
      continue;
    }
    out.push({ kind: 'value', value: x.value, valueType: x.type });
  }
  return ok ? out : undefined;
}

export function hasDeleteClause(node: Node): boolean {
  return node.children.some((c) => c?.type === 'delete_method_clause');
}

export function hasDefaultClause(node: Node): boolean {
  return node.children.some((c) => c?.type === 'default_method_clause');
}

export { hasChildToken, Loc };

// `alignas(N)` / `alignas(T)` ([dcl.align]) on a variable, a non-static data member or a class: the
// alignment the declaration asks for. Several specifiers give the strictest; `alignas(0)` asks for
// nothing. The value must be a constant power of two. The layout (model/layout.ts) and the compiler's
// data and stack slots take the stricter of it and the type's own alignment, as GCC does.
/** The alignment the `alignas` specifiers of `holder` (a declaration, or a class specifier) ask for, or undefined. */
export function explicitAlignment(ctx: Ctx, holder: Node): number | undefined {
  let align: number | undefined;
  for (const c of holder.children) {
    if (!c) continue;
    const q = c.type === 'alignas_qualifier' ? c : c.type === 'type_qualifier' ? c.children.find((x) => x?.type === 'alignas_qualifier') : undefined;
    if (!q) continue;
    const a = requested(ctx, q);
    if (a !== undefined && a > 0) align = Math.max(align ?? 1, a);
  }
  return align;
}

function requested(ctx: Ctx, q: Node): number | undefined {
  const arg = q.namedChildren.find((c) => c.type !== 'comment');
  if (!arg) return undefined;
  if (arg.type === 'type_descriptor') {
    const t = typeFromDescriptor(ctx, arg);
    const sa = sizeAlignOf(t);
    if (!sa && t.kind !== 'error') ctx.a.error(locOf(ctx, arg), 'incomplete-type', `invalid application of 'alignas' to an incomplete type ${quoteType(t)}`);
    return sa?.align;
  }
  const value = passes.constantValue(ctx, arg);
  if (value === undefined) {
    ctx.a.error(locOf(ctx, arg), 'not-constant', "'alignas' value is not a constant expression");
    return undefined;
  }
  if (value < 0 || (value & (value - 1)) !== 0) {
    ctx.a.error(locOf(ctx, arg), 'bad-alignment', `requested alignment is not a power of 2 (is ${value})`);
    return undefined;
  }
  return value;
}
