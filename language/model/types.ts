// The type representation of the semantic model: fundamental types with the target's sizes, pointers,
// references, arrays, classes, enums, functions, and the placeholders used while deducing templates.

import type { ClassDecl, ClassTemplate, EnumDecl, TemplateArg, TemplateParam } from './declarations';
import { VECTOR_TYPES, type VectorTypeInfo } from './vector-types';

export type BuiltinName =
  | 'void' | 'bool' | 'char' | 'signed char' | 'unsigned char' | 'wchar_t' | 'char16_t' | 'char32_t'
  | 'short' | 'unsigned short' | 'int' | 'unsigned int' | 'long' | 'unsigned long'
  | 'long long' | 'unsigned long long' | 'float' | 'double' | 'long double' | 'nullptr_t';

interface Quals {
  readonly const?: boolean;
  readonly volatile?: boolean;
  /**
   * The typedef the source named this type by (`IntArrayRef`, `int64_t`): printed instead of the type
   * it stands for, ignored when comparing types.
   */
  readonly alias?: TypeAlias;
}

/** A namespace-scope typedef or alias-declaration, as types remember it. */
export interface TypeAlias {
  readonly qualifiedName: string;
}

export interface BuiltinType extends Quals { readonly kind: 'builtin'; readonly name: BuiltinName }
export interface PointerType extends Quals { readonly kind: 'pointer'; readonly pointee: Type }
export interface ReferenceType extends Quals { readonly kind: 'reference'; readonly rvalue: boolean; readonly referee: Type }
export interface ArrayType extends Quals { readonly kind: 'array'; readonly element: Type; readonly length?: number }
export interface ClassType extends Quals { readonly kind: 'class'; readonly decl: ClassDecl }
export interface EnumType extends Quals { readonly kind: 'enum'; readonly decl: EnumDecl }
export interface FunctionType extends Quals {
  readonly kind: 'function';
  readonly ret: Type;
  readonly params: Type[];
  readonly variadic: boolean;
}
/** A template parameter, only while deducing or matching partial specialisations. */
export interface ParamType extends Quals { readonly kind: 'tparam'; readonly param: TemplateParam }
/** A template-id whose arguments mention template parameters (a deduction pattern). */
export interface PatternType extends Quals { readonly kind: 'pattern'; readonly template: ClassTemplate; readonly args: TemplateArg[] }
/** An IVP vector, wide accumulator, predicate or alignment buffer (`model/vector-types.ts`). */
export interface VectorType extends Quals { readonly kind: 'vector'; readonly vector: VectorTypeInfo }
/** The type of an expression that could not be analysed; it converts to anything silently. */
export interface ErrorType extends Quals { readonly kind: 'error' }

export type Type =
  | BuiltinType | PointerType | ReferenceType | ArrayType | ClassType | EnumType | FunctionType
  | ParamType | PatternType | VectorType | ErrorType;

const builtinCache = new Map<string, BuiltinType>();
export function builtin(name: BuiltinName): BuiltinType {
  let t = builtinCache.get(name);
  if (!t) builtinCache.set(name, (t = { kind: 'builtin', name }));
  return t;
}

export const ERROR: ErrorType = { kind: 'error' };

const vectorCache = new Map<string, VectorType>([...VECTOR_TYPES.values()].map((v) => [v.name, { kind: 'vector', vector: v }]));
/** The one type object of an IVP type, by its C name; undefined for another name. */
export function vectorType(name: string): VectorType | undefined {
  return vectorCache.get(name);
}
export const VOID = builtin('void');
export const BOOL = builtin('bool');
export const INT = builtin('int');
export const UINT = builtin('unsigned int');
export const LONGLONG = builtin('long long');
export const ULONGLONG = builtin('unsigned long long');
export const FLOAT = builtin('float');
export const DOUBLE = builtin('double');
export const CHAR = builtin('char');
export const NULLPTR = builtin('nullptr_t');
/** size_t on the target: unsigned int (4 bytes). */
export const SIZE_T = UINT;

// Types are immutable, so the pointer to, references to, class type of and cv-variants of a type are
// made once and shared (analyses build them for nearly every expression; sharing keeps what the
// garbage collector has to copy small).
const pointers = new WeakMap<Type, PointerType>();
const lvalueRefs = new WeakMap<Type, ReferenceType>();
const rvalueRefs = new WeakMap<Type, ReferenceType>();
const classTypes = new WeakMap<ClassDecl, ClassType>();
/** cv-variants of a type, by const | volatile << 1. */
const variants = new WeakMap<Type, (Type | undefined)[]>();

