// Assembly symbol names for functions and globals, in the style of the Itanium C++ ABI's mangling
// (nested names, parameter types, template arguments) without its substitution compression: names
// are unique per signature and readable by a demangler, but not byte-identical to GCC's for
// signatures that would use substitutions. `main`, and functions without a body here (the C runtime:
// printf, memcpy, …) keep their plain names.

import { types } from '../../language';
import type { ClassDecl, FunctionDecl, TemplateArg, VarDecl } from '../../language/sema/decls';
import type { Type } from '../../language/sema/types';

const BUILTIN: Record<string, string> = {
  void: 'v', bool: 'b', char: 'c', 'signed char': 'a', 'unsigned char': 'h', wchar_t: 'w', char16_t: 'Ds', char32_t: 'Di',
  short: 's', 'unsigned short': 't', int: 'i', 'unsigned int': 'j', long: 'l', 'unsigned long': 'm',
  'long long': 'x', 'unsigned long long': 'y', float: 'f', double: 'd', 'long double': 'e', nullptr_t: 'Dn',
};

const sourceName = (s: string) => `${s.length}${s}`;

function nestedPrefix(qualified: string): string {
  return qualified.split('::').filter((p) => p).map(sourceName).join('');
}

function templateArgs(args: readonly TemplateArg[]): string {
  return `I${args.map((a) => (a.kind === 'type' ? typeCode(a.type) : `L${typeCode(a.valueType ?? types.INT)}${a.value < 0 ? `n${-a.value}` : a.value}E`)).join('')}E`;
}

function className(c: ClassDecl): string {
  // a lambda's closure type: its name is a description (line:column), not an identifier; two closures
  // with one name (a lambda in a template's instances) get distinct symbols from the module
  if (c.name.startsWith('(lambda at ')) return sourceName(`__lambda_${c.name.replace(/\D+/g, '_').replace(/^_|_$/g, '')}`);
  const parts = c.qualifiedName.split('::').filter((p) => p);
  const encoded = parts.map(sourceName).join('') + (c.templateInfo ? templateArgs(c.templateInfo.args) : '');
  return parts.length > 1 || c.templateInfo ? `N${encoded}E` : encoded;
}

export function typeCode(t: Type): string {
  const cv = (t.const ? 'K' : '') + (t.volatile ? 'V' : '');
  switch (t.kind) {
    case 'builtin': return cv + (BUILTIN[t.name] ?? 'i');
    case 'pointer': return `${cv}P${typeCode(t.pointee)}`;
    case 'reference': return `${t.rvalue ? 'O' : 'R'}${typeCode(t.referee)}`;
    case 'array': return `A${t.length ?? ''}_${typeCode(t.element)}`;
    case 'class': return cv + className(t.decl);
    case 'enum': return cv + (t.decl.qualifiedName.includes('::') ? `N${nestedPrefix(t.decl.qualifiedName)}E` : sourceName(t.decl.name));
    case 'function': return `F${typeCode(t.ret)}${t.params.map(typeCode).join('') || 'v'}E`;
    default: return 'i';
  }
}

function functionName(fn: FunctionDecl): string {
  const owner = fn.owner;
  let unqualified: string;
  if (fn.role === 'constructor') unqualified = 'C1';
  else if (fn.role === 'destructor') unqualified = 'D1';
  else if (fn.role === 'operator' || fn.role === 'conversion') unqualified = sourceName(fn.name.replace(/\W/g, (ch) => `_${ch.charCodeAt(0).toString(16)}`));
  else unqualified = sourceName(fn.name);
  const targs = fn.templateInfo ? templateArgs(fn.templateInfo.args) : '';
  const quals = fn.isConst ? 'K' : '';
  if (owner) return `N${quals}${className(owner).replace(/^N(.*)E$/, '$1')}${unqualified}${targs}E`;
  const ns = fn.qualifiedName.split('::').slice(0, -1).filter((p) => p);
  if (ns.length) return `N${ns.map(sourceName).join('')}${unqualified}${targs}E`;
  return unqualified + targs;
}

export function mangleFunction(fn: FunctionDecl): string {
  if (fn.name === 'main' && !fn.owner && !fn.qualifiedName.includes('::')) return 'main';
  const params = fn.params.map((p) => typeCode(p.type)).join('') + (fn.variadic ? 'z' : '');
  const ret = fn.templateInfo ? typeCode(fn.ret) : '';
  return `_Z${functionName(fn)}${ret}${params || 'v'}`;
}

export function mangleVariable(v: VarDecl): string {
  if (!v.qualifiedName.includes('::')) return v.name;
  // a static data member: its class's name with template arguments (instances get distinct symbols)
  if (v.owner) return `_ZN${className(v.owner).replace(/^N(.*)E$/, '$1')}${sourceName(v.name)}E`;
  return `_ZN${nestedPrefix(v.qualifiedName)}E`;
}
