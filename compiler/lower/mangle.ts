// Assembly symbol names: the Itanium C++ ABI's mangling (§5.1) as GCC produces it for the declarations
// the front-end models — nested names (N…E, K for const member functions), operator names (ix, pl, aS,
// cv…), constructors and destructors (C1, D1, D0), template arguments (I…E, L…E literals), template
// parameter references in a function template's signature (T_, T0_…), the return type of a template
// instance, substitutions (S_, S0_… of prefixes, template prefixes, qualified, pointer and reference
// types) and the std:: abbreviation St. `main` keeps its name.

import { types } from '../../language';
import type { ClassDecl, EnumDecl, FunctionDecl, NamespaceDecl, Scope, TemplateArg, VarDecl, Type } from '../../language/model';

const BUILTIN: Record<string, string> = {
  void: 'v', bool: 'b', char: 'c', 'signed char': 'a', 'unsigned char': 'h', wchar_t: 'w', char16_t: 'Ds', char32_t: 'Di',
  short: 's', 'unsigned short': 't', int: 'i', 'unsigned int': 'j', long: 'l', 'unsigned long': 'm',
  'long long': 'x', 'unsigned long long': 'y', float: 'f', double: 'd', 'long double': 'e', nullptr_t: 'Dn',
};

/** Operator names by spelling; `[unary, binary]` where the two differ. */
const OPERATORS: Record<string, string | [string, string]> = {
  new: 'nw', 'new[]': 'na', delete: 'dl', 'delete[]': 'da', '~': 'co', '+': ['ps', 'pl'], '-': ['ng', 'mi'], '*': ['de', 'ml'],
  '&': ['ad', 'an'], '/': 'dv', '%': 'rm', '|': 'or', '^': 'eo', '=': 'aS', '+=': 'pL', '-=': 'mI', '*=': 'mL', '/=': 'dV',
  '%=': 'rM', '&=': 'aN', '|=': 'oR', '^=': 'eO', '<<': 'ls', '>>': 'rs', '<<=': 'lS', '>>=': 'rS', '==': 'eq', '!=': 'ne',
  '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge', '<=>': 'ss', '!': 'nt', '&&': 'aa', '||': 'oo', '++': 'pp', '--': 'mm',
  ',': 'cm', '->*': 'pm', '->': 'pt', '()': 'cl', '[]': 'ix',
};

const sourceName = (s: string) => (s.startsWith('(anonymous') ? '12_GLOBAL__N_1' : `${s.length}${s}`);

/** A base-36 sequence number as substitutions and template parameters write it (S_, S0_, …, S9_, SA_, …). */
function seqId(i: number): string {
  return i === 0 ? '_' : `${(i - 1).toString(36).toUpperCase()}_`;
}

/** One component of a nested name: what it adds to the prefix, and its identity for substitution. */
interface Component {
  code: string;
  key: string;
  /** A template instance: its template's name is a candidate first (the template prefix). */
  template?: { key: string; args: readonly TemplateArg[] };
}

/** The enclosing namespaces and classes of a scope, outermost first. */
function scopeChain(scope: Scope | undefined): (ClassDecl | NamespaceDecl | FunctionDecl)[] {
  const out: (ClassDecl | NamespaceDecl | FunctionDecl)[] = [];
  for (let s = scope; s && out.length < 64; s = s.parent) if (s.owner && (s.kind === 'namespace' || s.kind === 'class' || s.kind === 'function')) {
    if (out[0] !== s.owner) out.unshift(s.owner);
  }
  return out;
}

function classComponent(c: ClassDecl): Component {
  if (c.name.startsWith('(lambda at ')) {
    // a closure type: its name is a description (line:column), not an identifier
    const n = sourceName(`__lambda_${c.name.replace(/\D+/g, '_').replace(/^_|_$/g, '')}`);
    return { code: n, key: `${c.id}` };
  }
  const name = c.templateInfo ? c.templateInfo.template.name : c.name;
  if (c.templateInfo) return { code: sourceName(name), key: `c${c.id}`, template: { key: `t${c.templateInfo.template.qualifiedName}`, args: c.templateInfo.args } };
  return { code: sourceName(name), key: `c${c.id}` };
}

