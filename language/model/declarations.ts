// Declarations and scopes of the semantic model: namespaces, classes (with layout), enums, functions,
// variables, templates and their instantiations, and the scope chain name lookup walks.

import type { DiagnosticCode } from '../diagnostic-codes';
import type { SourceRange } from '../diagnostics';
import type { SyntaxNode as Node } from '../parse/syntax-node';
import { argToString, typeToString, type FunctionType, type Type } from './types';
import type { FunctionBody } from './bodies';
import type { Expr } from './expressions';

let nextId = 1;
export function newId(): number {
  return nextId++;
}

/** Maps offsets in a unit's text to ranges in the user's files, and back. */
export interface UnitMap {
  range(start: number, end: number): SourceRange;
  /** The unit offset of a user position (0-based line and column), if the unit's text comes from it. */
  locate?(file: string, line: number, column: number, unitLength: number): number | undefined;
}

/**
 * A parsed piece of the translation unit: one top-level declaration of a file (or one declaration of
 * a cached SDK header), with its syntax tree. Offsets in the tree and in Locs are relative to `text`.
 */
export interface Unit {
  /** The declaration's text (the syntax nodes of `root` read from it). */
  text: string;
  /** The file whose preprocessing produced the unit. */
  readonly file: string;
  map: UnitMap;
  root: Node;
  /** Every token comes from system (SDK) headers. */
  readonly system: boolean;
  /** Part of a cached SDK layer, shared by every analysis built on it. */
  readonly shared: boolean;
}

/** A span of a unit's text; `range` maps it to the user's file (through the unit's current map). */
export class Loc {
  constructor(
    readonly unit: Unit,
    readonly start: number,
    readonly end: number,
  ) {}
  static of(unit: Unit, node: Node): Loc {
    return new Loc(unit, node.startIndex, node.endIndex);
  }
  get range(): SourceRange {
    return this.unit.map.range(this.start, this.end);
  }
  get system(): boolean {
    return this.unit.system;
  }
}

export type TemplateArg = { kind: 'type'; type: Type } | { kind: 'value'; value: number; valueType?: Type };

export interface TemplateParam {
  readonly kind: 'template-param';
  readonly name: string;
  readonly index: number;
  readonly isType: boolean;
  /** A template parameter pack (`typename... Ts`, `int... Ns`; sema/variadic.ts). */
  readonly pack?: boolean;
  /** The declared type of a non-type parameter. */
  valueType?: Type;
  readonly defaultNode?: Node;
  readonly loc: Loc;
}

export interface NamespaceDecl {
  readonly kind: 'namespace';
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly scope: Scope;
  readonly loc?: Loc;
}

export interface VarDecl {
  readonly kind: 'var';
  readonly id: number;
  readonly name: string;
  type: Type;
  readonly storage: 'global' | 'local' | 'param' | 'static-member';
  readonly constexpr: boolean;
  /** Constant value when the variable is a constant of integral/enum/bool type. */
  value?: number;
  /** Lazily computes `value` (static constexpr members of templates). */
  evaluate?: () => void;
  readonly loc: Loc;
  readonly qualifiedName: string;
  readonly owner?: ClassDecl;
  /** A local declared `static` (storage 'local'): a global with a function-local name. */
  readonly staticLocal?: boolean;
  /** The storage class written on a local's declaration (`static`, `thread_local`; the first of them). */
  readonly storageClass?: 'static' | 'thread_local';
  /** A namespace-scope definition through a qualified name (`int S::n = 1;`): it defines a member declared elsewhere. */
  readonly qualifiedDefinition?: boolean;
  /** A namespace-scope declaration written `extern` (not a definition; it may be repeated). */
  readonly declaredExtern?: boolean;
  /** The alignment its `alignas` asks for (sema/type-syntax.ts, explicitAlignment); the object's is the stricter of this and its type's. */
  readonly align?: number;
}

/** Where a class's members lie on the target (computed by layout.ts, cached on the ClassDecl). */
export interface FieldLayout {
  name: string;
  /** Byte offset; for a bit-field, of its allocation unit (an object of its declared type). */
  offset: number;
  size: number;
  align: number;
  /** A bit-field: its first bit within the unit (from the least significant) and its width. */
  bitOffset?: number;
  bitWidth?: number;
}

