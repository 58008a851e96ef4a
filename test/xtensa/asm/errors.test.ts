// Assembly errors: each kind of mistake is reported with the right file, line, column and message,
// all errors of a run come together in one AsmError, and no input makes the assembler throw
// anything else.

import { strict as assert } from 'node:assert';
import { AsmError, assemble } from '../../../xtensa/asm';
import type { AsmDiagnostic } from '../../../xtensa/asm';

function diagnostics(text: string, name = 'e.S', options = {}): AsmDiagnostic[] {
  try {
    assemble([{ name, text }], options);
  } catch (e) {
    assert.ok(e instanceof AsmError, `threw ${(e as Error).constructor.name}: ${(e as Error).message}`);
    return [...e.diagnostics];
  }
  assert.fail(`no error for ${JSON.stringify(text)}`);
}

/** [source, line, column, message] — the message must match exactly. */
const CASES: [string, number, number, string][] = [
  ['\tfoo a2, a3', 1, 2, "unknown instruction 'foo'"],
  ['\taddi a2, a3, 200', 1, 15, "operand 3 of 'addi': value 200 out of range (must be -128..127)"],
  ['\taddi a2, a3', 1, 2, "'addi' takes 3 operands, got 2"],
  ['\tret a0', 1, 2, "'ret' takes 0 operands, got 1"],
  ['\taddi a16, a3, 1', 1, 7, "expected an address register (a0..a15), got 'a16'"],
  ['\tadd a2, 5, a3', 1, 10, "expected an address register (a0..a15), got '5'"],
  ['\tl32i a2, a3, 2', 1, 15, "operand 3 of 'l32i': value 2 out of range (must be 0..1020, a multiple of 4)"],
  ['\tbeqi a2, 9, 1f\n1:\tnop', 1, 11, "operand 2 of 'beqi': value 9 out of range (must be one of -1, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 32, 64, 128, 256)"],
  ['\taddi.n a2, a3, 0', 1, 17, "operand 3 of 'addi.n': value 0 out of range (must be -1, 1..15)"],
  ['\tslli a2, a3, 0', 1, 15, "operand 3 of 'slli': value 0 out of range (must be 1..32)"],
  ['\tany4 b0, b5', 1, 11, "operand 2 of 'any4': b5 is not allowed here (must be b0, b4, b8 or b12)"],
  ['\tmovi a2, missing', 1, 11, "undefined symbol 'missing'"],
  ['\tmovi a2, 1 + missing * 2', 1, 15, "undefined symbol 'missing'"],
  ['\tj 1f', 1, 4, "undefined local label '1'"],
  ['\tbnez a2, 1b', 1, 11, "no previous definition of local label '1'"],
  [
    '\tj far\n\t.org 0x40000\nfar:\tnop',
    1,
    4,
    "operand 1 of 'j': target 0x50040000 out of range (reachable from 0x50000000: 0x4ffe0004..0x50020003)",
  ],
  ['\tbeqz.n a2, x\nx:\tnop', 1, 13, "operand 2 of 'beqz.n': target 0x50000002 out of range (reachable from 0x50000000: 0x50000004..0x50000043)"],
  [
    '\tl32r a2, lit\nlit:\t.word 0',
    1,
    11,
    "operand 2 of 'l32r': literal address 0x50000003 out of range (reachable from 0x50000000: 0x4ffc0000..0x4ffffffc, 4-byte aligned)",
  ],
  [
    '\t.align 4\n\tnop.n\n\tcall0 f\n\tnop.n\nf:\tnop',
    3,
    8,
    "operand 1 of 'call0': target 0x50000007 out of range (reachable from 0x50000002: 0x4ff80004..0x50080000, 4-byte aligned)",
  ],
  ['\t.bogus 1', 1, 2, "unknown directive '.bogus'"],
  ['\t.byte 300', 1, 8, 'value 300 does not fit in 1 byte (-128..255)'],
  ['\t.short 70000', 1, 9, 'value 70000 does not fit in 2 bytes (-32768..65535)'],
  ['x:\tnop\nx:\tnop', 2, 1, "symbol 'x' is already defined (first defined at e.S:1)"],
  ['\t.align 3', 1, 9, 'alignment must be a power of 2, got 3'],
  ['\t.word 1 +', 1, 11, 'missing operand at end of expression'],
  ['\t.word (1 + 2', 1, 14, "missing ')' in expression"],
  ['\t.word 1 @ 2', 1, 10, "unexpected character '@' in expression"],
  ['\t.word 08', 1, 8, "bad number '08' (octal, because of the leading 0)"],
  ['= 5', 1, 1, "expected a symbol name before '='"],
  ['\t.word 1/0', 1, 9, 'division by zero in expression'],
  ['\trsr a2, nosuch', 1, 10, "unknown special register 'nosuch'"],
  ['\trsr a2, 7', 1, 10, 'unknown special register number 7'],
  ['\twsr a2, prid', 1, 10, "wsr cannot access register 'prid'"],
  ['\t.section .bss\n\t.word 1', 2, 2, "section '.bss' has no contents: data directives are not allowed there"],
  ['\t.bss\n\tnop', 2, 2, "section '.bss' has no contents: instructions are not allowed there"],
  ['\t.space 4\n\t.org 2', 2, 7, '.org cannot move the location counter backwards (from 4 to 2)'],
  ['\t.ascii "abc', 1, 9, 'unterminated string'],
  ['\t.ascii abc', 1, 9, "expected a string in double quotes, got 'abc'"],
  ['\t.space n\nn = 3', 1, 9, "symbol 'n' has no value at this point (the value is needed now)"],
  ['\t.section .x, "q"', 1, 15, "unknown section flag 'q'"],
  ['\t.section .x, "a", @weird', 1, 20, "unknown section type '@weird'"],
  ['\t.type f, @thing\nf:\tnop', 1, 11, "unknown symbol type '@thing'"],
  ['\t.global 3x', 1, 10, "expected a symbol name, got '3x'"],
  ['\t.popsection', 1, 2, '.popsection without .pushsection'],
  ['\t.text 1', 1, 8, 'subsections are not supported'],
  ['\t.equiv a, 1\n\t.equiv a, 2', 2, 9, "symbol 'a' is already defined"],
  ['\t.data\ng:\t.text\nf:\t.space f - g', 3, 13, 'cannot subtract addresses in different sections here'],
];

