// Hover over an object of a class with bit-fields: each bit-field shows its unit's offset, its first
// bit in the unit and its width (GCC's layout for the target, language/model/layout.ts).

import * as assert from 'node:assert/strict';
import type { Hover, MarkupContent, PublishDiagnosticsParams } from 'vscode-languageserver';
import { LspClient, startClient } from '../../harness/lsp-client';

const URI = 'file:///src/bits.cpp';
const SOURCE = `struct Flags { char tag; unsigned mode : 3; int level : 9; unsigned : 0; short tail; };
int main() {
  Flags flags = {1, 2, 3, 4};
  return flags.mode;
}
`;

describe('server hover: bit-field layout', function () {
  this.timeout(60000);
  let c: LspClient | undefined;
  afterEach(async () => {
    if (c) await c.stop();
  });

  it('shows the unit offset, first bit and width of each bit-field', async () => {
    c = await startClient();
    c.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'cpp', version: 1, text: SOURCE } });
    const d = await c.waitFor<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (p) => p.uri === URI);
    assert.deepEqual(d.diagnostics, []);
    const r = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line: 2, character: 9 } });
    const text = (r.result?.contents as MarkupContent).value;
    assert.match(text, /sizeof 8, alignof 4/);
    assert.match(text, /`tag` @0x0 \(1\) · `mode` @0x0 bit 8 \(3 bits\) · `level` @0x0 bit 11 \(9 bits\) · `tail` @0x4 \(2\)/);
  });
});