class Mangler {
  private readonly subs: string[] = [];
  /** The current function template's parameters (T_ references in its signature). */
  templateParams?: readonly { index: number }[];

  private substitution(key: string): string | undefined {
    const i = this.subs.indexOf(key);
    return i < 0 ? undefined : `S${seqId(i)}`;
  }

  private add(key: string): void {
    if (!this.subs.includes(key)) this.subs.push(key);
  }

  /** The prefix components of a declaration's scope (namespaces, classes); std is written St. */
  private scopeComponents(scope: Scope | undefined): { std: boolean; comps: Component[]; local?: FunctionDecl } {
    const chain = scopeChain(scope);
    const fnIndex = chain.map((d) => d.kind).lastIndexOf('function');
    if (fnIndex >= 0) return { std: false, comps: chain.slice(fnIndex + 1).map((d) => this.component(d)), local: chain[fnIndex] as FunctionDecl };
    const std = chain[0]?.kind === 'namespace' && chain[0].name === 'std';
    return { std, comps: (std ? chain.slice(1) : chain).map((d) => this.component(d)) };
  }

  private component(d: ClassDecl | NamespaceDecl | FunctionDecl): Component {
    if (d.kind === 'class') return classComponent(d);
    return { code: sourceName(d.name), key: `n${d.qualifiedName}` };
  }

  /**
   * A (possibly nested) name: `comps` are the prefix, `last` the entity itself. `nestedAlways` for a
   * member function (N…E even at one level, for its K qualifier); `substitutable`: the entity's own
   * name becomes a candidate (classes and enums, not functions).
   */
  private name(scope: { std: boolean; comps: Component[]; local?: FunctionDecl }, last: Component, quals = '', substitutable = true): string {
    if (scope.local) return `Z${mangleFunctionEncoding(scope.local)}E${this.nested({ std: false, comps: scope.comps }, last, quals, substitutable)}`;
    return this.nested(scope, last, quals, substitutable);
  }

  private nested(scope: { std: boolean; comps: Component[] }, last: Component, quals: string, substitutable: boolean): string {
    const all = [...scope.comps, last];
    if (all.length === 1 && !quals) {
      // an unscoped name (St for std::): a template's name alone is a candidate
      const prefix = scope.std ? 'St' : '';
      if (last.template) {
        const known = this.substitution(last.template.key);
        const head = known ?? `${prefix}${last.code}`;
        if (!known) this.add(last.template.key);
        const out = head + this.templateArgs(last.template.args);
        if (substitutable) this.add(last.key);
        return out;
      }
      if (substitutable) this.add(last.key);
      return `${prefix}${last.code}`;
    }
    // the longest prefix already substituted
    let out = '';
    let start = 0;
    for (let i = all.length - 1; i >= 0; i--) {
      if (i === all.length - 1 && !substitutable) continue;
      const s = this.substitution(all[i].key);
      if (s) {
        out = s;
        start = i + 1;
        break;
      }
      if (all[i].template) {
        const t = this.substitution(all[i].template!.key);
        if (t) {
          out = t + this.templateArgs(all[i].template!.args);
          this.add(all[i].key);
          start = i + 1;
          break;
        }
      }
    }
    if (start === all.length) return out; // the whole name is a substitution (no N…E)
    if (!out && scope.std) out = 'St';
    for (let i = start; i < all.length; i++) {
      const c = all[i];
      const isLast = i === all.length - 1;
      out += c.code;
      if (c.template) {
        this.add(c.template.key);
        out += this.templateArgs(c.template.args);
      }
      if (!isLast || substitutable) this.add(c.key);
    }
    return `N${quals}${out}E`;
  }

  templateArgs(args: readonly TemplateArg[]): string {
    return `I${args.map((a) => this.templateArg(a)).join('')}E`;
  }

