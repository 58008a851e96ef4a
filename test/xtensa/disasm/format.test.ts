// The instruction printer and the listing columns: immediates in decimal or hex, registers, branch
// and call targets through the symbolizer, L32R literals, unknown words per target, and the exact
// widths of the address and hex columns.

import { strict as assert } from 'node:assert';
import { INSN_BY_MNEMONIC, encode, wordBytes } from '../../../xtensa/isa';
import {
  LX106_TARGET,
  Symbolizer,
  decodeForTarget,
  formatImmediate,
  formatInsn,
  formatOperands,
  plainSymbolizer,
  targetForCore,
} from '../../../xtensa/disasm';
import { addressColumn, hexColumn, skippedAddressChars } from '../../../xtensa/disasm/columns';

/** Encodes `mnemonic ops` at `pc` and decodes it again for the lx106 target. */
function insn(mnemonic: string, ops: number[], pc = 0x40100000) {
  const def = INSN_BY_MNEMONIC.get(mnemonic)!;
  const d = decodeForTarget(wordBytes(encode(def, ops, pc), def.size), pc, LX106_TARGET);
  assert.ok(d, `${mnemonic} did not decode`);
  return d;
}

const symbols: Symbolizer = {
  address: (a) => `${a.toString(16)} <sym+0x${(a - 0x40100000).toString(16)}>`,
  readWord: (a) => (a === 0x40100000 ? 0x12345678 : undefined),
};

describe('disasm: instruction printer', () => {
  it('prints immediates in decimal from -255 to 255 and in 32-bit hex beyond', () => {
    assert.deepEqual(
      [0, 1, -1, 255, -255, 256, -256, 1000, -2048, 0x7fffffff, -0x80000000].map(formatImmediate),
      ['0', '1', '-1', '255', '-255', '0x100', '0xffffff00', '0x3e8', '0xfffff800', '0x7fffffff', '0x80000000'],
    );
  });

  it('separates mnemonic and operands with a tab and operands with ", "', () => {
    assert.equal(formatInsn(insn('add', [2, 3, 4]), 0x40100000), 'add\ta2, a3, a4');
    assert.equal(formatInsn(insn('movi', [2, 1000]), 0x40100000), 'movi\ta2, 0x3e8');
    assert.equal(formatInsn(insn('movi.n', [2, -32]), 0x40100000), 'movi.n\ta2, -32');
    assert.equal(formatInsn(insn('addmi', [2, 3, -32768]), 0x40100000), 'addmi\ta2, a3, 0xffff8000');
    assert.equal(formatInsn(insn('extui', [2, 3, 4, 8]), 0x40100000), 'extui\ta2, a3, 4, 8');
    assert.equal(formatInsn(insn('bltui', [2, 32768, 0x40100010]), 0x40100000), 'bltui\ta2, 0x8000, 0x40100010');
    assert.equal(formatInsn(insn('nop', []), 0x40100000), 'nop');
    assert.equal(formatInsn(insn('wsr.vecbase', [2]), 0x40100000), 'wsr.vecbase\ta2');
  });

  it('prints targets through the symbolizer, relative to the address the instruction is printed at', () => {
    const j = insn('j', [0x40100020], 0x40100000);
    assert.equal(formatInsn(j, 0x40100000, symbols), 'j\t40100020 <sym+0x20>');
    assert.equal(formatInsn(j, 0x40100000), 'j\t0x40100020');
    // The same word printed 8 bytes further on jumps 8 bytes further.
    assert.equal(formatInsn(j, 0x40100008, symbols), 'j\t40100028 <sym+0x28>');
    assert.deepEqual(formatOperands(insn('beqz', [5, 0x40100040]), 0x40100000, symbols), ['a5', '40100040 <sym+0x40>']);
  });

  it('prints an L32R literal address and, when readable, the literal value', () => {
    const sym: Symbolizer = { address: (a) => `${a.toString(16)} <X>`, readWord: (a) => (a === 0x40100000 ? 0x12345678 : undefined) };
    const l32r = insn('l32r', [4, 0x40100000], 0x40100011);
    assert.equal(formatInsn(l32r, 0x40100011, sym), 'l32r\ta4, 40100000 <X> (12345678 <X>)');
    assert.equal(formatInsn(insn('l32r', [4, 0x400f0000], 0x40100011), 0x40100011, sym), 'l32r\ta4, 400f0000 <X>');
    assert.equal(formatInsn(l32r, 0x40100011, plainSymbolizer), 'l32r\ta4, 0x40100000');
  });

  it('decodes only the rows of the target and shows unknown words as excw on lx106', () => {
    const entry = wordBytes(encode(INSN_BY_MNEMONIC.get('entry')!, [1, 32], 0), 3); // windowed: not on lx106
    assert.equal(decodeForTarget(entry, 0, LX106_TARGET)?.def.mnemonic, 'excw');
    assert.equal(decodeForTarget(entry, 0, targetForCore('dc233c')!)?.def.mnemonic, 'entry');
    assert.equal(formatInsn(decodeForTarget(entry, 0, targetForCore('q7')!)!, 0), 'entry\ta1, 32');
    assert.equal(decodeForTarget([0xff, 0xff, 0xff], 0, LX106_TARGET), undefined, 'op0 = 15 has no length');
    assert.equal(decodeForTarget([0x00, 0x00, 0x76], 0, targetForCore('q7')!), undefined, 'no row: .byte on q7');
    assert.equal(decodeForTarget([0x00, 0x00, 0x76], 0, LX106_TARGET)?.def.mnemonic, 'excw');
    assert.equal(decodeForTarget([0x22, 0xaf], 0, LX106_TARGET), undefined, 'a 3-byte instruction cut to 2 bytes');
  });

  it('decodes RET and RET.N with a nonzero s field on lx106 only, as its objdump does', () => {
    assert.equal(decodeForTarget([0x0d, 0xf1], 0, LX106_TARGET)?.def.mnemonic, 'ret.n');
    assert.equal(decodeForTarget([0x80, 0x0f, 0x00], 0, LX106_TARGET)?.def.mnemonic, 'ret');
    assert.equal(decodeForTarget([0x0d, 0xf1], 0, targetForCore('q7')!), undefined);
    assert.equal(decodeForTarget([0x1d, 0xf1], 0, LX106_TARGET)?.def.mnemonic, 'excw', 'retw.n is not loosened');
  });
});

