// ORACLE: GNU-syntax details checked against GNU as itself. Each source below exercises a group of
// directives, expression rules, symbol kinds or instruction spellings; it is assembled by
// `xtensa-lx106-elf-as --no-transform` + ld and by our assembler at the same addresses, and every
// section's bytes and every symbol's value, size, type and binding must agree (compare.ts).

import { strict as assert } from 'node:assert';
import { requireTool } from '../../../harness/oracle/tools';
import { compareWithGnu } from './compare';

const SOURCES: Record<string, string> = {
  data: `
	.data
d0:	.byte 1, 255, -128, 'a, '\\n, 0x7f
	.short -1, 65535, 0x1234
	.2byte 2
	.word 0xdeadbeef, -1, d0, d0 + 3, . , ., .
	.long 7
	.4byte 8
	.int 9
	.8byte 0x1122334455667788, -2
	.quad 0xffffffffffffffff
	.ascii "abc", "\\t\\"q\\"\\\\\\101\\x42"
	.asciz "z"
	.string "s\\0t"
	.space 3
	.space 2, 0xab
	.skip 1, 7
	.zero 5
	.fill 3
	.fill 2, 2, 0x1234
	.fill 2, 3, 0x11223344
	.fill 1, 8, 0x1122334455667788
	.align 8
	.byte 1
	.align 4, 0xcc
	.byte 2
	.balign 16, 0xdd
	.byte 3
	.p2align 3, 0xee
	.byte 4
	.p2align 4, 0x11, 3
	.byte 5
	.org . + 3, 0x99
	.byte 6
	.org d0 + 0x100
d_end:
	.global d_end
`,
  expressions: `
	.data
e0:	.word 2 + 3 * 4 - 1, (1 << 4) | 3 ^ 1 & 7, 1 + 2 & 3, ~5, -8 >> 1, 7 / -2, -7 % 3
	.word 010, 0b101, 0x1F, 'A + 1, 100 / 7 * 7, (2 + 3) * 4
	.word e1 - e0, e0 + 8 - 4, (e1 - e0) * 2, (e1 - e0) >> 1
	.word 3 > 2, 2 > 3, 2 == 2, 1 != 1, 2 <= 2, 4 >= 5, 1 && 0, 1 || 0
e1:	.word . - e0
	.byte -(1), +5, !0, !7
`,
  symbols: `
	.set c1, 5
	.equ c2, c1 * 2
c3 = c2 + 1
	.set c1, 6
	.equiv c4, 0x40
	.set later, fwd + 4
	.text
	.global f1
	.type f1, @function
f1:	movi a2, c1
	movi a3, c2
	movi a4, c3
	movi a5, c4
	ret
	.size f1, . - f1
	.local f2
	.type f2, %function
f2:	nop
	.size f2, 3
	.weak f3
f3:	nop
fwd:	nop
	.data
	.global o1
	.type o1, @object
	.size o1, 8
o1:	.word later, c1
	.comm cm1, 12, 8
	.comm cm2, 4
	.lcomm lc1, 6
	.local lc2
	.comm lc2, 10, 4
	.word cm1, cm2, lc1, lc2
	.bss
	.align 4
b1:	.zero 4
	.global b1
`,
  labels: `
	.text
1:	nop
	j 1b
	j 1f
	j 2f
1:	nop.n
2:	beqz a2, 1b
	bnez a2, 1f
	nop
1:	bnez.n a2, 1f
	nop.n
	nop
1:	j 1b
label_a: label_b: nop
	.word 1b, 2b, label_a
`,
  sections: `
	.text
t0:	nop
	.literal .LA, 0x11111111
	l32r a2, .LA
	.section .text.two,"ax",@progbits
	.literal .LB, 0x22222222, t0
	l32r a3, .LB
	l32r a4, .LB + 4
	.section .mysec,"ax"
	.literal .LC, 0x33333333
	l32r a5, .LC
	.section .rodata
r0:	.word t0, d0
	.section .rodata.more,"a"
	.byte 1
	.section .data
d0:	.word 3
	.section .data.more,"aw",@progbits
	.word 4
	.section .sbss,"aw",@nobits
	.zero 4
	.pushsection .data.pushed,"aw"
	.word 5
	.popsection
	.zero 4
	.section .rodata
	.byte 9
	.text
	nop
	.previous
	.byte 10
	.section .note.GNU-stack,"",@progbits
`,
  instructions: `
	.text
	.align 4
i0:	rsr a2, sar
	rsr a3, 3
	rsr.sar a4
	wsr a2, ps
	wsr a2, 230
	xsr a2, epc1
	xsr.excsave1 a3
	rsr a2, ccount
	wsr a2, ccompare0
	mov a2, a3
	mov.n a2, a3
	_l32i a2, sp, 4
	_addi a2, a2, 1
	nop
	nop.n
	addi a1, sp, -16
	s32i.n a0, sp, 12
	movi a2, 0xfffff800
	movi a2, -2048
	addmi a2, a3, 0xffff8000
	l16si a2, a3, 0x1fe
	bltui a2, 0x8000, i0
	bgeui a2, 65536, i0
	beqi a2, -1, i0
	bbci a2, 31, i0
	extui a2, a3, 31, 1
	slli a2, a3, 1
	slli a2, a3, 31
	srai a2, a3, 31
	srli a2, a3, 15
	ssai 31
	break 1, 15
	break.n 3
	rsil a2, 15
	waiti 3
	rfi 3
	simcall
	memw
	call0 i0
	callx0 a2
	jx a3
	ret.n
	.align 4
	.literal .L1, i0
	l32r a6, .L1
	add a2, a3, a4 # comment
	add.n a2, a3, a4 // comment
	sub a2, a3, a4 ; sub a5, a6, a7
	/* block
	   comment */ xor a2, a2, a2
	MULL a2, a3, a4
`,
  cppMarkers: `
# 1 "file.S"
# 1 "<built-in>"
# 1 "file.S"
	.text
m0:	nop
# 20 "inc/header.h" 1
	nop.n
# 5 "file.S" 2
	nop
`,
};

describe('ORACLE: GNU syntax details, ours vs GNU as --no-transform', function () {
  this.timeout(60_000);

  before(function () {
    requireTool(this, ['xtensa-lx106-elf-as', 'xtensa-lx106-elf-ld', 'xtensa-lx106-elf-nm']);
  });

  for (const [name, source] of Object.entries(SOURCES)) {
    it(`${name}: same bytes and symbols`, () => {
      const r = compareWithGnu(source, `${name}.S`);
      const bytes = r.ours.sections.reduce((n, s) => n + (s.name.startsWith('.') && s.data.length ? s.data.length : 0), 0);
      assert.ok(bytes > 0, 'nothing assembled');
    });
  }
});
