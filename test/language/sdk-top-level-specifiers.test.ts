// A class, union or enum defined at the top level of a header (`struct X { … };`): tree-sitter-cpp
// gives the specifier and its `;` as two top-level items, and the `;` is a unit of its own. Such a header
// is clean whether it is an SDK header (analysed in a shared SDK layer) or a user header, and a kernel
// using its types builds.

import * as assert from 'node:assert/strict';
import { memoryHost, SDK_INCLUDE_DIR } from '../../language';
import { TreeReader } from '../../language/parse/tree-reader';
import { compile } from '../../compiler';
import { sharedFrontend, sharedParser } from './grammar';

const HEADER = `#pragma once
struct Point { int x; int y; };
union Bits { int i; float f; } ;
enum Colour { Red, Green = 4 };
class Box { public: int w; };
inline int area(Box b, Point p) { return b.w * (p.x + p.y); }
`;

function kernel(include: string): string {
  return `${include}
int main() {
  Point p{2, 3};
  Box b{4};
  Bits u;
  u.i = Green;
  return area(b, p) - 20 - u.i;
}
`;
}

describe('language/top-level class specifiers in headers', function () {
  this.timeout(60000);

  it('reads the `;` after a top-level specifier as a `;` unit, not an error', async () => {
    const p = await sharedParser();
    const reader = new TreeReader(p.language);
    const text = 'struct X { int a; };\nint y;\n';
    const tree = p.parse(text);
    const read = reader.readTopLevel(tree, text, (span) => ({ text: text.slice(span.startIndex, span.endIndex) }));
    tree.delete();
    assert.deepEqual(read.map((r) => r.span.type), ['struct_specifier', ';', 'declaration']);
    const semi = read[1].node!;
    assert.equal(semi.type, ';');
    assert.equal(semi.hasError, false);
    assert.equal(semi.isError, false);
  });

  for (const [label, path, include] of [
    ['an SDK header', `${SDK_INCLUDE_DIR}/neuron/top-level-types.h`, '#include <neuron/top-level-types.h>'],
    ['a user header', '/top-level-types/user/types.h', '#include "types.h"'],
  ] as const) {
    it(`checks clean and builds when ${label} defines them`, async () => {
      const fe = await sharedFrontend();
      const main = label === 'a user header' ? '/top-level-types/user/kernel.cpp' : '/top-level-types/sdk/kernel.cpp';
      const host = memoryHost({ [main]: kernel(include), [path]: HEADER });
      const a = fe.analyze(main, host);
      assert.deepEqual(a.diagnostics.map((d) => `${d.range.file}:${d.range.start.line + 1}: ${d.message}`), []);
      assert.ok(a.units.some((u) => u.file === path), 'the header was read');
      const r = compile(fe, main, host);
      assert.deepEqual(r.diagnostics, []);
      assert.ok(r.elf && r.elf.length > 0, 'an ELF was written');
    });
  }
});
