// Assembler diagnostics for IVP operands: each names the file, line, column and cause (a register of
// the wrong file or past its count, an offset that is not a multiple of 64, a register quad that
// does not start at a multiple of 4).

import { strict as assert } from 'node:assert';
import { AsmError, assemble } from '../../../xtensa/asm';

function diagnostic(line: string): string {
  try {
    assemble([{ name: 'vec.S', text: `  .text\n  ${line}\n` }]);
  } catch (e) {
    if (e instanceof AsmError) return e.message.split('\n')[0];
    throw e;
  }
  return '(assembled)';
}

describe('assembler: IVP operand diagnostics', () => {
  const cases: [string, string][] = [
    ['ivp_addnx16 v1, v2, a3', "vec.S:2:23: error: expected a vector register (v0..v31), got 'a3'"],
    ['ivp_addnx16 v1, v2, v32', "vec.S:2:23: error: expected a vector register (v0..v31), got 'v32'"],
    ['ivp_lvnx16_i v1, a2, 65', "vec.S:2:24: error: operand 3 of 'ivp_lvnx16_i': value 65 out of range (must be -1024..960, a multiple of 64)"],
    ['ivp_mulqa2n8xr8 wv0, v5, a2', "vec.S:2:24: error: operand 2 of 'ivp_mulqa2n8xr8': v5 is not allowed here (must be v0, v4, v8, v12, v16, v20, v24 or v28)"],
    ['ivp_ltnx16 vb16, v1, v2', "vec.S:2:14: error: expected a vector predicate register (vb0..vb15), got 'vb16'"],
    ['ivp_packvrnx48 v1, wv4, a2', "vec.S:2:22: error: expected a wide accumulator (wv0..wv3), got 'wv4'"],
    ['ivp_la_pp u4, a2', "vec.S:2:13: error: expected an alignment register (u0..u3), got 'u4'"],
    ['ivp_addnx16 v1, v2', "vec.S:2:3: error: 'ivp_addnx16' takes 3 operands, got 2"],
  ];
  for (const [line, want] of cases) it(line, () => assert.equal(diagnostic(line), want));
  it('assembles the valid spelling', () => assert.equal(diagnostic('ivp_mulqa2n8xr8 wv0, v4, a2'), '(assembled)'));
});
