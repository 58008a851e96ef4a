// The language server and the IVP vector unit (<xtensa/tie/xt_ivp32.h>), through the real server
// process: a hover on a vector shows its lanes and layout, completion offers the intrinsics with their
// signatures and the vector types, and a wrong operand type is a diagnostic at the argument.

import * as assert from 'node:assert/strict';
import type { CompletionItem, Hover, MarkupContent, PublishDiagnosticsParams } from 'vscode-languageserver';
import { LspClient, startClient } from '../../harness/lsp-client';

const URI = 'file:///src/ivp.cpp';
const SOURCE = `#include <xtensa/tie/xt_ivp32.h>
int sum(const int32_t* p, const int16_t* q) {
  xb_vecN_2x32v v = IVP_LVN_2X32_I((const xb_vecN_2x32v*)p, 0);
  xb_vecNx16 h = IVP_LVNX16_I((const xb_vecNx16*)q, 0);
  xb_vecN_2x32v s = IVP_ADDN_2X32(h, v);
  xb_vecNx48 w = h * h;
  return (int)IVP_RADDN_2X32(s);
}
`;

describe('server: the IVP vector unit (stdio child process)', function () {
  this.timeout(60000);
  let c: LspClient | undefined;
  afterEach(async () => {
    if (c) await c.stop();
  });

  async function open(text: string): Promise<PublishDiagnosticsParams> {
    c = await startClient();
    c.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'cpp', version: 1, text } });
    return c.waitFor<PublishDiagnosticsParams>('textDocument/publishDiagnostics', (p) => p.uri === URI);
  }

  async function hoverText(line: number, character: number): Promise<string> {
    const r = await c!.request<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line, character } });
    return (r.result?.contents as MarkupContent | undefined)?.value ?? '';
  }

  it('reports a wrong operand type at the argument, and hovers show lanes and layout', async () => {
    const d = await open(SOURCE);
    assert.deepEqual(d.diagnostics.map((x) => [x.range.start.line, x.range.start.character, x.code, x.message]), [
      [4, 34, 'intrinsic-argument', "IVP_ADDN_2X32 takes 'xb_vecN_2x32v' (16 × int32_t) as its 1st argument, not 'xb_vecNx16' (32 × int16_t)"],
    ]);
    const v = await hoverText(2, 16);
    assert.match(v, /xb_vecN_2x32v v/);
    assert.match(v, /sizeof 64, alignof 64/);
    assert.match(v, /IVP vector: 16 × int32_t; 512-bit vec register/);
    const w = await hoverText(5, 13);
    assert.match(w, /sizeof 192, alignof 64/);
    assert.match(w, /IVP wide accumulator: 32 × int48; 1536-bit wvec register/);
    const call = await hoverText(6, 16);
    assert.match(call, /xb_int32 IVP_RADDN_2X32\(xb_vecN_2x32v v\)/);
  });

  it('completes the intrinsics with their signatures and the vector types', async () => {
    const text = SOURCE.replace('  return', '  IVP_ADDN_\n  xb_vecN_\n  return');
    await open(text);
    const complete = async (line: number, character: number) => {
      const r = await c!.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: URI }, position: { line, character } });
      assert.equal(r.error, undefined);
      return r.result ?? [];
    };
    const fns = await complete(6, 11);
    assert.deepEqual(fns.map((i) => i.label), ['IVP_ADDN_2X32', 'IVP_ADDN_2X32T', 'IVP_ADDN_2XF32']);
    assert.equal(fns[0].detail, 'xb_vecN_2x32v IVP_ADDN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b)');
    const types = await complete(7, 10);
    assert.deepEqual(types.map((i) => i.label), ['xb_vecN_2x32Uv', 'xb_vecN_2x32v', 'xb_vecN_2x64w', 'xb_vecN_2xf32']);
    assert.match(types.find((i) => i.label === 'xb_vecN_2xf32')!.detail!, /16 × float/);
  });
});
