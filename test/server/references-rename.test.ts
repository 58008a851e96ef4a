// Protocol transcripts against the real server process over stdio for find references, document
// highlights and rename: the places of a local, a parameter, a function and an SDK method; a verified
// rename applied to the document (and the document still analysing without errors), and one across a
// header the kernel includes; and the renames
// refused with their reasons — an SDK name, a keyword, a new name that another declaration would hide
// or capture, a new name that breaks the code, a place that names nothing.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentHighlight, Location, PublishDiagnosticsParams, Range, WorkspaceEdit } from 'vscode-languageserver';
import { LspClient, startClient } from '../../harness/lsp-client';

const URI = 'file:///src/kernels/refs.cpp';

const KERNEL = `#include <torch/torch.h>
static float scale(float x, float k) { return x * k; }
torch::Tensor k(const torch::Tensor& t_in) {
  torch::Tensor t_out = torch::zeros(t_in.sizes(), torch::kFloat);
  auto in = t_in.accessor<float, 2>();
  auto out = t_out.accessor<float, 2>();
  float factor = 3.0f;
  for (int64_t i = 0; i < t_in.size(0); i++) {
    float limit = 1.0f;
    for (int64_t j = 0; j < t_in.size(1); j++)
      out[i][j] = scale(in[i][j], factor) + limit;
  }
  return t_out;
}
`;

const LINES = KERNEL.split('\n');

/** The 0-based position of the `nth` occurrence (0-based) of `needle` on 1-based `line`. */
function pos(line: number, needle: string, nth = 0): { line: number; character: number } {
  let col = -1;
  for (let k = 0; k <= nth; k++) col = LINES[line - 1].indexOf(needle, col + 1);
  assert.ok(col >= 0, `'${needle}' not on line ${line}`);
  return { line: line - 1, character: col };
}

/** The place of that occurrence as `show` prints a range. */
function place(line: number, needle: string, nth = 0): string {
  const p = pos(line, needle, nth);
  return `${line}:${p.character + 1}-${p.character + 1 + needle.length}`;
}

const show = (r: Range) => `${r.start.line + 1}:${r.start.character + 1}-${r.end.character + 1}`;

