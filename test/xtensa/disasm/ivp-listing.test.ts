// IVP instructions in listings: a program assembled by our assembler lists with its vector
// instructions (4 bytes each, in Q7 Studio's encoding) under `--core q7`, and as `.byte` lines on
// lx106, whose objdump has no such instructions (docs/ivp-encoding.md); a word of op0 = 15 (where
// Cadence's FLIX bundles also live, undecodable from public sources) is `.byte` on q7 too, and
// `q7 objdump --help` says so.

import { strict as assert } from 'node:assert';
import { main } from '../../../cli/main';
import { assemble } from '../../../xtensa/asm';
import { disassembleElf, targetForCore } from '../../../xtensa/disasm';

const SOURCE = `
  .text
  .global _start
_start:
  movi a3, 64
  ivp_lvnx16_ip v1, a3, 64
  ivp_mulnx16 wv2, v1, v31
  ivp_packvrnx48 v3, wv2, a3
  ivp_ltnx16 vb15, v3, v1
  ivp_selnx16i v4, v3, v1, 193
  ivp_dselnx16i v5, v6, v3, v4, 4
  ivp_mulpnx16 wv3, v1, v2, v3, v4
  ivp_divn_2x32x16u v1, v2, v3, v4, 1
  ret
`;

describe('IVP instructions in objdump listings', () => {
  const { image } = assemble([{ name: 'vec.S', text: SOURCE }], { base: 0x40000400, entry: '_start' });

  it('lists every vector instruction with its 4 bytes and operands on the q7 core', () => {
    const text = disassembleElf(image, 'vec.elf', { target: targetForCore('q7') });
    for (const line of [
      'ivp_lvnx16_ip\tv1, a3, 64', 'ivp_mulnx16\twv2, v1, v31', 'ivp_packvrnx48\tv3, wv2, a3', 'ivp_ltnx16\tvb15, v3, v1',
      'ivp_selnx16i\tv4, v3, v1, 193', 'ivp_dselnx16i\tv5, v6, v3, v4, 4', 'ivp_mulpnx16\twv3, v1, v2, v3, v4',
      'ivp_divn_2x32x16u\tv1, v2, v3, v4, 1',
    ]) {
      assert.ok(text.includes(line), `missing ${JSON.stringify(line)} in\n${text}`);
    }
    assert.match(text, /:\t[0-9a-f]{8} *\tivp_mulnx16/, 'the hex column shows the 4 bytes');
    assert.ok(text.includes('ret'), 'the scalar code after the vector code stays in step');
  });

  it('shows an op0 = 15 word as .byte on the q7 core, and q7 objdump --help says why', async () => {
    const flix = assemble([{ name: 'flix.S', text: '  .text\n  .global _start\n_start:\n  .byte 0x0f, 0x12, 0x34, 0x56\n  ret\n' }], { base: 0x40000400, entry: '_start' });
    const text = disassembleElf(flix.image, 'flix.elf', { target: targetForCore('q7') });
    assert.match(text, /\t0f +\t\.byte 0xf\n/, text);
    assert.ok(text.includes('ret'), text);
    let out = '';
    const code = await main(['objdump', '--help'], { stdout: (t) => void (out += t), stderr: () => undefined, readFile: () => new Uint8Array(), writeFile: () => undefined });
    assert.equal(code, 0);
    assert.match(out.replace(/\s+/g, ' '), /Cadence's FLIX bundles are not publicly decodable/);
    assert.match(out, /docs\/ivp-encoding\.md/);
  });

  it('shows the vector words as .byte on lx106', () => {
    const text = disassembleElf(image, 'vec.elf', { target: targetForCore('lx106') });
    assert.ok(!text.includes('ivp_'), text);
    assert.ok(text.includes('.byte'), text);
  });
});