export function pointerTo(t: Type): PointerType {
  let p = pointers.get(t);
  if (!p) pointers.set(t, (p = { kind: 'pointer', pointee: t }));
  return p;
}
export function referenceTo(t: Type, rvalue = false): Type {
  if (t.kind === 'reference') return rvalue ? t : referenceTo(t.referee, false);
  const cache = rvalue ? rvalueRefs : lvalueRefs;
  let r = cache.get(t);
  if (!r) cache.set(t, (r = { kind: 'reference', rvalue, referee: t }));
  return r;
}
export function classType(decl: ClassDecl): ClassType {
  let t = classTypes.get(decl);
  if (!t) classTypes.set(decl, (t = { kind: 'class', decl }));
  return t;
}

export function withQuals(t: Type, c: boolean, v = false): Type {
  if (t.kind === 'reference' || t.kind === 'function') return t;
  if (t.kind === 'array') return { ...t, element: withQuals(t.element, c || !!t.element.const, v) };
  if (!!t.const === c && !!t.volatile === v) return t;
  let list = variants.get(t);
  if (!list) variants.set(t, (list = []));
  const k = (c ? 1 : 0) | (v ? 2 : 0);
  return (list[k] ??= { ...t, const: c || undefined, volatile: v || undefined } as Type);
}
export function addConst(t: Type): Type {
  return withQuals(t, true, !!t.volatile);
}
export function unqualified(t: Type): Type {
  return t.const || t.volatile ? withQuals(t, false, false) : t;
}
export function nonReference(t: Type): Type {
  return t.kind === 'reference' ? t.referee : t;
}
export function isConst(t: Type): boolean {
  return t.kind === 'array' ? isConst(t.element) : !!t.const;
}

const INTEGRAL = new Set<BuiltinName>([
  'bool', 'char', 'signed char', 'unsigned char', 'wchar_t', 'char16_t', 'char32_t', 'short', 'unsigned short',
  'int', 'unsigned int', 'long', 'unsigned long', 'long long', 'unsigned long long',
]);
const FLOATING = new Set<BuiltinName>(['float', 'double', 'long double']);
/** Plain `char` is unsigned on Xtensa (as in the target's GCC ABI). */
const UNSIGNED = new Set<BuiltinName>(['bool', 'char', 'unsigned char', 'unsigned short', 'unsigned int', 'unsigned long', 'unsigned long long', 'char16_t', 'char32_t']);

export const isBuiltin = (t: Type, name?: BuiltinName): t is BuiltinType => t.kind === 'builtin' && (!name || t.name === name);
export const isIntegral = (t: Type) => t.kind === 'builtin' && INTEGRAL.has(t.name);
export const isFloating = (t: Type) => t.kind === 'builtin' && FLOATING.has(t.name);
export const isArithmetic = (t: Type) => isIntegral(t) || isFloating(t);
export const isUnscopedEnum = (t: Type) => t.kind === 'enum' && !t.decl.scoped;
export const isIntegralOrUnscopedEnum = (t: Type) => isIntegral(t) || isUnscopedEnum(t);
export const isScalar = (t: Type) => isArithmetic(t) || t.kind === 'pointer' || t.kind === 'enum' || isBuiltin(t, 'nullptr_t');
export const isVoid = (t: Type) => isBuiltin(t, 'void');
export const isVector = (t: Type): t is VectorType => t.kind === 'vector';
export const isClass = (t: Type): t is ClassType => t.kind === 'class';
export const isError = (t: Type) => t.kind === 'error';
export const isUnsigned = (t: Type) => t.kind === 'builtin' && UNSIGNED.has(t.name);

/** Integer conversion rank (C++ [conv.rank]) with the target's sizes. */
export function integerRank(name: BuiltinName): number {
  switch (name) {
    case 'bool': return 0;
    case 'char': case 'signed char': case 'unsigned char': return 1;
    case 'short': case 'unsigned short': case 'char16_t': return 2;
    case 'int': case 'unsigned int': case 'wchar_t': case 'char32_t': return 3;
    case 'long': case 'unsigned long': return 4;
    case 'long long': case 'unsigned long long': return 5;
    default: return 3;
  }
}

/** Same type, including cv-qualification when `ignoreCv` is false. */
export function sameType(a: Type, b: Type, ignoreCv = false): boolean {
  if (a === b) return true;
  if (!ignoreCv && (!!a.const !== !!b.const || !!a.volatile !== !!b.volatile)) return false;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'builtin': return a.name === (b as BuiltinType).name;
    case 'pointer': return sameType(a.pointee, (b as PointerType).pointee);
    case 'reference': return a.rvalue === (b as ReferenceType).rvalue && sameType(a.referee, (b as ReferenceType).referee);
    case 'array': return a.length === (b as ArrayType).length && sameType(a.element, (b as ArrayType).element);
    case 'class': return a.decl === (b as ClassType).decl;
    case 'enum': return a.decl === (b as EnumType).decl;
    case 'function': {
      const f = b as FunctionType;
      return a.variadic === f.variadic && sameType(a.ret, f.ret) && a.params.length === f.params.length && a.params.every((p, i) => sameType(p, f.params[i]));
    }
    case 'tparam': return a.param === (b as ParamType).param;
    case 'pattern': return a.template === (b as PatternType).template && a.args.length === (b as PatternType).args.length && a.args.every((x, i) => sameArg(x, (b as PatternType).args[i]));
    case 'vector': return a.vector === (b as VectorType).vector;
    case 'error': return true;
  }
}