describe('server: find references, document highlights and rename (stdio child process)', function () {
  this.timeout(60000);
  let c: LspClient;

  before(async () => {
    c = await startClient();
    c.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'cpp', version: 1, text: KERNEL } });
    const p = await c.waitFor<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (x) => x.uri === URI && x.version === 1);
    assert.deepEqual(p.diagnostics.filter((d) => d.severity === 1), []);
  });
  after(async () => {
    if (c) await c.stop();
  });

  const refs = async (at: { line: number; character: number }, includeDeclaration = true) => {
    const r = await c.request<Location[] | null>('textDocument/references', { textDocument: { uri: URI }, position: at, context: { includeDeclaration } });
    assert.equal(r.error, undefined);
    return r.result;
  };

  it('advertises references, document highlights and rename with prepare', async () => {
    const d = new LspClient();
    try {
      const init = await d.request<{ capabilities: Record<string, unknown> }>('initialize', { processId: null, rootUri: null, capabilities: {} });
      const caps = init.result!.capabilities;
      assert.deepEqual([caps.referencesProvider, caps.documentHighlightProvider, caps.renameProvider], [true, true, { prepareProvider: true }]);
    } finally {
      await d.stop();
    }
  });

  it('finds the places of a local from a use, with and without its declaration', async () => {
    const all = await refs(pos(11, 'factor'));
    assert.deepEqual(all!.map((l) => `${l.uri === URI} ${show(l.range)}`), [`true ${place(7, 'factor')}`, `true ${place(11, 'factor')}`]);
    const uses = await refs(pos(7, 'factor'), false);
    assert.deepEqual(uses!.map((l) => show(l.range)), [place(11, 'factor')]);
  });

  it('finds a parameter inside its function only, and a function from its declaration', async () => {
    assert.deepEqual((await refs(pos(2, 'k', 1)))!.map((l) => show(l.range)), [place(2, 'k'), place(2, 'k', 1)]);
    assert.deepEqual((await refs(pos(2, 'scale')))!.map((l) => show(l.range)), [place(2, 'scale'), place(11, 'scale')]);
  });

  it("finds an SDK method's calls in the file (the overload called), not its declaration in the headers", async () => {
    // t_in is const: accessor() const&; t_out is not: accessor() &
    const r = await refs(pos(5, 'accessor'), false);
    assert.deepEqual(r!.map((l) => `${l.uri === URI} ${show(l.range)}`), [`true ${place(5, 'accessor')}`]);
    assert.deepEqual((await refs(pos(6, 'accessor'), true))!.map((l) => show(l.range)), [place(6, 'accessor')], 'the declaration in the SDK headers is not one of the places in the user files');
  });

  it('answers null for a type name and for a place that names nothing', async () => {
    assert.equal(await refs(pos(4, 'Tensor')), null);
    assert.equal(await refs({ line: 0, character: 0 }), null);
  });

  it('highlights the places in the document, the declaration as a write', async () => {
    const r = await c.request<DocumentHighlight[]>('textDocument/documentHighlight', { textDocument: { uri: URI }, position: pos(11, 'limit') });
    assert.deepEqual(r.result!.map((h) => `${show(h.range)} ${h.kind}`), [`${place(9, 'limit')} 3`, `${place(11, 'limit')} 1`]);
  });

  it('prepares a rename at a name the file declares, and refuses an SDK name or a place that names nothing', async () => {
    const ok = await c.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: URI }, position: pos(11, 'factor') });
    assert.deepEqual([show(ok.result!.range), ok.result!.placeholder], [place(11, 'factor'), 'factor']);
    const sdk = await c.request('textDocument/prepareRename', { textDocument: { uri: URI }, position: pos(5, 'accessor') });
    assert.match(sdk.error!.message, /'accessor' is declared in the SDK headers: only a name declared in the user's files can be renamed/);
    const none = await c.request('textDocument/prepareRename', { textDocument: { uri: URI }, position: pos(11, '+') });
    assert.match(none.error!.message, /nothing to rename here/);
  });

  it('renames a local at every place, and the renamed document analyses without errors', async () => {
    const r = await c.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: URI }, position: pos(7, 'factor'), newName: 'gain' });
    assert.equal(r.error, undefined);
    const edits = r.result!.changes![URI];
    assert.deepEqual(edits.map((e) => `${show(e.range)} ${e.newText}`), [`${place(7, 'factor')} gain`, `${place(11, 'factor')} gain`]);
    const doc = TextDocument.create(URI, 'cpp', 1, KERNEL);
    const renamed = TextDocument.applyEdits(doc, edits);
    assert.match(renamed, /float gain = 3\.0f;/);
    assert.match(renamed, /scale\(in\[i\]\[j\], gain\)/);
    assert.doesNotMatch(renamed, /factor/);
    const other = 'file:///src/kernels/renamed.cpp';
    c.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'cpp', version: 1, text: renamed } });
    const p = await c.waitFor<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (x) => x.uri === other && x.version === 1);
    assert.deepEqual(p.diagnostics.filter((d) => d.severity === 1), []);
  });

  it('renames a function at its declaration and its call', async () => {
    const r = await c.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: URI }, position: pos(11, 'scale'), newName: 'scaled_by' });
    assert.deepEqual(r.result!.changes![URI].map((e) => `${show(e.range)} ${e.newText}`), [`${place(2, 'scale')} scaled_by`, `${place(11, 'scale')} scaled_by`]);
  });

  it("lists a use inside a macro's expansion as a reference, but neither highlights nor renames there", async () => {
    const uri = 'file:///src/kernels/macro.cpp';
    const text = ['#define SQ(x) ((x) * (x))', '#define USE_V (v + 1)', 'int f(int v) {', '  int a = SQ(v);', '  int b = USE_V;', '  return a + b + v;', '}', ''].join('\n');
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text } });
    await c.waitFor<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (x) => x.uri === uri && x.version === 1);
    const at = { line: 5, character: 17 };
    const r = await c.request<Location[]>('textDocument/references', { textDocument: { uri }, position: at, context: { includeDeclaration: true } });
    assert.deepEqual(r.result!.map((l) => show(l.range)), ['3:11-12', '4:14-15', '5:11-16', '6:18-19'], 'SQ(v) once; USE_V at its name');
    const h = await c.request<DocumentHighlight[]>('textDocument/documentHighlight', { textDocument: { uri }, position: at });
    assert.deepEqual(h.result!.map((x) => show(x.range)), ['3:11-12', '4:14-15', '6:18-19']);
    const ren = await c.request('textDocument/rename', { textDocument: { uri }, position: at, newName: 'w' });
    assert.match(ren.error!.message, /'v' is also named inside a macro's expansion \(line 5\): rename it by hand/);
  });

  it('renames a function a header declares, in the header and in the kernel, verified on both', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-rename-'));
    try {
      const header = path.join(dir, 'helper.h');
      fs.writeFileSync(header, ['#pragma once', 'inline float gain(float x) { return 2.0f * x; }', 'inline float twice_gain(float x) { return gain(gain(x)); }', ''].join('\n'));
      const uri = pathToFileURL(path.join(dir, 'k.cpp')).href;
      const text = ['#include "helper.h"', 'float f(float v) { return gain(v) + twice_gain(1.0f); }', 'float scale2(float v) { return v; }', ''].join('\n');
      c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text } });
      const p = await c.waitFor<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (x) => x.uri === uri && x.version === 1);
      assert.deepEqual(p.diagnostics.filter((d) => d.severity === 1), []);
      const r = await c.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 28 }, newName: 'boost' });
      assert.equal(r.error, undefined, r.error?.message);
      const changes = r.result!.changes!;
      const headerUri = pathToFileURL(header).href;
      assert.deepEqual(Object.keys(changes).sort(), [headerUri, uri].sort());
      assert.deepEqual(changes[uri].map((e) => `${show(e.range)} ${e.newText}`), ['2:27-31 boost']);
      assert.deepEqual(changes[headerUri].map((e) => `${show(e.range)} ${e.newText}`), ['2:14-18 boost', '3:43-47 boost', '3:48-52 boost']);
      // the kernel's own scale2 would be captured by nothing, but a header function renamed to it clashes
      const clash = await c.request('textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 28 }, newName: 'scale2' });
      assert.match(clash.error!.message, /renaming 'gain' to 'scale2' would (break the code|change what the code means)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renames a struct at its declaration, constructor, destructor, qualifiers and every type written', async () => {
    const uri = 'file:///src/kernels/cell.cpp';
    const text = [
      'struct Cell { int v; Cell(int x) : v(x) {} ~Cell() {} int get() const; static Cell make(int k); };',
      'int Cell::get() const { return v; }',
      'Cell Cell::make(int k) { return Cell(k); }',
      'namespace geo { struct Tile { int n; }; }',
      'struct Tile { float x; };',
      'int f(Cell c) { Cell d{2}; Cell* p = &d; geo::Tile t{1}; Tile u{2.0f}; return c.get() + p->v + (int)sizeof(Cell) + t.n + (int)u.x; }',
      '',
    ].join('\n');
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text } });
    const p = await c.waitFor<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (x) => x.uri === uri && x.version === 1);
    assert.deepEqual(p.diagnostics.filter((d) => d.severity === 1), []);
    // go to definition from a type written in a declaration
    const def = await c.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 5, character: 17 } });
    assert.deepEqual(def.result!.map((l) => show(l.range)), ['1:8-12']);
    // from a constructor's name: the class
    const r = await c.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 22 }, newName: 'Box' });
    assert.equal(r.error, undefined, r.error?.message);
    const renamed = TextDocument.applyEdits(TextDocument.create(uri, 'cpp', 1, text), r.result!.changes![uri]);
    assert.equal(renamed, text.replace(/\bCell\b/g, 'Box'));
    assert.equal(r.result!.changes![uri].length, 12);
    // two structs are named Tile: neither is found nor renamed
    assert.equal((await c.request('textDocument/references', { textDocument: { uri }, position: { line: 4, character: 8 }, context: { includeDeclaration: true } })).result, null);
    const tile = await c.request('textDocument/rename', { textDocument: { uri }, position: { line: 4, character: 8 }, newName: 'Plate' });
    assert.match(tile.error!.message, /nothing to rename here/);
    // a new name another declaration has: the found places would differ
    const clash = await c.request('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 8 }, newName: 'Tile' });
    assert.match(clash.error!.message, /renaming 'Cell' to 'Tile' would (break the code|change what the code means)/);
  });

  it('refuses a keyword, a non-identifier and an unchanged name', async () => {
    const ask = (newName: string) => c.request('textDocument/rename', { textDocument: { uri: URI }, position: pos(7, 'factor'), newName });
    assert.match((await ask('float')).error!.message, /cannot rename 'factor' to 'float': 'float' is a C\+\+ keyword/);
    assert.match((await ask('2x')).error!.message, /'2x' is not an identifier/);
    assert.match((await ask('factor')).error!.message, /the name is already 'factor'/);
  });

  it('refuses a new name that another declaration hides or captures, or that breaks the code', async () => {
    // `limit` renamed `factor`: the inner declaration would hide the outer factor at its use on line 11
    const hide = await c.request('textDocument/rename', { textDocument: { uri: URI }, position: pos(9, 'limit'), newName: 'factor' });
    assert.match(hide.error!.message, /renaming 'limit' to 'factor' would change what the code means: the 'factor' at line 11 would refer to the renamed 'limit' instead of its own declaration/);
    // `factor` renamed `limit`: at line 11 the inner limit would hide the renamed factor
    const hidden = await c.request('textDocument/rename', { textDocument: { uri: URI }, position: pos(7, 'factor'), newName: 'limit' });
    assert.match(hidden.error!.message, /renaming 'factor' to 'limit' would change what the code means: the name at line 11 would refer to another declaration/);
    // `factor` renamed `in`: a second declaration of `in` in the same scope
    const clash = await c.request('textDocument/rename', { textDocument: { uri: URI }, position: pos(7, 'factor'), newName: 'in' });
    assert.match(clash.error!.message, /renaming 'factor' to 'in' would break the code: redefinition of 'in' \(line 7\)/);
    // `x` (scale's parameter) renamed `k`: the other parameter's name
    const param = await c.request('textDocument/rename', { textDocument: { uri: URI }, position: pos(2, 'x'), newName: 'k' });
    assert.match(param.error!.message, /renaming 'x' to 'k' would break the code/);
  });
});
