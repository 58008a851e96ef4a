// Protocol transcript for the printf format check (Q7-P012) against the real server over stdio: the
// warning at the `%d` given an int64_t, the quick fix to `%lld`, and the warning gone after applying it.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, PublishDiagnosticsParams } from 'vscode-languageserver';
import { LspClient, startClient } from '../../harness/lsp-client';

const URI = 'file:///src/kernels/wkv.cpp';
const TEXT = `#include <torch/torch.h>
#include <stdio.h>
torch::Tensor wkv(torch::Tensor& r) {
  printf("B=%d\\n", r.size(0));
  return r;
}
`;

function diagnostics(c: LspClient, version: number): Promise<PublishDiagnosticsParams> {
  return c.waitFor('textDocument/publishDiagnostics', (p) => p.uri === URI && p.version === version);
}

describe('server: printf format quick fix', function () {
  this.timeout(60000);
  let c: LspClient | undefined;
  afterEach(async () => {
    if (c) await c.stop();
  });

  it('offers %lld for the int64_t of size(0), and the warning goes away', async () => {
    c = await startClient();
    c.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'cpp', version: 1, text: TEXT } });
    const p = await diagnostics(c, 1);
    const d = p.diagnostics.find((x) => x.code === 'Q7-P012');
    assert.ok(d, JSON.stringify(p.diagnostics));
    assert.deepEqual(d.range, { start: { line: 3, character: 12 }, end: { line: 3, character: 14 } });
    assert.equal(d.severity, 2);
    assert.match(d.message, /^format '%d' expects argument of type 'int', but argument 2 has type 'int64_t'/);
    const r = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: URI }, range: d.range, context: { diagnostics: [d] } });
    assert.equal(r.error, undefined);
    const fix = r.result!.find((a) => a.title.startsWith("Use '%lld'"));
    assert.ok(fix, JSON.stringify(r.result));
    assert.equal(fix.kind, 'quickfix');
    assert.deepEqual(fix.edit!.changes![URI], [{ range: d.range, newText: '%lld' }]);
    const fixed = TextDocument.applyEdits(TextDocument.create(URI, 'cpp', 1, TEXT), fix.edit!.changes![URI]);
    assert.equal(fixed.split('\n')[3], '  printf("B=%lld\\n", r.size(0));');
    c.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: fixed }] });
    const after = await diagnostics(c, 2);
    assert.deepEqual(after.diagnostics.map((x) => x.code), []);
  });
});