describe('disasm: listing columns', () => {
  it('pads the hex column of 3-, 2- and 1-byte units and 4-byte literals like objdump', () => {
    const data = Uint8Array.from([0xf0, 0x20, 0x00, 0x4a, 0x23, 0xff, 0x78, 0x56, 0x34, 0x12]);
    assert.equal(hexColumn(data, 0, 3, 3, 10, 4), '0020f0        ');
    assert.equal(hexColumn(data, 3, 2, 2, 10, 4), '234a      ');
    assert.equal(hexColumn(data, 5, 1, 1, 10, 4), 'ff          ');
    assert.equal(hexColumn(data, 6, 4, 4, 10, 4), '12345678 ');
  });

  it('prints data lines in the last chunk size, even past 16 bytes, and blanks a chunk that crosses the end', () => {
    const data = Uint8Array.from({ length: 20 }, (_, i) => i);
    assert.equal(hexColumn(data, 0, 16, 3, 20, 16), '020100 050403 080706 0b0a09 0e0d0c 11100f ');
    assert.equal(hexColumn(data, 16, 4, 3, 20, 16), '121110  ' + '       '.repeat(4));
  });

  it('drops common leading zeros of a section in fours and blanks the rest', () => {
    assert.equal(skippedAddressChars(0, 0x1c), 4);
    assert.equal(skippedAddressChars(0x40100000, 0x2c), 0);
    assert.equal(skippedAddressChars(0x1000, 0x1000), 0);
    assert.equal(skippedAddressChars(0x10000, 0x10), 0);
    assert.equal(skippedAddressChars(0, 0), 4);
    assert.equal(addressColumn(0x1c, 4), '  1c');
    assert.equal(addressColumn(0, 4), '   0');
    assert.equal(addressColumn(0x1000, 0), '    1000');
    assert.equal(addressColumn(0x40100000, 0), '40100000');
  });
});
