// Protocol transcripts against the real server process over stdio: initialize, didOpen and the
// publishDiagnostics it causes, incremental didChange, hover text, code actions applied to the
// document (and the diagnostic disappearing), completion, symbols, definition, settings, and requests
// out of order (before initialize, for unopened documents, with broken parameters).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, CompletionItem, DocumentSymbol, Hover, InitializeResult, Location, MarkupContent, PublishDiagnosticsParams } from 'vscode-languageserver';
import { LspClient, startClient } from '../../harness/lsp-client';

const URI = 'file:///src/kernels/kernel.cpp';

const KERNEL = `#include <torch/torch.h>
torch::Tensor k(const torch::Tensor& t_in, torch::Tensor& t_out) {
  auto w = t_out.write_stream_accessor<float>();
  w.write(1.0f);
  auto acc = t_out.accessor<float, 2>();
  auto in = t_in.accessor<float, 2>();
  auto x = in[0][1];
  torch::Tensor z = torch::zeros({2, 3}, torch::kFloat);
  return z;
}
`;

function open(c: LspClient, uri: string, text: string, version = 1): void {
  c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version, text } });
}

function diagnostics(c: LspClient, uri: string, version: number): Promise<PublishDiagnosticsParams> {
  return c.waitFor('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === version);
}

function codes(p: PublishDiagnosticsParams): string[] {
  return p.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`);
}

describe('server protocol (stdio child process)', function () {
  this.timeout(60000);
  let c: LspClient;

  afterEach(async () => {
    if (c) await c.stop();
  });

  it('answers a request before initialize with ServerNotInitialized, then initializes', async () => {
    c = new LspClient();
    const early = await c.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 0 } });
    assert.equal(early.error?.code, -32002);
    const init = await c.request<InitializeResult>('initialize', { processId: null, rootUri: null, capabilities: {} });
    assert.equal(init.error, undefined);
    const caps = init.result!.capabilities;
    assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2 });
    assert.deepEqual([caps.hoverProvider, caps.documentSymbolProvider, caps.definitionProvider], [true, true, true]);
    assert.deepEqual(caps.codeActionProvider, { codeActionKinds: ['quickfix'] });
    assert.deepEqual(caps.completionProvider?.triggerCharacters, ['.', ':', '>']);
    assert.equal(init.result!.serverInfo?.name, 'q7-studio');
    c.notify('initialized', {});
    const sym = await c.request('textDocument/documentSymbol', { textDocument: { uri: URI } });
    assert.deepEqual([sym.error, sym.result], [undefined, []]);
  });

  it('publishes diagnostics on didOpen: the coherency conflict names both accessors, with related information', async () => {
    c = await startClient();
    open(c, URI, KERNEL);
    const p = await diagnostics(c, URI, 1);
    assert.deepEqual(codes(p), ['5:14 Q7-C005', '7:8 Q7-L008']);
    const conflict = p.diagnostics[0];
    assert.deepEqual(conflict.range, { start: { line: 4, character: 13 }, end: { line: 4, character: 39 } });
    assert.equal(conflict.severity, 1);
    assert.equal(conflict.source, 'q7');
    assert.equal(conflict.message, "standard accessor 'acc' conflicts with write stream 'w', still open on 't_out'");
    assert.deepEqual(conflict.codeDescription, { href: 'https://github.com/q7-studio/q7-studio/blob/main/docs/diagnostics/Q7-C005.md' });
    const here = { uri: URI, range: conflict.range };
    assert.deepEqual(conflict.relatedInformation, [
      { location: { uri: URI, range: { start: { line: 2, character: 11 }, end: { line: 2, character: 47 } } }, message: "write stream 'w' on 't_out' opened here" },
      { location: here, message: 'a write stream must be the only accessor of its tensor: it collects writes in a 4 KB TCM buffer and flushes them on close(), so every other accessor sees stale data or has its own writes overwritten' },
      { location: here, message: 'under the COHERENT policy the op fails at run time on the device, without a line number' },
      { location: here, message: 'help: call w.close() before opening this one, or give one of them its own { } scope' },
    ]);
    assert.equal(p.diagnostics[1].severity, 4);
  });

  it('applies incremental didChange: closing the stream first removes the conflict', async () => {
    c = await startClient();
    open(c, URI, KERNEL);
    await diagnostics(c, URI, 1);
    c.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line: 3, character: 16 }, end: { line: 3, character: 16 } }, text: '\n  w.close();' }],
    });
    const p = await diagnostics(c, URI, 2);
    assert.deepEqual(codes(p), ['8:8 Q7-L008']);
  });

  it('hovers: accessor layout on the target, inner and leaf subscripts, tensor shape and dtype, API docs', async () => {
    c = await startClient();
    open(c, URI, KERNEL);
    await diagnostics(c, URI, 1);
    const hover = async (line: number, character: number) => {
      const r = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line, character } });
      assert.equal(r.error, undefined);
      return (r.result?.contents as MarkupContent | undefined)?.value as string;
    };
    const acc = await hover(5, 8);
    assert.match(acc, /at::TensorAccessor<float, 2, true, long long> in/);
    assert.match(acc, /sizeof 40, alignof 8/);
    assert.match(acc, /`vptr` @0x0 \(4\) · `data_` @0x8 \(16\) · `sizes_` @0x18 \(4\) · `strides_` @0x1C \(4\) · `coherency_enforcer_` @0x20 \(4\)/);
    assert.match(await hover(6, 13), /operator\[\]\(long long\) → at::TensorAccessor<float, 1, true, long long>/);
    assert.match(await hover(6, 13), /Inner dimension \(2 → 1\): address arithmetic only/);
    assert.match(await hover(6, 16), /Leaf subscript: returns a `TensorElementReference`/);
    assert.match(await hover(7, 16), /Tensor 'z': shape \{2, 3\}, dtype torch::kFloat/);
    assert.match(await hover(2, 20), /read_stream_accessor|write_stream_accessor/);
    assert.match(await hover(2, 20), /Must be the only accessor of its tensor/);
  });

  it('offers the quick fix for a lazy element reference; applying it removes the diagnostic', async () => {
    c = await startClient();
    open(c, URI, KERNEL);
    const p = await diagnostics(c, URI, 1);
    const lazy = p.diagnostics.find((d) => d.code === 'Q7-L008')!;
    const r = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: URI }, range: lazy.range, context: { diagnostics: [lazy] } });
    assert.equal(r.error, undefined);
    const fix = r.result!.find((a) => a.title.startsWith('Spell the element type'));
    assert.ok(fix, JSON.stringify(r.result));
    assert.equal(fix.kind, 'quickfix');
    assert.deepEqual(fix.edit!.changes![URI], [{ range: { start: { line: 6, character: 2 }, end: { line: 6, character: 6 } }, newText: 'float' }]);
    const doc = TextDocument.create(URI, 'cpp', 1, KERNEL);
    const fixed = TextDocument.applyEdits(doc, fix.edit!.changes![URI]);
    assert.match(fixed.split('\n')[6], /^ {2}float x = in\[0\]\[1\];$/);
    c.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: fixed }] });
    assert.deepEqual(codes(await diagnostics(c, URI, 2)), ['5:14 Q7-C005']);
  });

  it('binds a temporary tensor to a variable with the rvalue quick fix, and the error goes away', async () => {
    c = await startClient();
    const text = '#include <torch/torch.h>\nvoid f() {\n  auto a = torch::zeros({2, 2}, torch::kFloat).accessor<float, 2>();\n  a[0][0] = 1.0f;\n}\n';
    open(c, URI, text);
    const p = await diagnostics(c, URI, 1);
    assert.deepEqual(codes(p), ['3:12 Q7-A003']);
    const r = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: URI }, range: p.diagnostics[0].range, context: { diagnostics: p.diagnostics } });
    const edits = r.result![0].edit!.changes![URI];
    const fixed = TextDocument.applyEdits(TextDocument.create(URI, 'cpp', 1, text), edits);
    assert.equal(fixed.split('\n').slice(2, 4).join('\n'), '  torch::Tensor tensor = torch::zeros({2, 2}, torch::kFloat);\n  auto a = tensor.accessor<float, 2>();');
    c.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: fixed }] });
    assert.deepEqual(codes(await diagnostics(c, URI, 2)), []);
  });

  it('completes Neuron API members after `tensor.` with their docs', async () => {
    c = await startClient(undefined, { textDocument: { completion: { completionItem: { snippetSupport: true } } } });
    const text = '#include <torch/torch.h>\nvoid f(torch::Tensor& t) {\n  t.\n}\n';
    open(c, URI, text);
    await diagnostics(c, URI, 1);
    const r = await c.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: URI }, position: { line: 2, character: 4 } });
    const labels = r.result!.map((i) => i.label);
    for (const l of ['accessor', 'read_stream_accessor', 'write_stream_accessor', 'tcm_accessor', 'set_accessor_coherence_policy', 'numel', 'sizes']) assert.ok(labels.includes(l), `${l} in ${labels}`);
    const acc = r.result!.find((i) => i.label === 'accessor');
    assert.equal(acc?.insertText, 'accessor<${1:T}, ${2:N}>()');
    assert.match(String(acc?.documentation), /single-core only/i);
    c.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: { line: 2, character: 2 }, end: { line: 2, character: 4 } }, text: 'torch::neuron::' }] });
    const ns = await c.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: URI }, position: { line: 2, character: 17 } });
    assert.deepEqual(ns.result!.map((i) => i.label), ['tcm_malloc', 'tcm_free']);
    assert.match(String(ns.result![0].documentation), /Returns nullptr when the pool is exhausted/);
  });

  it('lists document symbols and goes to definitions inside the SDK headers', async () => {
    c = await startClient();
    open(c, URI, KERNEL);
    await diagnostics(c, URI, 1);
    const s = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: URI } });
    assert.deepEqual(s.result!.map((x) => x.name), ['k']);
    assert.deepEqual(s.result![0].children!.map((x) => x.name), ['w', 'acc', 'in', 'x', 'z']);
    const d = await c.request<Location[]>('textDocument/definition', { textDocument: { uri: URI }, position: { line: 4, character: 20 } });
    assert.equal(d.result!.length, 1);
    assert.match(d.result![0].uri, /^file:\/\/.*\/ATen\/TensorBase\.h$/);
    const file = decodeURIComponent(new URL(d.result![0].uri).pathname);
    const line = fs.readFileSync(file, 'utf8').split('\n')[d.result![0].range.start.line];
    assert.match(line, /accessor\(\)/);
  });

  it('ignores didChange for an unopened document and answers requests for it with nothing', async () => {
    c = await startClient();
    const other = 'file:///src/kernels/never-opened.cpp';
    c.notify('textDocument/didChange', { textDocument: { uri: other, version: 5 }, contentChanges: [{ text: 'int x;' }] });
    const h = await c.request('textDocument/hover', { textDocument: { uri: other }, position: { line: 0, character: 0 } });
    assert.deepEqual([h.error, h.result], [undefined, null]);
    open(c, URI, KERNEL);
    assert.equal((await diagnostics(c, URI, 1)).diagnostics.length, 2);
    assert.deepEqual(c.received('textDocument/publishDiagnostics').filter((p) => p.uri === other), []);
  });

  it('answers a request with broken parameters with an error and stays up', async () => {
    c = await startClient();
    open(c, URI, KERNEL);
    await diagnostics(c, URI, 1);
    const bad = await c.request('textDocument/hover', { textDocument: { uri: URI }, position: null });
    assert.equal(bad.error?.code, -32603);
    const unknown = await c.request('q7/noSuchRequest', {});
    assert.equal(unknown.error?.code, -32601);
    const ok = await c.request<Hover>('textDocument/hover', { textDocument: { uri: URI }, position: { line: 5, character: 8 } });
    assert.match((ok.result!.contents as MarkupContent).value, /TensorAccessor/);
  });

  it('takes multicore mode from settings: per-file globs and didChangeConfiguration', async () => {
    c = await startClient({ settings: { debounceMs: 0, multicoreFiles: ['**/multicore/*.cpp'] } });
    const text = '#include <torch/torch.h>\ntorch::Tensor k(const torch::Tensor& t) {\n  auto a = t.accessor<float, 1>();\n  return t;\n}\n';
    const mc = 'file:///src/multicore/k.cpp';
    open(c, mc, text);
    open(c, URI, text);
    assert.deepEqual(codes(await diagnostics(c, mc, 1)), ['2:15 Q7-M006', '3:12 Q7-M006']);
    assert.deepEqual(codes(await diagnostics(c, URI, 1)), []);
    c.notify('workspace/didChangeConfiguration', { settings: { q7: { multicore: true } } });
    assert.deepEqual(codes(await diagnostics(c, URI, 1)), ['2:15 Q7-M006', '3:12 Q7-M006']);
  });

  it('shuts down and exits with status 0', async () => {
    c = await startClient();
    const code = await c.stop();
    assert.equal(code, 0);
  });
});
