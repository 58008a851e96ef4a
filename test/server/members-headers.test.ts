// Protocol transcripts against the real server process over stdio for two features: completion of the
// members of any accessor or element-reference expression (`acc[i].`, `t.accessor<float, 3>()[0][1].`),
// and diagnostics of user headers a kernel includes, published on the header's own URI and refreshed
// when the header (open buffer or file on disk) or the including file changes.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionItem, PublishDiagnosticsParams } from 'vscode-languageserver';
import { startClient, type LspClient } from '../../harness/lsp-client';

const KERNEL_LINES = ['#include <torch/torch.h>', 'void k(torch::Tensor& t) {', '  auto acc = t.accessor<float, 2>();', '  auto w = t.write_stream_accessor<float>();', 'X', '}', ''];

function kernelWith(line: string): string {
  return KERNEL_LINES.join('\n').replace('X', line);
}

async function labelsAt(c: LspClient, uri: string, version: number, line: string): Promise<string[]> {
  c.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: kernelWith(line) }] });
  const r = await c.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 4, character: line.length } });
  assert.equal(r.error, undefined, `completion failed after '${line}'`);
  return (r.result ?? []).map((i) => i.label);
}

const ACCESSOR_MEMBERS = ['size', 'sizes', 'stride', 'strides'];

describe('server: member completion on expressions (stdio child process)', function () {
  this.timeout(60000);
  let c: LspClient;
  afterEach(async () => {
    if (c) await c.stop();
  });

  it('completes the members of the type of acc[i], of a subscripted factory call and inside unfinished calls', async () => {
    c = await startClient();
    const uri = 'file:///kernels/members.cpp';
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text: kernelWith('') } });
    assert.deepEqual(await labelsAt(c, uri, 2, '  acc[0].'), ACCESSOR_MEMBERS);
    assert.deepEqual(await labelsAt(c, uri, 3, '  float v = t.accessor<float, 3>()[0][1].si'), ACCESSOR_MEMBERS);
    assert.deepEqual(await labelsAt(c, uri, 4, '  foo(acc[1].st'), ACCESSOR_MEMBERS);
    assert.deepEqual(await labelsAt(c, uri, 5, '  (acc[1]).'), ACCESSOR_MEMBERS);
    // An element reference (TensorElementReference) has no named public members; a stream has its own.
    assert.deepEqual(await labelsAt(c, uri, 6, '  acc[0][1].'), []);
    assert.deepEqual(await labelsAt(c, uri, 7, '  w.'), ['close', 'write']);
    const tensor = await labelsAt(c, uri, 8, '  (t).');
    assert.ok(tensor.includes('accessor') && tensor.includes('write_stream_accessor'), tensor.join(','));
  });
});

describe('server: diagnostics of included user headers (stdio child process)', function () {
  this.timeout(60000);
  let c: LspClient;
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-headers-'));
  });
  afterEach(async () => {
    if (c) await c.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const HELPER_BAD = '#pragma once\n#include <torch/torch.h>\ninline void fill(const torch::Tensor& t) {\n  auto acc = t.accessor<float, 1>();\n  acc[0] = 1.0f;\n}\n';
  const HELPER_GOOD = HELPER_BAD.replace('const torch::Tensor& t', 'torch::Tensor& t');
  const KERNEL = '#include <torch/torch.h>\n#include "helper.h"\nvoid k(torch::Tensor& out) { fill(out); }\n';

  function waitFor(uri: string, pred: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
    return c.waitFor('textDocument/publishDiagnostics', (p) => p.uri === uri && pred(p));
  }
  const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`);

  it('publishes a header\'s diagnostics on its URI and refreshes them when the file on disk changes', async () => {
    const helper = path.join(dir, 'helper.h');
    fs.writeFileSync(helper, HELPER_BAD);
    fs.mkdirSync(path.join(dir, 'lib'));
    fs.writeFileSync(path.join(dir, 'lib', 'third.h'), HELPER_BAD.replace('fill', 'fill3'));
    const kernel = pathToFileURL(path.join(dir, 'kernel.cpp')).href;
    const header = pathToFileURL(helper).href;
    const settings = { debounceMs: 0, includePaths: [path.join(dir, 'lib')] };
    c = await startClient({ settings }, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
    c.notify('textDocument/didOpen', { textDocument: { uri: kernel, languageId: 'cpp', version: 1, text: KERNEL.replace('#include "helper.h"', '#include <third.h>\n#include "helper.h"') } });
    const own = await waitFor(kernel, () => true);
    assert.deepEqual(codes(own), []);
    const inHeader = await waitFor(header, (p) => p.diagnostics.length > 0);
    assert.deepEqual(codes(inHeader), ['5:3 Q7-A002']);
    const published = c.received('textDocument/publishDiagnostics').map((p) => p.uri);
    assert.ok(!published.some((u) => u.endsWith('/third.h')), 'a header reached with <...> is not the user\'s');
    assert.match(inHeader.diagnostics[0].message, /^write through read-only accessor/);
    assert.ok(inHeader.diagnostics[0].relatedInformation?.some((r) => r.location.uri === header && /'t' is a const torch::Tensor&/.test(r.message)), JSON.stringify(inHeader.diagnostics[0].relatedInformation));
    const registration = c.transcript.find((m) => m.msg.method === 'client/registerCapability');
    assert.match(JSON.stringify(registration?.msg.params), /workspace\/didChangeWatchedFiles.*\*\*\/\*\.\{h,/);

    fs.writeFileSync(helper, HELPER_GOOD);
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: header, type: 2 }] });
    assert.deepEqual(codes(await waitFor(header, (p) => p.diagnostics.length === 0)), []);

    fs.writeFileSync(helper, HELPER_BAD);
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: header, type: 2 }] });
    await waitFor(header, (p) => p.diagnostics.length === 1);
    c.notify('textDocument/didChange', { textDocument: { uri: kernel, version: 2 }, contentChanges: [{ text: KERNEL.replace('#include "helper.h"', '#include <third.h>') }] });
    assert.deepEqual(codes(await waitFor(header, (p) => p.diagnostics.length === 0)), [], 'no longer included: cleared');
  });

  it('re-analyses the including kernel when the header is edited in the editor, and speaks for the header through it', async () => {
    const helper = path.join(dir, 'helper.h');
    fs.writeFileSync(helper, HELPER_GOOD);
    const kernel = pathToFileURL(path.join(dir, 'kernel.cpp')).href;
    const header = pathToFileURL(helper).href;
    c = await startClient();
    c.notify('textDocument/didOpen', { textDocument: { uri: kernel, languageId: 'cpp', version: 1, text: KERNEL } });
    await waitFor(kernel, () => true);
    c.notify('textDocument/didOpen', { textDocument: { uri: header, languageId: 'cpp', version: 1, text: HELPER_GOOD } });
    c.notify('textDocument/didChange', { textDocument: { uri: header, version: 2 }, contentChanges: [{ text: HELPER_BAD }] });
    const p = await waitFor(header, (x) => x.diagnostics.length > 0);
    assert.deepEqual(codes(p), ['5:3 Q7-A002']);
    c.notify('textDocument/didClose', { textDocument: { uri: header } });
    // Closed in the editor: the kernel is analysed again and reads the (good) file on disk.
    assert.deepEqual(codes(await waitFor(header, (x) => x.diagnostics.length === 0)), []);
  });
});
