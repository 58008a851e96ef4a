// The editor shows what q7 build would stop at: after the document has been quiet a little longer
// than the analysis's debounce, the compiler's legality rules (compiler/check.ts) run and their errors
// are published with the same message and place as q7 build's; an edit that removes the construct
// removes the diagnostic. A kernel the compiler accepts gets no second publication.

import * as assert from 'node:assert/strict';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';
import { LspClient, startClient } from '../../harness/lsp-client';

const URI = 'file:///src/kernels/binding.cpp';
const KERNEL = `#include <torch/torch.h>
struct S { int a : 3; int b : 5; };
torch::Tensor k(const torch::Tensor& t) {
  S s{1, 2};
  auto [x, y] = s;
  (void)x; (void)y;
  return t;
}
`;

function shown(p: PublishDiagnosticsParams): string[] {
  return p.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`);
}

describe('server: the compiler\'s checks (deferred)', function () {
  this.timeout(60000);
  let c: LspClient;

  afterEach(async () => {
    if (c) await c.stop();
  });

  it('publishes an untranslatable construct as an error, and drops it once fixed', async () => {
    c = await startClient();
    c.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'cpp', version: 1, text: KERNEL } });
    const first = await c.waitFor('textDocument/publishDiagnostics', (p) => p.uri === URI && p.version === 1);
    assert.deepEqual(shown(first), []);
    const second = await c.waitFor('textDocument/publishDiagnostics', (p) => p.uri === URI && p.version === 1);
    assert.deepEqual(shown(second), ["5:9 not-translatable 'x' names a bit-field: a structured binding to a bit-field is not supported"]);
    assert.equal(second.diagnostics[0].severity, 1);
    c.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line: 1, character: 11 }, end: { line: 1, character: 32 } }, text: 'int a; int b;' }],
    });
    const fixed = await c.waitFor('textDocument/publishDiagnostics', (p) => p.uri === URI && p.version === 2);
    assert.deepEqual(shown(fixed), []);
    await assert.rejects(c.waitFor<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (p) => p.uri === URI, 1500));
  });
});
