// Signature help (server/signature-help.ts) on the real front-end: the call left open before the
// cursor (its callee and the argument the cursor is in, strings and template argument lists
// skipped), and the callee's overloads — a user function, an SDK function through its namespace, an
// SDK member through a variable and through an expression receiver, a member function template —
// with each parameter's place in the label; none outside a call or after it is closed.

import * as assert from 'node:assert/strict';
import type { PublishDiagnosticsParams, SignatureHelp } from 'vscode-languageserver';
import { memoryHost, type Analysis, type Frontend } from '../../language';
import { LspClient } from '../../harness/lsp-client';
import { openCall, signatureHelp } from '../../server/signature-help';
import { sharedFrontend } from '../language/grammar';

const FILE = '/sig/k.cpp';
const HEAD = `#include <torch/torch.h>
#include <stdio.h>
static float scale(float x, float k) { return x * k; }
static int twice(int v) { return 2 * v; }
torch::Tensor k(const torch::Tensor& t_in) {
  auto in = t_in.accessor<float, 2>();
`;
const TAIL = `
  return t_in;
}
`;

describe('server: signature help', function () {
  this.timeout(60000);
  let fe: Frontend;
  before(async () => {
    fe = await sharedFrontend();
  });

  /** Signature help with the cursor at the end of `typed`, a line inserted in the kernel's body. */
  function at(typed: string) {
    const text = `${HEAD}  ${typed}${TAIL}`;
    const line = HEAD.split('\n').length - 1;
    const analysis: Analysis = fe.analyze(FILE, memoryHost({ [FILE]: text }));
    const scratch = { text, analyse: (t: string) => fe.analyze('/sig/.scratch-k.cpp', memoryHost({ '/sig/.scratch-k.cpp': t })) };
    const h = signatureHelp(analysis, FILE, line, typed.length + 2, `  ${typed}`, scratch);
    if (!h) return null;
    const sig = h.signatures[h.activeSignature!];
    const param = sig.parameters?.[h.activeParameter!];
    const label = param && Array.isArray(param.label) ? sig.label.slice(param.label[0], param.label[1]) : undefined;
    return { count: h.signatures.length, label: sig.label, param: label, active: h.activeParameter, doc: sig.documentation };
  }

  it('reads the open call off the line: its callee and the argument, strings and template arguments skipped', () => {
    assert.deepEqual(openCall('  float y = scale(in[0][1], '), { calleePrefix: '  float y = scale', name: 'scale', qualifier: undefined, member: false, argument: 1 });
    assert.deepEqual(openCall('  auto a = t.accessor<float, 2>('), { calleePrefix: '  auto a = t.accessor', name: 'accessor', qualifier: undefined, member: true, argument: 0 });
    assert.equal(openCall('  printf("(%d, ", f(1, 2), ')?.argument, 2);
    assert.equal(openCall('  torch::zeros({2, 3}, ')?.qualifier, 'torch::');
    assert.equal(openCall('  torch::zeros({2, 3}, ')?.argument, 1);
    assert.equal(openCall('  scale(1.0f, 2.0f) + '), undefined);
    assert.equal(openCall('  if (x > 1'), undefined);
  });

  it("shows a user function's parameters, the cursor's one active", () => {
    const h = at('float y = scale(in[0][1], ');
    assert.deepEqual([h?.count, h?.label, h?.param, h?.active], [1, 'float scale(float x, float k)', 'float k', 1]);
    const nested = at('float y = scale(twice(');
    assert.deepEqual([nested?.label, nested?.param], ['int twice(int v)', 'int v']);
  });

  it('shows an SDK function through its namespace, with its doc', () => {
    const h = at('auto z = torch::zeros(');
    assert.ok(h && h.count >= 1, 'at least one overload of zeros');
    assert.match(h.label, /zeros\(/);
    assert.ok(h.doc, 'the API doc of torch::zeros');
  });

  it('shows an SDK member through a variable and through an expression receiver', () => {
    const size = at('int64_t n = t_in.size(');
    assert.match(size!.label, /size\(/);
    assert.equal(size!.active, 0);
    const chained = at('float v = t_in.accessor<float, 2>()[0].size(');
    assert.ok(chained, 'the member of the receiver expression');
    assert.match(chained.label, /size\(/);
  });

  it('shows one signature for overloads that read the same (accessor() const& and &)', () => {
    const h = at('auto a = t_in.accessor<float, 2>(');
    assert.deepEqual([h?.count, h?.label], [1, 'at::TensorBase::accessor<T, N>()']);
  });

  it('answers over stdio while the line is half typed, the variadic part of printf active', async () => {
    const c = new LspClient();
    try {
      const init = await c.request<{ capabilities: { signatureHelpProvider?: unknown } }>('initialize', { processId: null, rootUri: null, capabilities: {}, initializationOptions: { settings: { debounceMs: 0, prebuild: false } } });
      assert.deepEqual(init.result!.capabilities.signatureHelpProvider, { triggerCharacters: ['(', ','], retriggerCharacters: [')'] });
      c.notify('initialized', {});
      const uri = 'file:///sig/k.cpp';
      const typed = 'printf("%d %d", 1, ';
      const text = `${HEAD}  ${typed}${TAIL}`;
      c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text } });
      await c.waitFor<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 1);
      const line = HEAD.split('\n').length - 1;
      const r = await c.request<SignatureHelp>('textDocument/signatureHelp', { textDocument: { uri }, position: { line, character: typed.length + 2 } });
      assert.equal(r.error, undefined);
      const sig = r.result!.signatures[r.result!.activeSignature!];
      assert.deepEqual([sig.label, r.result!.activeParameter], ['int printf(const char* format, ...)', 2]);
      const none = await c.request('textDocument/signatureHelp', { textDocument: { uri }, position: { line: 0, character: 3 } });
      assert.deepEqual([none.error, none.result], [undefined, null]);
    } finally {
      await c.stop();
    }
  });

  it('answers null outside a call, after it is closed, and for a name that is not a function', () => {
    assert.equal(at('float y = scale(1.0f, 2.0f) + '), null);
    assert.equal(at('float y = 1.0f'), null);
    assert.equal(at('int q = nowhere('), null);
  });
});
