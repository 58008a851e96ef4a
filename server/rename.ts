// Rename: the variable, data member, function, function template or enumerator under the cursor,
// declared in this file and named only in it, renamed at every place that names it (references.ts).
// A rename is verified before it is offered: the renamed text is analysed (the caller's scratch
// analysis) and must have no error the document did not have, and the renamed declaration must be
// named at exactly the renamed places — a new name that another declaration hides, or that captures a
// name meant for another declaration, changes the places and is refused with the reason, as are a new
// name that is a keyword or not an identifier, and a name the model cannot follow everywhere (a type,
// one declared in the SDK or another file).

import type { Range, TextEdit } from 'vscode-languageserver/node';
import type { Analysis, SourceRange } from '../language';
import { toRange } from './convert';
import { namedAt, type Named } from './references';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const KEYWORDS = new Set(
  ('alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class compl concept const ' +
    'consteval constexpr constinit const_cast continue co_await co_return co_yield decltype default delete do double dynamic_cast else ' +
    'enum explicit export extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq nullptr ' +
    'operator or or_eq private protected public register reinterpret_cast requires return short signed sizeof static static_assert ' +
    'static_cast struct switch template this thread_local throw true try typedef typeid typename union unsigned using virtual void ' +
    'volatile wchar_t while xor xor_eq').split(' '),
);

/** Why nothing can be renamed at a position, or what would be renamed. */
export type Renamable = { readonly named: Named; readonly at: SourceRange } | { readonly refused: string };

const holds = (r: SourceRange, file: string, line: number, column: number) =>
  r.file === file && r.start.line === line && r.start.column <= column && column <= r.end.column;

/** The symbol whose name is at `line`/`column` of `file`, if it can be renamed there. */
export function renamableAt(analysis: Analysis, file: string, line: number, column: number): Renamable {
  const named = namedAt(analysis, file, line, column);
  const at = named?.places.find((p) => holds(p, file, line, column));
  if (!named || !at) return { refused: 'nothing to rename here: put the cursor on the name of a variable, data member, function or enumerator' };
  const d = named.decl;
  if (d.kind === 'function' && d.role !== 'function') return { refused: `'${named.name}' is a ${d.role}: it is named by its class` };
  if (!named.declared) return { refused: `'${named.name}' is declared ${'loc' in d && d.loc?.unit.system ? 'in the SDK headers' : 'outside the user\'s files'}: only a name declared in this file can be renamed` };
  if (named.declared.file !== file) return { refused: `'${named.name}' is declared in ${named.declared.file}: rename it there` };
  const hidden = named.unspelled[0];
  if (hidden) return { refused: `'${named.name}' is also named inside a macro's expansion (line ${hidden.start.line + 1}): rename it by hand` };
  const elsewhere = named.places.find((p) => p.file !== file);
  if (elsewhere) return { refused: `'${named.name}' is also named in ${elsewhere.file}: a rename changes one file only` };
  return { named, at };
}

/** `textDocument/prepareRename`: the name's range and text, or why it cannot be renamed. */
export function prepareRename(analysis: Analysis, file: string, line: number, column: number): { range: Range; placeholder: string } | string {
  const r = renamableAt(analysis, file, line, column);
  return 'refused' in r ? r.refused : { range: toRange(r.at), placeholder: r.named.name };
}

/** Why `name` cannot be the new name of `old`, if it cannot. */
function badName(old: string, name: string): string | undefined {
  if (!IDENTIFIER.test(name)) return `'${name}' is not an identifier`;
  if (KEYWORDS.has(name)) return `'${name}' is a C++ keyword`;
  if (name === old) return `the name is already '${name}'`;
  return undefined;
}

/** `text` with each of `places` (single-line ranges of one name, in file order) replaced by `name`. */
function applyRename(text: string, places: readonly SourceRange[], name: string): string {
  const lines = text.split('\n');
  for (const p of [...places].reverse()) {
    const l = lines[p.start.line];
    lines[p.start.line] = l.slice(0, p.start.column) + name + l.slice(p.end.column);
  }
  return lines.join('\n');
}

/** Where the places are once each is renamed: later places on a line move by the change in length. */
function shifted(places: readonly SourceRange[], name: string): SourceRange[] {
  let line = -1;
  let shift = 0;
  return places.map((p) => {
    if (p.start.line !== line) [line, shift] = [p.start.line, 0];
    const start = p.start.column + shift;
    shift += name.length - (p.end.column - p.start.column);
    return { file: p.file, start: { line: p.start.line, column: start }, end: { line: p.start.line, column: start + name.length } };
  });
}

const key = (r: SourceRange) => `${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}`;
const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error');

/**
 * `textDocument/rename`: the edits that rename the symbol at the position to `name`, verified on the
 * renamed text (`analyse` analyses a text of this document, as the completion's scratch copy does);
 * or why the rename is refused.
 */
export function rename(analysis: Analysis, file: string, text: string, line: number, column: number, name: string, analyse: (text: string) => Analysis): TextEdit[] | string {
  const r = renamableAt(analysis, file, line, column);
  if ('refused' in r) return r.refused;
  const { named } = r;
  const bad = badName(named.name, name);
  if (bad) return `cannot rename '${named.name}' to '${name}': ${bad}`;
  const after = analyse(applyRename(text, named.places, name));
  const before = new Set(errors(analysis).map((d) => d.message));
  const added = errors(after).find((d) => !before.has(d.message));
  if (added) return `renaming '${named.name}' to '${name}' would break the code: ${added.message} (line ${added.range.start.line + 1})`;
  const expected = shifted(named.places, name);
  const decl = expected[named.places.indexOf(named.declared!)];
  const again = namedAt(after, after.file, decl.start.line, decl.start.column);
  const found = (again?.places ?? []).filter((p) => p.file === after.file);
  const want = new Set(expected.map(key));
  const have = new Set(found.map(key));
  const lost = expected.find((p) => !have.has(key(p)));
  if (lost) return `renaming '${named.name}' to '${name}' would change what the code means: the name at line ${lost.start.line + 1} would refer to another declaration`;
  const captured = found.find((p) => !want.has(key(p)));
  if (captured) return `renaming '${named.name}' to '${name}' would change what the code means: the '${name}' at line ${captured.start.line + 1} would refer to the renamed '${named.name}' instead of its own declaration`;
  return named.places.map((p) => ({ range: toRange(p), newText: name }));
}
