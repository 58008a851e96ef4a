// The checks reuse a function's diagnostics while the front-end keeps its analysed body: the reused
// diagnostics must equal a fresh run, also after edits that move the function by whole lines, change
// another function, or change an annotation the function depends on.

import * as assert from 'node:assert/strict';
import { Frontend, memoryHost } from '../../../language';
import { checkedDiagnostics } from '../../../language/checks';
import { grammarBinaries, sharedFrontend } from '../grammar';

const FILE = '/inc/kernel.cpp';
const BASE = `#include <torch/torch.h>
void first(torch::Tensor& t) {
  auto w = t.write_stream_accessor<float>();
  auto a = t.accessor<float, 1>();
}
// q7: u rank 3
void second(torch::Tensor& u) {
  auto x = u.accessor<float, 2>();
  auto e = x[0][1];
}
`;

let fresh: Frontend | undefined;

/** Diagnostics from a front-end that has never seen the file (no reuse anywhere). */
async function fromScratch(text: string) {
  fresh ??= await Frontend.create(grammarBinaries());
  fresh.forget(FILE);
  return checkedDiagnostics(fresh.analyze(FILE, memoryHost({ [FILE]: text })));
}

async function incremental(text: string) {
  const fe = await sharedFrontend();
  return checkedDiagnostics(fe.analyze(FILE, memoryHost({ [FILE]: text })));
}

const summary = (ds: { range: { start: { line: number; column: number } }; code: string }[]) => ds.map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1} ${d.code}`);

describe('language/checks incremental reuse', function () {
  this.timeout(60000);

  it('equals a fresh run after edits above, inside and around functions', async () => {
    const edits = [
      BASE,
      BASE.replace('#include <torch/torch.h>\n', '#include <torch/torch.h>\n// two new\n// lines\n'),
      BASE.replace('auto a = t.accessor<float, 1>();', 'auto a = t.accessor<float, 1>();\n  a[0] = 1.0f;'),
      BASE.replace('// q7: u rank 3', '// q7: u rank 2'),
      BASE.replace('// q7: u rank 3\n', ''),
      BASE,
    ];
    const seen: string[][] = [];
    for (const text of edits) {
      const got = await incremental(text);
      assert.deepEqual(got, await fromScratch(text));
      seen.push(summary(got));
    }
    assert.deepEqual(seen[0], ['4:12 Q7-C005', '8:12 Q7-A001', '9:8 Q7-L008']);
    assert.deepEqual(seen[1], ['6:12 Q7-C005', '10:12 Q7-A001', '11:8 Q7-L008']);
    assert.deepEqual(seen[3], ['4:12 Q7-C005', '9:8 Q7-L008']);
    assert.deepEqual(seen[4], ['4:12 Q7-C005', '8:8 Q7-L008']);
  });
});