/** A class's layout on the target: size, alignment, vptr, base subobject and members. */
export interface ClassLayout {
  size: number;
  align: number;
  /** Offset of the vtable pointer, when the class is polymorphic. */
  vptrOffset?: number;
  /** The base class subobject (single inheritance: always at 0). */
  base?: { decl: ClassDecl; offset: number; size: number };
  fields: FieldLayout[];
  /** Size without tail padding: where a derived class may place its first member. */
  dataSize: number;
}

/** One capture of a closure: its field and the variable the body names (an init-capture's own). */
export interface ClosureCapture {
  readonly field: FieldDecl;
  readonly variable: VarDecl;
  /** An init-capture's initialiser (typed in the enclosing function). */
  readonly init?: Expr;
  /** Where it is captured: its name in the capture list (`explicit`), or the first use a capture-default captures. */
  readonly at?: { readonly loc: Loc; readonly explicit: boolean };
}

/** A lambda's closure class beyond its fields: what the lambda expression builds and the call operator. */
export interface Closure {
  readonly captures: readonly ClosureCapture[];
  /** The field holding the enclosing object's address (`this`) or, for `[*this]`, a copy of it. */
  readonly thisField?: FieldDecl;
  readonly thisByCopy: boolean;
  /** The call operator (of a generic lambda: its definition check, parameters unbound). */
  readonly call: FunctionDecl;
  /** The conversion to a pointer to function of a lambda without captures. */
  readonly toPointer?: FunctionDecl;
}

export interface FieldDecl {
  readonly kind: 'field';
  readonly id: number;
  readonly name: string;
  readonly type: Type;
  readonly owner: ClassDecl;
  readonly mutable: boolean;
  readonly access: Access;
  readonly loc: Loc;
  /** The width of a bit-field (`int x : 3;`), laid out by layout.ts. */
  readonly bitWidth?: number;
  /** The alignment its `alignas` asks for (sema/type-syntax.ts, explicitAlignment), honoured by layout.ts. */
  readonly align?: number;
}

/** An unnamed bit-field (`int : 3;`, `int : 0;`): padding for the layout, after `after` named fields. */
export interface UnnamedBitField {
  readonly after: number;
  readonly type: Type;
  readonly width: number;
}

export type Access = 'public' | 'protected' | 'private';
/** The special member functions ([special]). */
export type SpecialKind = 'default-ctor' | 'copy-ctor' | 'move-ctor' | 'copy-assign' | 'move-assign' | 'dtor';
export type RefQualifier = 'none' | '&' | '&&';

export interface ParamDecl {
  readonly name: string;
  readonly type: Type;
  readonly defaultNode?: Node;
  /** The whole parameter declaration. */
  readonly loc: Loc;
  /** The parameter's name, when it has one. */
  readonly nameLoc?: Loc;
}

export interface FunctionDecl {
  readonly kind: 'function';
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  params: ParamDecl[];
  ret: Type;
  readonly variadic: boolean;
  readonly owner?: ClassDecl;
  readonly isConst: boolean;
  readonly refQualifier: RefQualifier;
  readonly isStatic: boolean;
  isVirtual: boolean;
  deleted: boolean;
  readonly explicit: boolean;
  readonly role: 'function' | 'constructor' | 'destructor' | 'conversion' | 'operator';
  readonly access: Access;
  /** True for implicitly declared special members. */
  readonly implicit?: boolean;
  /** Explicitly defaulted on its first declaration (`= default`): defined by the compiler like an implicit one. */
  defaulted?: boolean;
  /** Which special member function this is (special-members.ts), when it is one. */
  special?: SpecialKind;
  /** Why an implicitly declared or defaulted special member is defined as deleted (the note of the error). */
  deletedWhy?: { message: string; loc: Loc };
  /** The definition's body node and the scope it is analysed in. */
  body?: { node: Node; unit: Unit; scope: Scope; initNode?: Node };
  /** Template arguments when this is an instantiation of a function template. */
  /** `signature`: the template's declared return and parameter types, its parameters unbound (for mangling). */
  readonly templateInfo?: { template: FunctionTemplate; args: TemplateArg[]; signature?: { ret: Type; params: Type[] } };
  readonly loc: Loc;
  /** The analysed body, once analysed. */
  analysed?: FunctionBody;
  /** Declared `constexpr`: a call with constant arguments is evaluated (constexpr.ts). */
  constexpr?: boolean;
  /** The body of a template checked before instantiation (its parameters bound to nothing). */
  generic?: boolean;
  analysing?: boolean;
  /** The declared return type when it contains `auto` (C++14: deduced from the return statements). */
  autoReturn?: Type;
  /** When the definition (the body) was seen, as an id: a deduced return type is usable only after it. */
  definedAt?: number;
}

