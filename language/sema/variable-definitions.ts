// Where a namespace-scope variable or static data member is defined, with its analysed initialiser:
// the declaration itself (`int g = 1;`, an in-class `static const int n = 5;`, a declaration
// tree-sitter reads as an expression, misparsed-declarations.ts), else for a static data member its
// definition at namespace scope (`int S::count = 40;`) — for a class template's member the general
// definition (`template <class T> T H<T>::v = T(3);`) or an instance's explicit specialisation
// (`template <> int H<int>::v = 9;`). The compiler lays the variable out from this and never looks
// for the syntax itself.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Analyzer } from './analyzer';
import type { Unit, VarDecl } from '../model/declarations';
import { smallestAt, variableInitialiser, type Initialiser } from './initialisers-outside-bodies';
import { misparsedParts } from './misparsed-declarations';

export interface VariableDefinition {
  /** Whether the variable is defined in the user's files (a static data member may be declared only). */
  readonly defined: boolean;
  /** The analysed initialiser; undefined when none is written. */
  readonly initialiser?: Initialiser;
  /** The unit the initialiser is written in (the declaration's without one). */
  readonly unit: Unit;
  /** Where the initialisation comes in the unit's start-up order: the initialiser's place for a static
   * data member, else the declaration's. */
  readonly at: number;
}

/** The definition of the namespace-scope variable or static data member `v`. */
export function variableDefinition(a: Analyzer, units: readonly Unit[], v: VarDecl): VariableDefinition {
  const here = initialiserAt(v);
  const unit = v.loc.unit;
  if (here) return { defined: true, initialiser: variableInitialiser(a, v, here, unit), unit, at: v.storage === 'static-member' ? here.startIndex : v.loc.start };
  if (v.storage !== 'static-member') return { defined: true, unit, at: v.loc.start };
  const def = outOfClassDefinition(units, v);
  if (!def) return { defined: false, unit, at: v.loc.start };
  if (!def.init) return { defined: true, unit, at: v.loc.start };
  return { defined: true, initialiser: variableInitialiser(a, v, def.init, def.unit), unit: def.unit, at: def.init.startIndex };
}

/** The initialiser written with the variable's own declaration, found from its name's location. */
function initialiserAt(v: VarDecl): Node | undefined {
  let n = smallestAt(v.loc.unit.root, v.loc.start, v.loc.end);
  while (n && n.type !== 'init_declarator' && n.type !== 'declaration' && n.type !== 'field_declaration' && n.type !== 'expression_statement') n = n.parent ?? undefined;
  // `int (*row)[4] = a;` parsed as an expression (misparsed-declarations.ts)
  if (n?.type === 'expression_statement') return n.namedChild(0) ? misparsedParts(n.namedChild(0)!)?.init : undefined;
  if (n?.type === 'field_declaration') return n.childForFieldName('default_value') ?? undefined;
  if (!n || n.type !== 'init_declarator') return undefined;
  return n.childForFieldName('value') ?? undefined;
}

/**
 * The namespace-scope definition of a static data member, if the user wrote one. A class template's
 * member is defined by the general definition for every instance but one with an explicit specialisation.
 */
function outOfClassDefinition(units: readonly Unit[], v: VarDecl): { init?: Node; unit: Unit } | undefined {
  const qualified = withoutTemplateArguments(v.qualifiedName.replace(/\s+/g, ''));
  const instance = v.owner?.templateInfo ? `${v.owner.displayName()}::${v.name}`.replace(/\s+/g, '') : undefined;
  let general: { init?: Node; unit: Unit } | undefined;
  for (const u of units) {
    if (u.system) continue;
    for (const d of findDefinitions(u.root, qualified)) {
      if (!d.explicit) general ??= { init: d.init, unit: u };
      else if (instance && (instance === d.written || instance.endsWith(`::${d.written}`))) return { init: d.init, unit: u };
    }
  }
  return general;
}

interface Definition {
  readonly init?: Node;
  /** The declarator's name as written, without spaces (`H<int>::v`). */
  readonly written: string;
  /** Under `template <>`: an explicit specialisation for one instance. */
  readonly explicit: boolean;
}

function findDefinitions(n: Node, qualified: string, out: Definition[] = []): Definition[] {
  if (n.type === 'function_definition' || n.type === 'class_specifier' || n.type === 'struct_specifier' || n.type === 'union_specifier') return out;
  if (n.type === 'declaration') {
    for (const d of n.childrenForFieldName('declarator')) {
      // `template <typename T> T H<T>::value = …;` defines the member of every instance of H
      const written = declaratorName(d)?.replace(/\s+/g, '');
      const name = written && withoutTemplateArguments(written);
      if (written && name && (qualified === name || qualified.endsWith(`::${name}`)) && name.includes('::')) {
        const init = d.type === 'init_declarator' ? (d.childForFieldName('value') ?? undefined) : undefined;
        out.push({ init, written, explicit: isExplicitSpecialisation(n) });
      }
    }
    return out;
  }
  for (const c of n.namedChildren) findDefinitions(c, qualified, out);
  return out;
}

/** A declaration directly under `template <>`. */
function isExplicitSpecialisation(decl: Node): boolean {
  const t = decl.parent;
  if (t?.type !== 'template_declaration') return false;
  const params = t.childForFieldName('parameters');
  return !!params && params.namedChildren.filter((c) => c.type !== 'comment').length === 0;
}

/** A qualified name without its template argument lists (`H<T>::value` → `H::value`). */
function withoutTemplateArguments(name: string): string {
  let out = '';
  let depth = 0;
  for (const ch of name) {
    if (ch === '<') depth++;
    else if (ch === '>' && depth > 0) depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** The name a declarator declares, under its pointer, reference, array and initialiser layers. */
function declaratorName(d: Node): string | undefined {
  let n: Node | undefined = d;
  while (n && n.type !== 'qualified_identifier' && n.type !== 'identifier' && n.type !== 'field_identifier') {
    n = n.childForFieldName('declarator') ?? n.namedChildren[n.namedChildren.length - 1];
  }
  return n?.text;
}
