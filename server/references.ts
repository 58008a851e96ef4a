// Find references and document highlights: the places in the user's files that name the variable,
// data member, function, function template, enumerator — or class, enum or typedef whose name is the
// program's only declaration of it — under the cursor (the model's SemanticModel.references: its
// declaration, and the names, member accesses and calls that refer to it, or the tokens spelling the
// type's name, each as the range of the name alone; a use inside a macro's expansion is the macro's
// name where it is used — a reference, but no place to highlight or rename). Anything else under the
// cursor (a namespace, a type whose name is shared, a qualifier) gets null, which clients show as "no
// references".

import { DocumentHighlightKind, type DocumentHighlight, type Location } from 'vscode-languageserver/node';
import type { Analysis, SourceRange } from '../language';
import type { Decl } from '../language/model';
import { toRange, type PathMapper } from './convert';
import { infoAt } from './position';
import { pathToUri } from './uris';

/** The declaration under a position and the places that name it; undefined when there is none. */
export interface Named {
  readonly decl: Decl;
  readonly name: string;
  /** The places, in file order, each once (the declaration's own among them). */
  readonly places: readonly SourceRange[];
  /** Places where the file does not spell the name: a macro's expansion names it (the range is the
   *  macro's name where it is used). */
  readonly unspelled: readonly SourceRange[];
  /** The declaration's own place (the name it declares), when it is in the user's files. */
  readonly declared?: SourceRange;
}

const same = (a: SourceRange, b: SourceRange) =>
  a.file === b.file && a.start.line === b.start.line && a.start.column === b.start.column && a.end.line === b.end.line && a.end.column === b.end.column;

/** What is named at `line`/`column` (0-based) of `file`, with every place that names it. */
export function namedAt(analysis: Analysis, file: string, line: number, column: number): Named | undefined {
  const info = infoAt(analysis, file, line, column);
  const decl = info?.expr?.callee ?? info?.decl ?? info?.expr?.decl;
  if (!decl || !('name' in decl)) return undefined;
  const places = analysis.model.references(decl);
  // the cursor on a name that is not one of them (the `Mode` of `Mode::Fast`, where the position
  // query answers the enumerator) asks about something else
  if (!places || !places.some((p) => p.file === file && p.start.line === line && p.start.column <= column && column <= p.end.column)) return undefined;
  const target = analysis.model.referenceTarget(decl);
  if (!target || !('name' in target)) return undefined;
  const unspelled = places.filter((p) => textOf(analysis, p) !== target.name);
  const own = target.loc && !target.loc.unit.system ? target.loc.unit.map.range(target.loc.start, target.loc.end) : undefined;
  return { decl: target, name: target.name, places, unspelled, declared: own && places.find((p) => same(p, own)) };
}

/** The text of a one-line range in the file as the user wrote it (undefined when not known). */
function textOf(analysis: Analysis, r: SourceRange): string | undefined {
  if (r.start.line !== r.end.line) return undefined;
  const text = analysis.preprocessed.files.get(r.file);
  return text?.split('\n')[r.start.line]?.slice(r.start.column, r.end.column);
}

/** `textDocument/references`: every place naming the symbol at the position (its declaration only when asked). */
export function references(analysis: Analysis, file: string, line: number, column: number, includeDeclaration: boolean, realPath: PathMapper): Location[] | null {
  const n = namedAt(analysis, file, line, column);
  if (!n) return null;
  const places = includeDeclaration ? n.places : n.places.filter((p) => !n.declared || !same(p, n.declared));
  return places.map((p) => ({ uri: pathToUri(realPath(p.file)), range: toRange(p) }));
}

/** `textDocument/documentHighlight`: the places in this file spelling the symbol at the position; its
 *  declaration is a write, the others are text. */
export function highlights(analysis: Analysis, file: string, line: number, column: number): DocumentHighlight[] | null {
  const n = namedAt(analysis, file, line, column);
  if (!n) return null;
  return n.places
    .filter((p) => p.file === file && !n.unspelled.includes(p))
    .map((p) => ({ range: toRange(p), kind: n.declared && same(p, n.declared) ? DocumentHighlightKind.Write : DocumentHighlightKind.Text }));
}
