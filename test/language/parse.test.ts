// Parsing: the pinned grammar loads, every input yields a tree, and syntax errors land at user positions.

import * as assert from 'node:assert/strict';
import { SourceMap } from '../../language/pre/source-map';
import { syntaxErrors } from '../../language/parse/syntax-errors';
import { sharedParser, readTree } from './grammar';

function identityMap(file: string, text: string): SourceMap {
  const m = new SourceMap(file);
  let off = 0;
  text.split('\n').forEach((line, i) => {
    m.add(off, off + line.length, { file, line: i, column: 0, endLine: i, endColumn: line.length, exact: true });
    off += line.length + 1;
  });
  return m;
}

describe('language/parse', () => {
  it('loads tree-sitter-cpp (ABI 14) and parses a template class', async () => {
    const p = await sharedParser();
    assert.equal(p.language.abiVersion, 14);
    const tree = p.parse('template<typename T, size_t N> struct A { T x[N]; };');
    assert.equal(tree.rootNode.hasError, false);
    assert.equal(tree.rootNode.child(0)?.type, 'template_declaration');
  });

  it('yields a tree plus errors for incomplete code', async () => {
    const p = await sharedParser();
    const src = 'void f() {\n  int x = \n}\n';
    const tree = p.parse(src);
    assert.equal(tree.rootNode.type, 'translation_unit');
    const errs = syntaxErrors(await readTree(src, tree), identityMap('a.cpp', src));
    assert.ok(errs.length >= 1);
    assert.equal(errs[0].range.file, 'a.cpp');
    assert.equal(errs[0].range.start.line, 1);
  });

  it('reports a missing semicolon as expected \';\'', async () => {
    const p = await sharedParser();
    const src = 'int a = 1\nint b = 2;\n';
    const errs = syntaxErrors(await readTree(src, p.parse(src)), identityMap('b.cpp', src));
    assert.deepEqual(errs.map((e) => e.message), ["expected ';'"]);
  });

  it('parses binary garbage without throwing', async () => {
    const p = await sharedParser();
    const junk = String.fromCharCode(...Array.from({ length: 500 }, (_, i) => (i * 7919) % 256));
    const tree = p.parse(junk);
    assert.ok(tree.rootNode.hasError);
  });
});
