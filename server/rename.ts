// Rename: the variable, data member, function, function template, enumerator, or class, enum or
// typedef whose name is its own (references.ts) under the cursor, declared in the user's files (the
// document or a header it includes with quotes), renamed at every place that names it in them. A
// rename is verified before it is offered: the renamed texts are analysed (the document under the
// caller's scratch path, the headers as renamed) and must have no error the document did not have,
// and the renamed declaration must be named at exactly the renamed places — a new name that another
// declaration hides, or that captures a name meant for another declaration, changes the places and is
// refused with the reason, as are a new name that is a keyword or not an identifier, and a name the
// model cannot follow everywhere (a type whose name is shared, one declared in the SDK, one a macro's
// expansion names).

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
  if (!named || !at) return { refused: 'nothing to rename here: put the cursor on the name of a variable, data member, function, enumerator or type of your own' };
  const d = named.decl;
  if (d.kind === 'function' && d.role !== 'function') return { refused: `'${named.name}' is a ${d.role}: it is named by its class` };
  if (!named.declared) return { refused: `'${named.name}' is declared ${'loc' in d && d.loc?.unit.system ? 'in the SDK headers' : 'outside the user\'s files'}: only a name declared in the user's files can be renamed` };
  const hidden = named.unspelled[0];
  if (hidden) return { refused: `'${named.name}' is also named inside a macro's expansion (${hidden.file === file ? '' : `${hidden.file}, `}line ${hidden.start.line + 1}): rename it by hand` };
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
  let at = '';
  let shift = 0;
  return places.map((p) => {
    if (`${p.file}:${p.start.line}` !== at) [at, shift] = [`${p.file}:${p.start.line}`, 0];
    const start = p.start.column + shift;
    shift += name.length - (p.end.column - p.start.column);
    return { file: p.file, start: { line: p.start.line, column: start }, end: { line: p.start.line, column: start + name.length } };
  });
}

const key = (r: SourceRange) => `${r.file}:${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}`;
const errors = (a: Analysis) => a.diagnostics.filter((d) => d.severity === 'error');

/** Analyses the document's renamed text, with the renamed texts of the headers it includes. */
export type RenamedAnalysis = (text: string, headers: ReadonlyMap<string, string>) => Analysis;

/**
 * `textDocument/rename`: the edits, by file, that rename the symbol at the position to `name`,
 * verified on the renamed texts (`analyse` analyses them, as the completion's scratch copy of the
 * document); or why the rename is refused.
 */
export function rename(analysis: Analysis, file: string, text: string, line: number, column: number, name: string, analyse: RenamedAnalysis): Map<string, TextEdit[]> | string {
  const r = renamableAt(analysis, file, line, column);
  if ('refused' in r) return r.refused;
  const { named } = r;
  const bad = badName(named.name, name);
  if (bad) return `cannot rename '${named.name}' to '${name}': ${bad}`;
  const files = [...new Set(named.places.map((p) => p.file))];
  const headers = new Map<string, string>();
  for (const f of files.filter((x) => x !== file)) {
    const t = analysis.preprocessed.files.get(f);
    if (t === undefined) return `cannot rename '${named.name}': the text of ${f} is not known`;
    headers.set(f, applyRename(t, named.places.filter((p) => p.file === f), name));
  }
  const after = analyse(applyRename(text, named.places.filter((p) => p.file === file), name), headers);
  const before = new Set(errors(analysis).map((d) => d.message));
  const added = errors(after).find((d) => !before.has(d.message));
  if (added) return `renaming '${named.name}' to '${name}' would break the code: ${added.message} (${added.range.file === after.file ? '' : `${added.range.file}, `}line ${added.range.start.line + 1})`;
  // in the analysis of the renamed text, the document is under the scratch path
  const asAfter = (p: SourceRange): SourceRange => (p.file === file ? { ...p, file: after.file } : p);
  const expected = shifted(named.places, name).map(asAfter);
  const decl = expected[named.places.indexOf(named.declared!)];
  const again = namedAt(after, decl.file, decl.start.line, decl.start.column);
  const found = again?.places ?? [];
  const want = new Set(expected.map(key));
  const have = new Set(found.map(key));
  const where = (p: SourceRange) => `${p.file === after.file ? '' : `${p.file}, `}line ${p.start.line + 1}`;
  const lost = expected.find((p) => !have.has(key(p)));
  if (lost) return `renaming '${named.name}' to '${name}' would change what the code means: the name at ${where(lost)} would refer to another declaration`;
  const captured = found.find((p) => !want.has(key(p)));
  if (captured) return `renaming '${named.name}' to '${name}' would change what the code means: the '${name}' at ${where(captured)} would refer to the renamed '${named.name}' instead of its own declaration`;
  const edits = new Map<string, TextEdit[]>();
  for (const p of named.places) (edits.get(p.file) ?? edits.set(p.file, []).get(p.file)!).push({ range: toRange(p), newText: name });
  return edits;
}
