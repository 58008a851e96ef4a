// The compiler walks what the front-end hands it, not C++ syntax: no file of compiler/ imports the
// syntax tree's type (`SyntaxNode`) or a front-end helper that answers in syntax nodes: it walks the
// typed statement tree the front-end builds for each body (language/model/statements.ts; ARCHITECTURE.md
// › "The compiler builds what the front-end accepts").

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { ROOT } from './imports';

/** Names the front-end exports that are syntax, or that take or return syntax nodes. */
const SYNTAX_NAMES = new Set(['SyntaxNode', 'bindingInitialiser', 'misparsedParts', 'mayBeMisparsed']);

/** Files of compiler/ that may name syntax: none (the list stays, so a new exception is a visible decision). */
const ALLOWED: string[] = [];

/** The syntax names `file`'s imports bring in from language/ (resolved relative to the file). */
export function syntaxImports(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), st.moduleSpecifier.text));
    if (!target.startsWith('language')) continue;
    const b = st.importClause?.namedBindings;
    if (b && ts.isNamedImports(b)) for (const e of b.elements) if (SYNTAX_NAMES.has((e.propertyName ?? e.name).text)) out.push((e.propertyName ?? e.name).text);
  }
  return out;
}

function compilerFiles(dir = path.join(ROOT, 'compiler'), out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) compilerFiles(p, out);
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

describe('architecture: the compiler sees no syntax', () => {
  it('compiler/ imports no syntax type or syntax helper from language/ (beyond the shrinking list)', () => {
    const naming = new Map<string, string[]>();
    for (const abs of compilerFiles()) {
      const file = path.relative(ROOT, abs).split(path.sep).join('/');
      const names = syntaxImports(file, fs.readFileSync(abs, 'utf8'));
      if (names.length) naming.set(file, names);
    }
    const bad = [...naming].filter(([f]) => !ALLOWED.includes(f)).map(([f, n]) => `  ${f} imports ${n.join(', ')}`);
    const stale = ALLOWED.filter((f) => !naming.has(f)).map((f) => `  ${f} is listed but names no syntax now: remove it from the list`);
    if (bad.length || stale.length) assert.fail(`the compiler sees no syntax:\n${[...bad, ...stale].join('\n')}`);
  });

  it('reports an import of SyntaxNode or a syntax helper from the language face', () => {
    const text = "import type { SyntaxNode as Node } from '../../language';\nimport { misparsedParts, types } from '../../language';\nimport { x } from './y';\n";
    assert.deepEqual(syntaxImports('compiler/lower/x.ts', text), ['SyntaxNode', 'misparsedParts']);
  });
});
