// Q7-C011 on a returned lambda that captures an accessor by copy (explicitly or through `[=]`), checked
// on the C011 diagnostics alone: a function returning a lambda needs a deduced (`auto`) return type,
// whose front-end diagnostics are not this check's business. Also a `thread_local` local, whose
// storage class the model keeps as written.

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../../language';
import { checkedDiagnostics } from '../../../language/checks';
import { sharedFrontend } from '../grammar';

const KERNEL = `#include <torch/torch.h>
auto explicit_copy(torch::Tensor& t) {
  auto acc = t.accessor<float, 1>();
  return [acc](int i) { return static_cast<float>(acc[i]); };
}
auto default_copy(torch::Tensor& t) {
  auto w = t.write_stream_accessor<float>();
  int n = 3;
  return [=]() { w.write(1.0f); return n; };
}
auto by_reference_to_tensor(torch::Tensor& t) {
  auto tcm = t.tcm_accessor();
  return [&t](int i) { auto acc = t.accessor<float, 1>(); return static_cast<float>(acc[i]); };
}
`;

describe('Q7-C011 returned lambdas', function () {
  this.timeout(60000);
  it('reports accessors and streams the returned closure copies, not tensors or TCM accessors', async () => {
    const fe = await sharedFrontend();
    const file = '/fixtures/lambdas.cpp';
    const ds = checkedDiagnostics(fe.analyze(file, memoryHost({ [file]: KERNEL })), {}).filter((d) => d.code === 'Q7-C011');
    const got = ds.map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1}-${d.range.end.column + 1} ${d.severity} ${d.message.slice(0, 70)}`);
    assert.deepEqual(got, [
      "4:11-14 warning standard accessor 'acc' escapes 'explicit_copy' in the lambda it retur",
      "9:18-19 warning write stream 'w' escapes 'default_copy' in the lambda it returns",
    ]);
    assert.ok(ds[0].notes?.some((n) => /reads and writes 't' after 'explicit_copy' returned/.test(n.message)), JSON.stringify(ds[0].notes));
    assert.equal(ds[0].help, 'capture the tensor (torch::Tensor&) instead and open the accessor inside the lambda');
  });

  it('reports an accessor kept in a thread_local local, naming the storage class written', async () => {
    const fe = await sharedFrontend();
    const file = '/fixtures/thread-local.cpp';
    const src = [
      '#include <torch/torch.h>',
      'void kept(torch::Tensor& t) {',
      '  thread_local auto acc = t.accessor<float, 1>();',
      '  acc[0] = 1.0f;',
      '  static at::TensorAccessor<float, 1, false> braced{t.accessor<float, 1>()};',
      '  thread_local int calls = 0;',
      '}',
    ].join('\n');
    const ds = checkedDiagnostics(fe.analyze(file, memoryHost({ [file]: src })), {}).filter((d) => d.code === 'Q7-C011');
    const got = ds.map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1}-${d.range.end.column + 1} ${d.message}`);
    assert.deepEqual(got, [
      "3:27-49 standard accessor t.accessor<float, 1>() is kept in the thread_local local 'acc'",
      "5:53-75 standard accessor t.accessor<float, 1>() is kept in the static local 'braced'",
    ]);
    assert.equal(ds[0].help, "make 'acc' an ordinary local (drop 'thread_local')");
  });
});