export function sameArg(a: TemplateArg, b: TemplateArg): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'type') return sameType(a.type, (b as typeof a).type);
  return a.value === (b as typeof a).value;
}

/** A stable key for a template argument list (distinguishes decls by identity). */
export function argsKey(args: TemplateArg[]): string {
  return args.map((a) => (a.kind === 'type' ? typeKey(a.type) : `v${a.value}`)).join(',');
}

const typeKeys = new WeakMap<Type, string>();

export function typeKey(t: Type): string {
  let k = typeKeys.get(t);
  if (k === undefined) typeKeys.set(t, (k = makeTypeKey(t)));
  return k;
}

function makeTypeKey(t: Type): string {
  const q = (t.const ? 'K' : '') + (t.volatile ? 'V' : '');
  switch (t.kind) {
    case 'builtin': return q + t.name;
    case 'pointer': return `${q}P(${typeKey(t.pointee)})`;
    case 'reference': return `${t.rvalue ? 'RR' : 'R'}(${typeKey(t.referee)})`;
    case 'array': return `${q}A${t.length ?? ''}(${typeKey(t.element)})`;
    case 'class': return `${q}C${t.decl.id}`;
    case 'enum': return `${q}E${t.decl.id}`;
    case 'function': return `F(${typeKey(t.ret)};${t.params.map(typeKey).join(',')}${t.variadic ? ',...' : ''})`;
    case 'tparam': return `${q}T${t.param.index}:${t.param.name}`;
    case 'pattern': return `${q}X${t.template.id}<${argsKey(t.args)}>`;
    case 'vector': return `${q}V${t.vector.name}`;
    case 'error': return '?';
  }
}

/** `t` named by `alias` (the typedef's name is printed). */
export function aliased(t: Type, alias: TypeAlias): Type {
  return { ...t, alias } as Type;
}

/** `t` with every typedef name forgotten (how template arguments are kept, as the compiler does). */
export function canonical(t: Type): Type {
  const plain = t.alias ? ({ ...t, alias: undefined } as Type) : t;
  switch (plain.kind) {
    case 'pointer': return { ...plain, pointee: canonical(plain.pointee) };
    case 'reference': return { ...plain, referee: canonical(plain.referee) };
    case 'array': return { ...plain, element: canonical(plain.element) };
    default: return plain;
  }
}

/** A type for a message: `'c10::IntArrayRef' (aka 'c10::ArrayRef<long long>')`, or just `'float *'`. */
export function quoteType(t: Type): string {
  const named = typeToString(t);
  const plain = typeToString(canonical(t));
  return named === plain ? `'${named}'` : `'${named}' (aka '${plain}')`;
}

/** The C++ spelling of a type, e.g. `const at::TensorAccessor<float, 2, true> &` (typedef names kept). */
export function typeToString(t: Type, inner = ''): string {
  const cv = `${t.const ? 'const ' : ''}${t.volatile ? 'volatile ' : ''}`;
  const withInner = (s: string) => (inner ? `${s} ${inner}` : s);
  if (t.alias && t.kind !== 'reference') return withInner(cv + t.alias.qualifiedName);
  switch (t.kind) {
    case 'builtin': return withInner(cv + (t.name === 'nullptr_t' ? 'std::nullptr_t' : t.name));
    case 'class': return withInner(cv + t.decl.displayName());
    case 'enum': return withInner(cv + t.decl.qualifiedName);
    case 'vector': return withInner(cv + t.vector.name);
    case 'error': return withInner('<error type>');
    case 'tparam': return withInner(cv + t.param.name);
    case 'pattern': return withInner(`${cv}${t.template.qualifiedName}<${t.args.map(argToString).join(', ')}>`);
    case 'pointer': {
      const needParen = t.pointee.kind === 'array' || t.pointee.kind === 'function';
      const me = `*${t.const ? ' const' : ''}${inner ? ` ${inner}` : ''}`.replace(/\s+$/, '');
      return typeToString(t.pointee, needParen ? `(${me})` : me);
    }
    case 'reference': {
      const me = `${t.rvalue ? '&&' : '&'}${inner ? ` ${inner}` : ''}`;
      return typeToString(t.referee, me);
    }
    case 'array': return typeToString(t.element, `${inner}[${t.length ?? ''}]`);
    case 'function': return typeToString(t.ret, `${inner}(${t.params.map((p) => typeToString(p)).join(', ')}${t.variadic ? ', ...' : ''})`);
  }
}

export function argToString(a: TemplateArg): string {
  if (a.kind === 'type') return typeToString(a.type);
  if (a.valueType && isBuiltin(a.valueType, 'bool')) return a.value ? 'true' : 'false';
  return String(a.value);
}