  private templateArg(a: TemplateArg): string {
    if (a.kind === 'type') return this.type(a.type);
    const vt = a.valueType ?? types.INT;
    if (vt.kind === 'builtin' && vt.name === 'bool') return `Lb${a.value ? 1 : 0}E`;
    return `L${this.type(types.unqualified(vt))}${a.value < 0 ? `n${-a.value}` : a.value}E`;
  }

  type(t: Type): string {
    const cv = (t.volatile ? 'V' : '') + (t.const ? 'K' : '');
    if (cv && t.kind !== 'reference') {
      const key = `q${cv}:${typeKeyOf(t)}`;
      const known = this.substitution(key);
      if (known) return known;
      const inner = this.type(types.unqualified(t));
      this.add(key);
      return cv + inner;
    }
    switch (t.kind) {
      case 'builtin': return BUILTIN[t.name] ?? 'i';
      case 'pointer':
      case 'reference':
      case 'array':
      case 'function': {
        const key = typeKeyOf(t);
        const known = this.substitution(key);
        if (known) return known;
        let out: string;
        if (t.kind === 'pointer') out = `P${this.type(t.pointee)}`;
        else if (t.kind === 'reference') out = `${t.rvalue ? 'O' : 'R'}${this.type(t.referee)}`;
        else if (t.kind === 'array') out = `A${t.length ?? ''}_${this.type(t.element)}`;
        else out = `F${this.type(t.ret)}${t.params.map((p) => this.type(p)).join('') || 'v'}E`;
        this.add(key);
        return out;
      }
      case 'class': return this.className(t.decl);
      case 'enum': return this.enumName(t.decl);
      case 'vector': {
        // an IVP type: a vendor extended type (u <source-name>), a substitution candidate
        const key = typeKeyOf(t);
        const known = this.substitution(key);
        if (known) return known;
        this.add(key);
        return `u${sourceName(t.vector.name)}`;
      }
      case 'tparam': {
        const key = `T${t.param.index}`;
        const known = this.substitution(key);
        if (known) return known;
        this.add(key);
        return `T${seqId(t.param.index)}`;
      }
      default: return 'i';
    }
  }

  className(c: ClassDecl): string {
    const known = this.substitution(`c${c.id}`);
    if (known) return known;
    return this.name(this.scopeComponents(c.declScope), classComponent(c));
  }

  private enumName(e: EnumDecl): string {
    const known = this.substitution(`e${e.id}`);
    if (known) return known;
    return this.name(this.scopeComponents(e.scope.parent), { code: sourceName(e.name), key: `e${e.id}` });
  }

  /** `<name>` of a function (with its K and ref-qualifier for a member function). */
  functionName(fn: FunctionDecl): string {
    const unq = this.unqualifiedFunctionName(fn);
    const targs = fn.templateInfo ? fn.templateInfo.args : undefined;
    const quals = fn.owner ? `${fn.isConst ? 'K' : ''}${fn.refQualifier === '&' ? 'R' : fn.refQualifier === '&&' ? 'O' : ''}` : '';
    const scope = fn.owner
      ? { std: false, comps: [...this.scopeComponents(fn.owner.declScope).comps, classComponent(fn.owner)] }
      : this.namespaceScope(fn.qualifiedName);
    if (fn.owner) {
      const outer = this.scopeComponents(fn.owner.declScope);
      scope.std = outer.std;
      if (outer.local) return this.name({ ...outer, comps: [...outer.comps, classComponent(fn.owner)] }, { code: unq, key: `f${fn.id}`, template: targs ? { key: `ft${fn.id}`, args: targs } : undefined }, quals, false);
    }
    const last: Component = { code: unq, key: `f${fn.id}`, template: targs ? { key: `ft${fn.templateInfo!.template.id}`, args: targs } : undefined };
    if (!scope.comps.length && !quals && !scope.std) {
      if (!targs) return unq;
      this.add(last.template!.key);
      return unq + this.templateArgs(targs);
    }
    return this.nested(scope, last, quals, false);
  }

  private namespaceScope(qualified: string): { std: boolean; comps: Component[] } {
    const parts = qualified.split('::').slice(0, -1).filter((p) => p);
    const std = parts[0] === 'std';
    const ns = std ? parts.slice(1) : parts;
    return { std, comps: ns.map((p, i) => ({ code: sourceName(p), key: `n${parts.slice(0, (std ? 1 : 0) + i + 1).join('::')}` })) };
  }

