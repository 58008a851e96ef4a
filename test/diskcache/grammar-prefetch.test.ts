// The grammar read and compiled ahead by the loaders of the server and the CLI (diskcache/grammar-prefetch.ts): the parser
// is loaded from the compiled module (not from the bytes, which are blanked here to show it), and a
// directory without the files gives nothing, so the server reads them itself.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GRAMMAR_BUNDLE_NAMES, GRAMMAR_MODULES } from '../../language/parse/grammar-files';
import { CppParser } from '../../language/parse/parser';
import { prefetchGrammar } from '../../diskcache/grammar-prefetch';

describe('server: the grammar prefetched by the loader', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-grammar-prefetch-'));
    fs.copyFileSync(require.resolve(GRAMMAR_MODULES.runtime), path.join(dir, GRAMMAR_BUNDLE_NAMES.runtime));
    fs.copyFileSync(require.resolve(GRAMMAR_MODULES.cpp), path.join(dir, GRAMMAR_BUNDLE_NAMES.cpp));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('hands the parser the compiled grammar, which it loads instead of the bytes', async () => {
    const g = await prefetchGrammar(dir);
    assert.ok(g?.cppModule, 'the grammar compiled');
    assert.deepEqual(g.cpp, fs.readFileSync(path.join(dir, GRAMMAR_BUNDLE_NAMES.cpp)));
    // bytes that are no WebAssembly at all: only the compiled module can give a working parser
    const parser = await CppParser.create({ ...g, cpp: new Uint8Array(g.cpp.length) });
    const tree = parser.parse('template<typename T> struct A { T x; };');
    assert.equal(tree.rootNode.hasError, false);
    assert.equal(tree.rootNode.child(0)?.type, 'template_declaration');
  });

  it('gives nothing for a directory without the grammar', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-grammar-none-'));
    try {
      assert.equal(await prefetchGrammar(empty), undefined);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