describe('assembler errors', () => {
  for (const [text, line, column, message] of CASES) {
    it(`${JSON.stringify(text)} → ${line}:${column} ${message}`, () => {
      const ds = diagnostics(text);
      assert.deepEqual(ds[0], { file: 'e.S', line, column, message });
    });
  }

  it('collects every error of the run into one AsmError with compiler-style lines', () => {
    let err: AsmError | undefined;
    try {
      assemble([
        { name: 'a.S', text: '\tnop\n\tbad1\n\tmovi a2, 5000' },
        { name: 'b.S', text: '\n\n\t.word undefined_b' },
      ]);
    } catch (e) {
      err = e as AsmError;
    }
    assert.ok(err instanceof AsmError);
    assert.deepEqual(
      err.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}`),
      ['a.S:2:2', 'a.S:3:11', 'b.S:3:8'],
    );
    assert.equal(
      err.message,
      [
        "a.S:2:2: error: unknown instruction 'bad1'",
        "a.S:3:11: error: operand 2 of 'movi': value 5000 out of range (must be -2048..2047)",
        "b.S:3:8: error: undefined symbol 'undefined_b'",
      ].join('\n'),
    );
  });

  it('reports the file and line a cpp line marker names', () => {
    const ds = diagnostics('# 40 "orig.S"\n\tnop\n\tbad');
    assert.deepEqual(ds[0], { file: 'orig.S', line: 41, column: 2, message: "unknown instruction 'bad'" });
  });

  it('keeps local symbols to their file and reports clashing globals', () => {
    const ok = assemble([
      { name: 'a.S', text: '\t.global g\ng:\tnop\nl:\tj l' },
      { name: 'b.S', text: 'l:\tnop\n\tj g\n\tj l' },
    ]);
    assert.ok(ok.image.symbols.filter((s) => s.name === 'l').length === 2);
    let err: AsmError | undefined;
    try {
      assemble([
        { name: 'a.S', text: '\t.global g\ng:\tnop' },
        { name: 'b.S', text: '\t.global g\n\n\ng:\tnop' },
      ]);
    } catch (e) {
      err = e as AsmError;
    }
    assert.deepEqual(err?.diagnostics, [{ file: 'b.S', line: 4, column: 1, message: "symbol 'g' is already defined (at a.S:2)" }]);
  });

  it('reports option problems: unknown entry symbol and overlapping sections', () => {
    const e1 = diagnostics('\tnop', 'x.S', { entry: 'nowhere' });
    assert.deepEqual(e1, [{ file: '<options>', line: 0, column: 0, message: "entry symbol 'nowhere' is not defined" }]);
    const e2 = diagnostics('\tnop\n\t.data\n\t.word 1', 'x.S', { sectionStart: { '.text': 0x1000, '.data': 0x1002 } });
    assert.equal(e2.length, 1);
    assert.match(e2[0].message, /^sections \.text \(0x1000\.\.0x1002\) and \.data \(0x1002\.\.0x1005\) overlap$/);
  });

  it('never throws anything but AsmError, whatever the input', () => {
    let s = 12345;
    const next = () => (s = (s * 1103515245 + 12345) >>> 0);
    const pieces = ['nop', 'addi', 'a2', ',', '.word', '.section', '"', "'", '(', ')', '1f', '1b', ':', '.', '+', '-', '>>',
      '0x', '99999999999999999999999', '.org', '.align', '.literal', '.L1', 'l32r', 'j', ';', '#', '/*', '*/', '\\', '.set', '=',
      '.fill', '.space', '-1', '.p2align', '31', '0x7fffffff', '.balign', '.quad', '.sleb128', 'sp', 'rsr', 'sar', '.comm', '.size', '.type', '@function', '.uleb128', '.loc', 'view', '.byte', '\n'];
    for (let round = 0; round < 1500; round++) {
      let text = '';
      for (let k = 0; k < 40; k++) text += pieces[next() % pieces.length] + (next() % 3 === 0 ? ' ' : '');
      try {
        assemble([{ name: 'fuzz.S', text }]);
      } catch (e) {
        assert.ok(e instanceof AsmError, `input ${JSON.stringify(text)} threw ${(e as Error).stack}`);
        for (const d of e.diagnostics) {
          assert.ok(!d.message.startsWith('internal error'), `internal error for ${JSON.stringify(text)}: ${d.message}`);
        }
      }
    }
  });
});