  private unqualifiedFunctionName(fn: FunctionDecl): string {
    if (fn.role === 'constructor') return 'C1';
    if (fn.role === 'destructor') return 'D1';
    if (fn.role === 'conversion') return `cv${this.type(fn.ret)}`;
    if (fn.name.startsWith('operator') && fn.role === 'operator') {
      const op = fn.name.slice('operator'.length).trim();
      const code = OPERATORS[op];
      if (code) {
        if (typeof code === 'string') return code;
        const operands = fn.params.length + (fn.owner && !fn.isStatic ? 1 : 0);
        return operands === 1 ? code[0] : code[1];
      }
    }
    return sourceName(fn.name.replace(/\W/g, (ch) => `_${ch.charCodeAt(0).toString(16)}`));
  }
}

/** A key identifying a type for substitution (the same type ⇒ the same key). */
function typeKeyOf(t: Type): string {
  const cv = `${t.const ? 'K' : ''}${t.volatile ? 'V' : ''}`;
  switch (t.kind) {
    case 'builtin': return cv + t.name;
    case 'pointer': return `${cv}P(${typeKeyOf(t.pointee)})`;
    case 'reference': return `${t.rvalue ? 'O' : 'R'}(${typeKeyOf(t.referee)})`;
    case 'array': return `${cv}A${t.length ?? ''}(${typeKeyOf(t.element)})`;
    case 'function': return `F(${typeKeyOf(t.ret)};${t.params.map(typeKeyOf).join(',')})`;
    case 'class': return `${cv}c${t.decl.id}`;
    case 'enum': return `${cv}e${t.decl.id}`;
    case 'tparam': return `${cv}T${t.param.index}`;
    case 'vector': return `${cv}u${t.vector.name}`;
    default: return `${cv}${t.kind}`;
  }
}

/** `<encoding>` of a function: its name, the return type of a template instance, the parameter types. */
function mangleFunctionEncoding(fn: FunctionDecl): string {
  const m = new Mangler();
  const name = m.functionName(fn);
  const sig = fn.templateInfo?.signature;
  const ret = fn.templateInfo ? m.type(sig?.ret ?? fn.ret) : '';
  const ptypes = sig?.params ?? fn.params.map((p) => p.type);
  const params = ptypes.map((p) => m.type(paramType(p))).join('') + (fn.variadic ? 'z' : '');
  return `${name}${ret}${params || 'v'}`;
}

/** A parameter's type in the signature: top-level cv-qualifiers dropped. */
function paramType(t: Type): Type {
  return t.kind === 'reference' ? t : types.unqualified(t);
}

export function mangleFunction(fn: FunctionDecl): string {
  if (fn.name === 'main' && !fn.owner && !fn.qualifiedName.includes('::')) return 'main';
  return `_Z${mangleFunctionEncoding(fn)}`;
}

/** The deleting destructor (D0) of a class whose complete-object destructor (D1) is `fn`. */
export function mangleDeletingDestructor(fn: FunctionDecl): string {
  return mangleFunction(fn).replace(/D1E/, 'D0E');
}

/** `<type>` of a type, alone (vtables `_ZTV<type>`, typeinfo `_ZTI<type>`). */
export function typeCode(t: Type): string {
  return new Mangler().type(t);
}

export function mangleVariable(v: VarDecl): string {
  if (!v.qualifiedName.includes('::')) return v.name;
  const m = new Mangler();
  // a static data member: nested in its class (instances get distinct symbols)
  if (v.owner) return `_Z${m.className(v.owner).replace(/^N(.*)E$/, 'N$1').replace(/^(?!N)(.*)$/, 'N$1')}${sourceName(v.name)}E`;
  const parts = v.qualifiedName.split('::').filter((p) => p);
  if (parts[0] === 'std' && parts.length === 2) return `_ZSt${sourceName(parts[1])}`;
  return `_ZN${parts.map(sourceName).join('')}E`;
}
