// Random edits replayed through didChange against a live server: it never crashes, answers every
// request — hover, completion, symbols, definition, references, highlights, signature help, rename (a
// refusal with its reason counts as an answer) — within the request limit (it never hangs), and publishes only diagnostics whose ranges lie inside the document version they
// are for. Q7_LSP_FUZZ_EDITS sets the number of edits (the full run is 10000).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startClient, type LspClient } from '../../harness/lsp-client';

const EDITS = Number(process.env.Q7_LSP_FUZZ_EDITS ?? 10000);
const URI = 'file:///src/fuzz/kernel.cpp';
const SEED_FILE = path.join(__dirname, '..', '..', '..', 'examples', 'kernels', 'relu.cpp');
const TOKENS = ['{', '}', '(', ')', ';', '[', ']', '<', '>', ',', '"', "'", '/*', '*/', '//', '\n', ' ', '#', '#include <torch/torch.h>\n', '#if 0\n', '#endif\n',
  'auto', 'acc[0][1]', '.accessor<float, 2>()', '.write_stream_accessor<float>()', 'torch::zeros({2, 2}, torch::kFloat)', 'template <typename T>', 'operator', '::', '&&', '0x', '1e', '\\', 'const ', 'close()', '= delete', '\u00e9', '\ud83d\ude00'];

/** The requests sent between edits, in turn. */
const METHODS = ['textDocument/hover', 'textDocument/completion', 'textDocument/documentSymbol', 'textDocument/definition', 'textDocument/references', 'textDocument/documentHighlight', 'textDocument/signatureHelp', 'textDocument/prepareRename', 'textDocument/rename'];
/** The requests that answer "no" with an error (InvalidRequest and the reason): a rename refused. */
const REFUSABLE = new Set(['textDocument/prepareRename', 'textDocument/rename']);

/** A small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomEdit(doc: TextDocument, r: () => number) {
  const len = doc.getText().length;
  const a = Math.floor(r() * (len + 1));
  const b = r() < 0.5 ? a : Math.min(len, a + Math.floor(r() * 24));
  const text = r() < 0.25 ? '' : TOKENS[Math.floor(r() * TOKENS.length)];
  return { range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text };
}

describe('server robustness (random edits through didChange)', function () {
  this.timeout(Math.max(120000, EDITS * 300));
  let c: LspClient;

  after(async () => {
    if (c) await c.stop();
  });

  it(`survives ${EDITS} random edits with timely answers and valid diagnostic ranges`, async () => {
    c = await startClient();
    const r = rng(20240607);
    let doc = TextDocument.create(URI, 'cpp', 1, fs.readFileSync(SEED_FILE, 'utf8'));
    const lineCounts = new Map<number, string[]>([[1, doc.getText().split('\n')]]);
    c.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'cpp', version: 1, text: doc.getText() } });
    // The first analysis loads the grammar and the SDK headers (a cold start, measured by bench/server.ts).
    await c.waitFor('textDocument/publishDiagnostics', (p) => p.version === 1, 60000);
    const times: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const change = randomEdit(doc, r);
      doc = TextDocument.update(doc, [change], doc.version + 1);
      lineCounts.set(doc.version, doc.getText().split('\n'));
      c.notify('textDocument/didChange', { textDocument: { uri: URI, version: doc.version }, contentChanges: [change] });
      if (i % 4 === 3) {
        const pos = doc.positionAt(Math.floor(r() * (doc.getText().length + 1)));
        const method = METHODS[(i >> 2) % METHODS.length];
        const res = await c.request(method, { textDocument: { uri: URI }, position: pos, context: { includeDeclaration: true }, newName: 'renamed_q7' }, 10000);
        // a refused rename is an InvalidRequest with its reason; anything else must answer
        const refused = REFUSABLE.has(method) && res.error?.code === -32600 && !!res.error.message;
        assert.ok(res.error === undefined || refused, `${method} failed after edit ${i}: ${res.error?.code} ${res.error?.message}`);
        times.push(res.ms);
      }
    }
    const last = await c.waitFor('textDocument/publishDiagnostics', (p) => p.version === doc.version, 30000);
    assert.ok(Array.isArray(last.diagnostics));
    const published = [...c.received('textDocument/publishDiagnostics'), last];
    for (const p of published) {
      const lines = lineCounts.get(p.version ?? -1);
      assert.ok(lines, `diagnostics for unknown version ${p.version}`);
      for (const d of p.diagnostics) {
        const { start, end } = d.range;
        const inside = (q: { line: number; character: number }) => q.line >= 0 && q.line < lines.length && q.character >= 0 && q.character <= lines[q.line].length;
        assert.ok(inside(start) && inside(end), `range ${JSON.stringify(d.range)} outside version ${p.version}`);
        assert.ok(start.line < end.line || (start.line === end.line && start.character <= end.character), `inverted range ${JSON.stringify(d.range)}`);
      }
    }
    // Every request was answered within the 10 s request limit (never hangs); latency figures are
    // the benchmark's job (bench/server.ts), not this test's.
    assert.equal(times.length, Math.floor(EDITS / 4));
    assert.equal(c.stderr.join('').includes('uncaught'), false, c.stderr.join(''));
  });
});
