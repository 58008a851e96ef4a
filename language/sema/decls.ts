// Declarations and scopes of the semantic model: namespaces, classes (with layout), enums, functions,
// variables, templates and their instantiations, and the scope chain name lookup walks.

import type { SourceRange } from '../diagnostics';
import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { ClassLayout } from './layout';
import { argToString, typeToString, type FunctionType, type Type } from './types';
import type { FunctionBody } from './statements';

let nextId = 1;
export function newId(): number {
  return nextId++;
}

/** Maps offsets in a unit's text to ranges in the user's files. */
export interface UnitMap {
  range(start: number, end: number): SourceRange;
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
}

export type Access = 'public' | 'protected' | 'private';
export type RefQualifier = 'none' | '&' | '&&';

export interface ParamDecl {
  readonly name: string;
  readonly type: Type;
  readonly defaultNode?: Node;
  readonly loc: Loc;
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
  /** The definition's body node and the scope it is analysed in. */
  body?: { node: Node; unit: Unit; scope: Scope; initNode?: Node };
  /** Template arguments when this is an instantiation of a function template. */
  readonly templateInfo?: { template: FunctionTemplate; args: TemplateArg[] };
  readonly loc: Loc;
  /** The analysed body, once analysed. */
  analysed?: FunctionBody;
  analysing?: boolean;
}

export interface EnumDecl {
  readonly kind: 'enum';
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly scoped: boolean;
  underlying: Type;
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
  readonly type: Type;
  readonly loc: Loc;
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
  base?: ClassDecl;
  baseAccess: Access = 'public';
  complete = false;
  /** Set while the body is being elaborated (a use inside sees an incomplete type). */
  elaborating = false;
  polymorphic = false;
  hasUserDestructor = false;
  hasUserConstructor = false;
  private layoutCache?: ClassLayout;
  /** Elaborates the body on first need (template instances). */
  pending?: () => void;
  /** Diagnostics raised while instantiating, re-reported at each use. */
  instantiationErrors: { message: string; code: string; loc: Loc }[] = [];
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
  *chain(): Generator<ClassDecl> {
    let c: ClassDecl | undefined = this;
    let guard = 0;
    while (c && guard++ < 64) {
      yield c;
      c = c.base;
    }
  }

  isDerivedFrom(other: ClassDecl): boolean {
    for (const c of this.chain()) if (c === other) return c !== this;
    return false;
  }
}

export type Decl =
  | NamespaceDecl | VarDecl | FieldDecl | FunctionDecl | ClassDecl | EnumDecl | EnumeratorDecl | TypedefDecl
  | ClassTemplate | FunctionTemplate | TemplateParamBinding;

/** A template parameter bound to its argument inside an instantiation. */
export interface TemplateParamBinding {
  readonly kind: 'template-binding';
  readonly param: TemplateParam;
  readonly arg: TemplateArg;
}

export type ScopeKind = 'global' | 'namespace' | 'class' | 'function' | 'block' | 'template';

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

  /** Names declared directly here (plus the underlying layer). */
  own(name: string): Decl[] {
    const mine = this.members.get(name);
    if (this.underlying) {
      const under = this.underlying.own(name);
      if (!mine) return under;
      if (under.length) return [...mine, ...under];
    }
    return mine ?? [];
  }

  allUsingDirectives(): NamespaceDecl[] {
    return this.underlying ? [...this.usingDirectives, ...this.underlying.allUsingDirectives()] : this.usingDirectives;
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