export interface EnumDecl {
  readonly kind: 'enum';
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly scoped: boolean;
  underlying: Type;
  /** The underlying type was written (`enum E : T`) or is implied by `enum class`. */
  readonly fixed?: boolean;
  readonly scope: Scope;
  readonly loc: Loc;
}

export interface EnumeratorDecl {
  readonly kind: 'enumerator';
  readonly id: number;
  readonly name: string;
  readonly value: number;
  readonly enumDecl: EnumDecl;
  readonly loc: Loc;
}

export interface TypedefDecl {
  readonly kind: 'typedef';
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly type: Type;
  readonly loc: Loc;
  /** Declared at namespace scope (its name is printed for the types it names). */
  readonly namespaceScope: boolean;
}

export interface PartialSpecialization {
  readonly params: TemplateParam[];
  readonly patternNodes: Node[];
  readonly node: Node;
  readonly unit: Unit;
  readonly loc: Loc;
}

export interface ClassTemplate {
  readonly kind: 'class-template';
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly params: TemplateParam[];
  /** The class_specifier node of the primary template (undefined for a declaration only). */
  node?: Node;
  unit?: Unit;
  readonly declScope: Scope;
  readonly instances: Map<string, ClassDecl>;
  readonly partials: PartialSpecialization[];
  readonly loc: Loc;
}

export interface FunctionTemplate {
  readonly kind: 'function-template';
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly params: TemplateParam[];
  readonly node: Node;
  readonly unit: Unit;
  readonly declScope: Scope;
  readonly owner?: ClassDecl;
  readonly access: Access;
  readonly instances: Map<string, FunctionDecl | null>;
  readonly loc: Loc;
}

export class ClassDecl {
  readonly kind = 'class';
  readonly id = newId();
  readonly fields: FieldDecl[] = [];
  /** Unnamed bit-fields, which are not members but take space. */
  readonly unnamedBitFields: UnnamedBitField[] = [];
  base?: ClassDecl;
  baseAccess: Access = 'public';
  /** A base specifier named no class that is known (an error, or a template parameter bound to nothing yet): members may be missing. */
  unknownBase = false;
  complete = false;
  /** Set while the body is being elaborated (a use inside sees an incomplete type). */
  elaborating = false;
  polymorphic = false;
  hasUserDestructor = false;
  hasUserConstructor = false;
  /** The class declares friends (access to its private members is then not judged). */
  hasFriends = false;
  /** The alignment `struct alignas(N) S` asks for (sema/type-syntax.ts, explicitAlignment), honoured by layout.ts. */
  alignas?: number;
  /** A lambda's closure type: what it captures and its call operator (set, whole, when the class completes). */
  closure?: Closure;
  private layoutCache?: ClassLayout;
  private conversions?: FunctionDecl[];
  /** Elaborates the body on first need (template instances). */
  pending?: () => void;
  /** Diagnostics raised while instantiating, re-reported at each use. */
  instantiationErrors: { message: string; code: DiagnosticCode; loc: Loc }[] = [];
  readonly scope: Scope;

  constructor(
    readonly name: string,
    readonly qualifiedName: string,
    readonly key: 'class' | 'struct' | 'union',
    readonly declScope: Scope,
    readonly loc: Loc,
    readonly templateInfo?: { template: ClassTemplate; args: TemplateArg[] },
  ) {
    this.scope = new Scope('class', declScope, this);
  }

  displayName(): string {
    if (!this.templateInfo) return this.qualifiedName;
    return `${this.qualifiedName}<${this.templateInfo.args.map(argToString).join(', ')}>`;
  }

  /** Completes a pending template instance; returns false if the class is incomplete. */
  require(): boolean {
    if (this.pending) {
      const p = this.pending;
      this.pending = undefined;
      p();
    }
    return this.complete;
  }

  get layout(): ClassLayout | undefined {
    return this.layoutCache;
  }
  set layout(l: ClassLayout | undefined) {
    this.layoutCache = l;
  }

  methods(name: string): (FunctionDecl | FunctionTemplate)[] {
    return (this.scope.members.get(name) ?? []).filter((d): d is FunctionDecl | FunctionTemplate => d.kind === 'function' || d.kind === 'function-template');
  }

