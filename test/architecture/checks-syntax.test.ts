// The checks and the server's hover read the typed tree (the analysed bodies' typed expressions and
// statement trees, through language/checks/function-context.ts and the model's position query) where
// they can. A file of language/checks/ or server/ that imports the syntax tree (language/parse/ or the
// checks' syntax helpers, language/checks/syntax.ts) is listed below with what it reads there and why
// the typed tree cannot answer it; the list may only shrink. ARCHITECTURE.md › "The checks read the
// typed tree".

import { strict as assert } from 'node:assert';
import { importsOf, sourceFiles, type ImportEdge } from './faces-graph';

/** Files that read syntax, each with what for. Only remove entries. */
const READS_SYNTAX: Readonly<Record<string, string>> = {
  'language/checks/syntax.ts': 'the helpers themselves (node at a span, ancestors, parentheses)',
  'language/checks/function-context.ts': 'the node at a span, for the files below',
  'language/checks/chains.ts': 'subscript chains, also of expressions the front-end rejected (they carry no typed operands)',
  'language/checks/rank.ts': 'the chains (too many or too few subscripts are front-end errors); the quick fix edits the rank template argument',
  'language/checks/bounds.ts': "the chains' constant subscripts",
  'language/checks/read-only.ts': 'writes and their targets through the chains (a write the front-end rejects has no typed operands)',
  'language/checks/rank-limit.ts': "the template argument N of accessor<T, N>() (the model keeps no template argument's place) and the chains",
  'language/checks/lazy-reference.ts': "the declaration's `auto` (the model has the deduced type, not how it was written; the fix edits it) and writes found by the chains",
  'language/checks/kernel-signature.ts': "the parameter's and the return type's spelling, which the fix rewrites",
  'language/checks/fixes.ts': "a parameter's `const` qualifier, which the fix deletes",
  'language/checks/printf.ts': 'the format literal as written (escapes, adjacent literals) and its argument list',
  'language/checks/format-string.ts': "a string literal's pieces as written",
};

const SYNTAX = ['language/parse/', 'language/checks/syntax.ts'];
/** Files of those folders that hold no syntax: where the grammar's WebAssembly files are (the server compiles the grammar early). */
const NOT_SYNTAX = ['language/parse/grammar-files.ts'];

/** The imports of `edges` that bring in the syntax tree. */
export function syntaxImports(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter((e) => e.to !== undefined && e.to !== e.from && SYNTAX.some((s) => e.to!.startsWith(s)) && !NOT_SYNTAX.includes(e.to));
}

describe('architecture: the checks and the hover read the typed tree', () => {
  const reading = new Map<string, ImportEdge[]>();
  for (const file of sourceFiles(['language/checks', 'server'])) {
    const found = syntaxImports(importsOf(file));
    if (found.length || file === 'language/checks/syntax.ts') reading.set(file, found);
  }

  it('only the listed files of language/checks/ and server/ import the syntax tree', () => {
    const bad = [...reading].filter(([f]) => !(f in READS_SYNTAX)).map(([f, es]) => es.map((e) => `${f}:${e.line} → ${e.to}`).join(', '));
    assert.deepEqual(bad, [], `read the typed tree (FunctionContext, the statement tree, model.nodeAt), or list the file with why:\n  ${bad.join('\n  ')}`);
  });

  it('the list only shrinks: every listed file still imports the syntax tree', () => {
    assert.deepEqual(Object.keys(READS_SYNTAX).filter((f) => !reading.has(f)), [], 'remove it from READS_SYNTAX in test/architecture/checks-syntax.test.ts');
  });

  it('reports an import of the parser or of the checks\' syntax helpers', () => {
    const edges: ImportEdge[] = [
      { from: 'server/hover.ts', line: 3, specifier: '../language/parse/syntax-node', to: 'language/parse/syntax-node.ts' },
      { from: 'language/checks/dtype.ts', line: 4, specifier: './syntax', to: 'language/checks/syntax.ts' },
      { from: 'language/checks/dtype.ts', line: 5, specifier: './function-context', to: 'language/checks/function-context.ts' },
      { from: 'server/grammar-prefetch.ts', line: 9, specifier: '../language/parse/grammar-files', to: 'language/parse/grammar-files.ts' },
    ];
    assert.deepEqual(syntaxImports(edges).map((e) => e.to), ['language/parse/syntax-node.ts', 'language/checks/syntax.ts']);
  });
});
