// The compiler lowers what the front-end hands over without calling back into the analysis: of the
// values it imports from language/'s face, none is defined by an analysis pass (language/sema/), beyond
// the shrinking list below. Queries over the model's data live in language/model/ (constant values,
// member questions) and the statement tree carries what a pass decided (case constants, a class
// switch's conversion). ARCHITECTURE.md › "The compiler builds what the front-end accepts".

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { ROOT } from './imports';
import { sourceFiles } from './faces-graph';

/** Values of language/'s face the compiler may still call although a pass defines them (each with why): none
 *  (the list stays, so a new exception is a visible decision). */
const ALLOWED: readonly string[] = [];

/** The module each value name of a face file is re-exported from (`export { a } from './m'`), repository-relative. */
export function faceValueSources(faceFile: string, text: string): Map<string, string> {
  const sf = ts.createSourceFile(faceFile, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out = new Map<string, string>();
  for (const st of sf.statements) {
    if (!ts.isExportDeclaration(st) || st.isTypeOnly || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const from = path.posix.normalize(path.posix.join(path.posix.dirname(faceFile), st.moduleSpecifier.text));
    const c = st.exportClause;
    if (!c || !ts.isNamedExports(c)) continue;
    for (const e of c.elements) if (!e.isTypeOnly) out.set(e.name.text, from);
  }
  return out;
}

/** The value names `file` imports from the module `target` (type-only imports left out). */
export function valueImportsFrom(file: string, text: string, target: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.importClause?.isTypeOnly) continue;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), st.moduleSpecifier.text)).replace(/\/index$/, '');
    if (resolved !== target) continue;
    const b = st.importClause?.namedBindings;
    if (b && ts.isNamedImports(b)) for (const e of b.elements) if (!e.isTypeOnly) out.push((e.propertyName ?? e.name).text);
  }
  return out;
}

/** The names of `files` (path and text) import from language/'s face that a pass defines, with the files importing each. */
export function passCalls(sources: ReadonlyMap<string, string>, files: readonly { file: string; text: string }[]): Map<string, string[]> {
  const calls = new Map<string, string[]>();
  for (const { file, text } of files) {
    for (const name of valueImportsFrom(file, text, 'language')) {
      if (sources.get(name)?.startsWith('language/sema/')) calls.set(name, [...(calls.get(name) ?? []), file]);
    }
  }
  return calls;
}

/** The calls not in `allowed`, one line each (`name (module) in files`). */
export function unallowedCalls(calls: ReadonlyMap<string, string[]>, sources: ReadonlyMap<string, string>, allowed: readonly string[]): string[] {
  return [...calls].filter(([name]) => !allowed.includes(name)).map(([name, files]) => `${name} (${sources.get(name)}) in ${files.join(', ')}`);
}

describe('architecture: the compiler calls no analysis pass', () => {
  const face = 'language/index.ts';
  const sources = faceValueSources(face, fs.readFileSync(path.join(ROOT, face), 'utf8'));
  const calls = passCalls(sources, sourceFiles(['compiler']).map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') })));

  it('compiler/ imports no value of language/ that an analysis pass defines (beyond the shrinking list)', () => {
    const bad = unallowedCalls(calls, sources, ALLOWED);
    assert.deepEqual(bad, [], `the compiler calls no analysis pass: hand the result over in the model (language/model/) or the statement tree:\n  ${bad.join('\n  ')}`);
  });

  it('the list only shrinks: every listed name is still imported', () => {
    assert.deepEqual(ALLOWED.filter((name) => !calls.has(name)), [], 'remove it from ALLOWED in test/architecture/compiler-queries.test.ts');
  });

  it('reads re-exports and value imports', () => {
    const sourcesOf = faceValueSources('language/index.ts', "export { a, type T } from './sema/x';\nexport type { U } from './model/y';\nexport { b } from './model/z';\n");
    assert.deepEqual([...sourcesOf], [['a', 'language/sema/x'], ['b', 'language/model/z']]);
    const names = valueImportsFrom('compiler/lower/f.ts', "import { a, type T } from '../../language';\nimport type { b } from '../../language';\nimport { c } from '../../language/model';\n", 'language');
    assert.deepEqual(names, ['a']);
  });

  it('reports a query of an analysis pass imported back (and not one of the model)', () => {
    const face = faceValueSources('language/index.ts', "export { closureInfo } from './sema/lambdas';\nexport { constantValue } from './model/constant-values';\n");
    const file = { file: 'compiler/lower/lambdas.ts', text: "import { closureInfo, constantValue } from '../../language';\n" };
    const found = passCalls(face, [file]);
    assert.deepEqual(unallowedCalls(found, face, []), ['closureInfo (language/sema/lambdas) in compiler/lower/lambdas.ts']);
    assert.deepEqual(unallowedCalls(found, face, ['closureInfo']), []);
  });
});