  /** Base chain from this class upward. */
  chain(): ClassDecl[] {
    const out: ClassDecl[] = [this];
    for (let c = this.base; c && out.length < 64; c = c.base) out.push(c);
    return out;
  }

  isDerivedFrom(other: ClassDecl): boolean {
    let guard = 0;
    for (let c = this.base; c && guard++ < 64; c = c.base) if (c === other) return true;
    return false;
  }

  /** The conversion functions (`operator T()`) of the class and its bases, once the class is complete. */
  conversionFunctions(): FunctionDecl[] {
    if (this.conversions) return this.conversions;
    const out: FunctionDecl[] = [];
    for (const k of this.chain()) {
      for (const [name, ds] of k.scope.members) {
        if (!name.startsWith('operator ')) continue;
        for (const d of ds) if (d.kind === 'function' && d.role === 'conversion') out.push(d);
      }
    }
    if (this.complete && !this.elaborating) this.conversions = out;
    return out;
  }
}

export type Decl =
  | NamespaceDecl | VarDecl | FieldDecl | FunctionDecl | ClassDecl | EnumDecl | EnumeratorDecl | TypedefDecl
  | ClassTemplate | FunctionTemplate | AliasTemplate | TemplateParamBinding;

/** `template <typename T> using Name = type;` */
export interface AliasTemplate {
  readonly kind: 'alias-template';
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly params: TemplateParam[];
  /** The aliased type-id, resolved for each use with the parameters bound. */
  readonly typeNode: Node;
  readonly unit: Unit;
  readonly declScope: Scope;
  readonly loc: Loc;
}

/** A template parameter bound to its argument inside an instantiation. */
export interface TemplateParamBinding {
  readonly kind: 'template-binding';
  readonly param: TemplateParam;
  readonly arg: TemplateArg;
}

export type ScopeKind = 'global' | 'namespace' | 'class' | 'function' | 'block' | 'template';

/** The empty result of a lookup (shared: callers never modify lookup results). */
export const NO_DECLS: Decl[] = Object.freeze([]) as unknown as Decl[];

export class Scope {
  readonly members = new Map<string, Decl[]>();
  readonly usingDirectives: NamespaceDecl[] = [];
  /** For a namespace reopened in a later layer (user code over cached SDK headers): the earlier scope. */
  underlying?: Scope;

  constructor(
    readonly kind: ScopeKind,
    readonly parent: Scope | undefined,
    readonly owner?: ClassDecl | NamespaceDecl | FunctionDecl,
  ) {}

  add(name: string, d: Decl): void {
    const list = this.members.get(name);
    if (list) list.push(d);
    else this.members.set(name, [d]);
  }

  /** Names declared directly here (plus the underlying layer). Do not modify the result. */
  own(name: string): Decl[] {
    const mine = this.members.get(name);
    if (this.underlying) {
      const under = this.underlying.own(name);
      if (!mine) return under;
      if (under.length) return [...mine, ...under];
    }
    return mine ?? NO_DECLS;
  }

  allUsingDirectives(): NamespaceDecl[] {
    if (!this.underlying) return this.usingDirectives;
    const under = this.underlying.allUsingDirectives();
    if (!this.usingDirectives.length) return under;
    return under.length ? [...this.usingDirectives, ...under] : this.usingDirectives;
  }

  get namespaceName(): string {
    if (this.owner && this.owner.kind === 'namespace') return this.owner.qualifiedName;
    if (this.owner && this.owner.kind === 'class') return this.owner.qualifiedName;
    return this.parent ? this.parent.namespaceName : '';
  }
}

export function qualify(scope: Scope, name: string): string {
  const prefix = scope.namespaceName;
  return prefix ? `${prefix}::${name}` : name;
}

export function functionType(f: FunctionDecl): FunctionType {
  return { kind: 'function', ret: f.ret, params: f.params.map((p) => p.type), variadic: f.variadic };
}

export function describeFunction(f: FunctionDecl): string {
  const params = f.params.map((p) => typeToString(p.type)).join(', ') + (f.variadic ? (f.params.length ? ', ...' : '...') : '');
  const quals = `${f.isConst ? ' const' : ''}${f.refQualifier !== 'none' ? ` ${f.refQualifier}` : ''}`;
  const targs = f.templateInfo ? `<${f.templateInfo.args.map(argToString).join(', ')}>` : '';
  return `${f.qualifiedName}${targs}(${params})${quals}`;
}
