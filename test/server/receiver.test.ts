// The receiver of a half-typed member access and the patched texts that let the front-end type it
// (server/receiver.ts), on the shapes completion meets while a kernel is typed.

import * as assert from 'node:assert/strict';
import { isolatedText, patchedText, receiverBefore } from '../../server/receiver';

describe('server member-access receiver', () => {
  it('finds the receiver through subscripts, template arguments, calls, parentheses and member chains', () => {
    const cases: [string, string | undefined][] = [
      ['  acc[i].', 'acc[i]'],
      ['  acc[i][j + 1].si', 'acc[i][j + 1]'],
      ['  float v = t.accessor<float, 2>()[1].', 't.accessor<float, 2>()[1]'],
      ['  foo(acc[f(i)].st', 'acc[f(i)]'],
      ['  (acc[1]).', '(acc[1])'],
      ['  p->acc[0]->', 'p->acc[0]'],
      ['  torch::zeros({2}, torch::kFloat).', 'torch::zeros({2}, torch::kFloat)'],
      ['  w.', 'w'],
      ['  x = 1.', undefined],
      ['  acc[i)].', undefined],
      ['  .', undefined],
    ];
    for (const [line, want] of cases) assert.equal(receiverBefore(line)?.text, want, line);
    assert.equal(receiverBefore('  p->acc[0]->')?.arrow, true);
    assert.deepEqual(receiverBefore('  acc[i].si'), { text: 'acc[i]', start: 2, end: 8, arrow: false });
  });

  it('cuts the access off and closes what the line left open, or isolates the receiver', () => {
    const text = 'void f() {\n  if (g(acc[0].si && x) {\n}\n';
    const r = receiverBefore('  if (g(acc[0].si')!;
    assert.equal(patchedText(text, 1, r), 'void f() {\n  if (g(acc[0]));\n}\n');
    assert.equal(isolatedText(text, 1, r), 'void f() {\n        acc[0];\n}\n');
  });
});
