// Code lenses over the real server process: "Run Kernel" / "Debug Kernel" above each kernel function
// (the compiler's kernel rule), with the kernel's name and parameters as the command's arguments;
// static helpers, templates and member functions get none.

import * as assert from 'node:assert/strict';
import type { CodeLens } from 'vscode-languageserver';
import { LspClient, startClient } from '../../harness/lsp-client';

const URI = 'file:///src/kernels/lenses.cpp';

const KERNEL = `#include <torch/torch.h>
static float twice(float x) { return 2 * x; }
template <typename T> T id(T x) { return x; }
struct S { torch::Tensor m(const torch::Tensor& t) { return t; } };

torch::Tensor scale(const torch::Tensor& t_in, double factor) {
  torch::Tensor out = torch::zeros(t_in.sizes(), torch::kFloat);
  return out;
}

void fill(torch::Tensor& t, int64_t v) {}
`;

describe('server: kernel code lenses', function () {
  this.timeout(60000);
  let c: LspClient;

  afterEach(async () => {
    if (c) await c.stop();
  });

  it('offers Run Kernel and Debug Kernel above each kernel with its parameters', async () => {
    c = await startClient();
    c.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'cpp', version: 1, text: KERNEL } });
    await c.waitFor('textDocument/publishDiagnostics', (p) => p.uri === URI);
    const r = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: URI } });
    assert.equal(r.error, undefined);
    const lenses = r.result!;
    assert.deepEqual(lenses.map((l) => `${l.range.start.line + 1} ${l.command!.title} ${l.command!.command}`), [
      '6 ▶ Run Kernel q7.runKernel',
      '6 Debug Kernel q7.debugKernel',
      '11 ▶ Run Kernel q7.runKernel',
      '11 Debug Kernel q7.debugKernel',
    ]);
    assert.deepEqual(lenses[1].command!.arguments, [URI, {
      function: 'scale',
      params: [{ name: 't_in', kind: 'tensor', type: 'const at::Tensor &' }, { name: 'factor', kind: 'scalar', type: 'double' }],
    }]);
    assert.equal((lenses[3].command!.arguments![1] as { function: string }).function, 'fill');
  });

  it('answers a code lens request for a file with no kernel with an empty list', async () => {
    c = await startClient();
    const uri = 'file:///src/kernels/none.cpp';
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text: '#include <torch/torch.h>\nstatic int f() { return 1; }\n' } });
    await c.waitFor('textDocument/publishDiagnostics', (p) => p.uri === uri);
    const r = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    assert.deepEqual([r.error, r.result], [undefined, []]);
  });
});
