// The ELF writer: files written from assembled images are accepted by GNU readelf without any
// warning, disassembled by GNU objdump into exactly our instructions, read back by our reader to
// the same image, and run on QEMU's lx106 core.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assemble } from '../../../xtensa/asm';
import { writeElf } from '../../../xtensa/elf/writer';
import { readElf } from '../../../xtensa/elf/reader';
import { ElfImage, PT_LOAD, STB_GLOBAL, STB_LOCAL, STB_WEAK, STT_FILE, STT_FUNC, STT_OBJECT } from '../../../xtensa/elf/types';
import { runQemu } from '../../../harness/oracle/qemu';
import { requireTool } from '../../../harness/oracle/tools';
import { run, tempDir } from './gnu';

/**
 * An lx106-only program with code, literals, read-only data, data, bss and several symbol kinds.
 * QEMU starts at 0x50000000 and maps nothing below it, so the reset jump gets a section of its own
 * there and the literal pool (which must precede its L32Rs) goes above it.
 */
const PROGRAM = `
	.section .reset, "ax"
reset:	j	_start

	.text
	.global _start
	.type _start, @function
_start:
	j	1f
	.align	4
.Lmsg_addr:
	.word	msg
1:	l32r	a4, .Lmsg_addr
	movi	a2, 4
	movi	a3, 1
	movi	a5, msg_end - msg
	simcall
	l32r	a6, .Lcounter
	l32i	a7, a6, 0
	addi	a7, a7, 41
	s32i	a7, a6, 0
	call0	helper
	movi	a2, 1
	simcall
	.size	_start, . - _start

	.literal_position
	.literal .Lcounter, counter
	.type	helper, @function
helper:
	l32i.n	a3, a6, 0
	addi.n	a3, a3, 1
	mov.n	a2, a3
	ret.n
	.size	helper, . - helper
	.weak	maybe
	.word	maybe

	.section .rodata
msg:	.ascii	"hello from q7 as\\n"
msg_end:

	.data
	.align	4
	.global	counter
	.type	counter, @object
	.size	counter, 4
counter:
	.word	0
	.bss
	.comm	buffer, 64, 8
	.lcomm	scratch, 16
`;

function build(): { image: ElfImage; bytes: Uint8Array; listing: ReturnType<typeof assemble>['listing'] } {
  const { image, listing } = assemble([{ name: 'prog.S', text: PROGRAM }], {
    sectionStart: { '.reset': 0x50000000, '.literal': 0x50001000 },
  });
  return { image, bytes: writeElf(image), listing };
}

describe('ELF writer', function () {
  this.timeout(60_000);
  let dir = '';
  let file = '';
  before(() => {
    dir = tempDir('writer');
    file = path.join(dir, 'prog.elf');
    fs.writeFileSync(file, build().bytes);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lays the program out as asked', () => {
    const { image } = build();
    const names = image.sections.map((s) => s.name);
    assert.deepEqual(names, ['', '.literal', '.text', '.rodata', '.data', '.bss', '.reset', '.xt.prop']);
    const [, literal, text, rodata, data, bss, reset] = image.sections;
    assert.equal(reset.addr, 0x50000000);
    assert.equal(literal.addr, 0x50001000);
    assert.equal(text.addr, 0x50001004, '.text right after the literal pool');
    assert.equal(rodata.addr, text.addr + text.size);
    assert.equal(data.addr, Math.ceil((rodata.addr + rodata.size) / 4) * 4, '.data 4-aligned after .rodata');
    assert.equal(bss.addr, Math.ceil((data.addr + data.size) / 8) * 8);
    assert.equal(bss.size, 0x50, '.lcomm scratch (16), then 8-aligned common buffer (64)');
    const start = image.symbols.find((s) => s.name === '_start')!;
    assert.equal(start.value, text.addr);
    assert.equal(image.entry, start.value);
    assert.equal(image.flags, 0x300);
    assert.equal(image.segments.length, 6);
    assert.ok(image.segments.every((s) => s.type === PT_LOAD));
  });

  it('is accepted by readelf -a without warnings, with our header, sections and symbols', function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const r = run('xtensa-lx106-elf-readelf', ['-a', '-W', file]);
    assert.equal(r.status, 0);
    assert.equal(r.stderr, '');
    assert.doesNotMatch(r.stdout, /warning|error|corrupt|invalid/i);
    assert.match(r.stdout, /Type:\s+EXEC \(Executable file\)/);
    assert.match(r.stdout, /Machine:\s+Tensilica Xtensa Processor/);
    assert.match(r.stdout, /Entry point address:\s+0x50001004/);
    assert.match(r.stdout, /Flags:\s+0x300/);
    assert.match(r.stdout, /\.text\s+PROGBITS\s+50001004 [0-9a-f]+ [0-9a-f]+ 00\s+AX/);
    assert.match(r.stdout, /\.reset\s+PROGBITS\s+50000000 [0-9a-f]+ 000003 00\s+AX/);
    assert.match(r.stdout, /\.bss\s+NOBITS/);
    assert.match(r.stdout, /LOAD\s+0x[0-9a-f]+ 0x50000000 0x50000000 0x00003 0x00003 R E/);
    assert.match(r.stdout, /50001004\s+\d+ FUNC\s+GLOBAL DEFAULT\s+\d+ _start/);
    assert.match(r.stdout, /\s+4 OBJECT\s+GLOBAL DEFAULT\s+\d+ counter/);
    assert.match(r.stdout, /\s+64 OBJECT\s+GLOBAL DEFAULT\s+\d+ buffer/);
    assert.match(r.stdout, /\s+16 OBJECT\s+LOCAL\s+DEFAULT\s+\d+ scratch/);
    assert.match(r.stdout, /00000000\s+0 NOTYPE\s+WEAK\s+DEFAULT\s+UND maybe/);
    assert.match(r.stdout, /0 FILE\s+LOCAL\s+DEFAULT\s+ABS prog\.S/);
  });

  it('is disassembled by objdump -d into exactly our instructions', function () {
    requireTool(this, 'xtensa-lx106-elf-objdump');
    const { listing } = build();
    const r = run('xtensa-lx106-elf-objdump', ['-d', file]);
    assert.equal(r.status, 0, r.stderr);
    const printed = [...r.stdout.matchAll(/^([0-9a-f]+):\t([0-9a-f]+)\s+\t(\S+)/gm)]
      .filter((m) => !m[3].startsWith('.'))
      .map((m) => `${m[1]} ${m[3]}`)
      .sort();
    const ours = listing
      .filter((l) => l.kind === 'insn')
      .map((l) => `${l.address.toString(16)} ${l.text.split(/\s/)[0].replace(/^mov$/, 'or')}`)
      .sort();
    assert.deepEqual(printed, ours);
    assert.ok(ours.length >= 17);
  });

  it('reads back with our reader to the same image', () => {
    const { image, bytes } = build();
    const back = readElf(bytes, 'prog.elf');
    assert.equal(back.entry, image.entry);
    assert.equal(back.flags, image.flags);
    for (const s of image.sections.slice(1)) {
      const b = back.sections.find((x) => x.name === s.name);
      assert.ok(b, s.name);
      assert.deepEqual([b.type, b.flags, b.addr, b.size, b.align], [s.type, s.flags, s.addr, s.size, s.align], s.name);
      assert.deepEqual(Array.from(b.data), Array.from(s.data), s.name);
    }
    const strip = (img: ElfImage) =>
      img.symbols
        .filter((s) => s.name !== '')
        .map((s) => `${s.name} ${s.value.toString(16)} ${s.size} ${s.bind} ${s.type} ${img.sections[s.shndx]?.name ?? s.shndx}`)
        .sort();
    assert.deepEqual(strip(back), strip(image));
    assert.deepEqual(
      back.segments.map((s) => [s.vaddr, s.memsz, s.data.length, s.flags]),
      image.segments.map((s) => [s.vaddr, s.memsz, s.data.length, s.flags]),
    );
    const binds = new Map(image.symbols.map((s) => [s.name, [s.bind, s.type]]));
    assert.deepEqual(binds.get('_start'), [STB_GLOBAL, STT_FUNC]);
    assert.deepEqual(binds.get('helper'), [STB_LOCAL, STT_FUNC]);
    assert.deepEqual(binds.get('counter'), [STB_GLOBAL, STT_OBJECT]);
    assert.deepEqual(binds.get('maybe'), [STB_WEAK, 0]);
    assert.deepEqual(binds.get('prog.S'), [STB_LOCAL, STT_FILE]);
  });

  it('writes locals before globals and derives segments when the image has none', () => {
    const { image } = build();
    const shuffled: ElfImage = { ...image, segments: [], symbols: [...image.symbols].reverse() };
    const back = readElf(writeElf(shuffled), 'x.elf');
    const firstGlobal = back.symbols.findIndex((s) => s.bind !== STB_LOCAL);
    assert.ok(back.symbols.slice(firstGlobal).every((s) => s.bind !== STB_LOCAL));
    assert.equal(back.segments.length, image.segments.length);
    assert.deepEqual(
      back.segments.map((s) => [s.vaddr, s.memsz]),
      image.segments.map((s) => [s.vaddr, s.memsz]),
    );
  });

  it('rewrites a GNU-linked ELF read by our reader so that readelf still accepts it', function () {
    requireTool(this, ['xtensa-lx106-elf-as', 'xtensa-lx106-elf-ld', 'xtensa-lx106-elf-readelf']);
    const src = path.join(dir, 'g.S');
    fs.writeFileSync(src, '\t.text\n\t.global _start\n_start:\tnop\n\tret\n\t.data\nd:\t.word 7\n');
    assert.equal(run('xtensa-lx106-elf-as', [src, '-o', path.join(dir, 'g.o')]).status, 0);
    assert.equal(run('xtensa-lx106-elf-ld', ['-Ttext=0x40000000', path.join(dir, 'g.o'), '-o', path.join(dir, 'g.elf')]).status, 0);
    const image = readElf(fs.readFileSync(path.join(dir, 'g.elf')), 'g.elf');
    const again = path.join(dir, 'g2.elf');
    fs.writeFileSync(again, writeElf(image));
    const r = run('xtensa-lx106-elf-readelf', ['-a', '-W', again]);
    assert.equal(r.stderr, '');
    assert.doesNotMatch(r.stdout, /warning/i);
    const back = readElf(fs.readFileSync(again), 'g2.elf');
    assert.equal(back.entry, image.entry);
    assert.deepEqual(
      back.sections.filter((s) => s.flags & 2).map((s) => [s.name, s.addr, Array.from(s.data).join()]),
      image.sections.filter((s) => s.flags & 2).map((s) => [s.name, s.addr, Array.from(s.data).join()]),
    );
  });

  it('runs on QEMU lx106: prints through semihosting and exits with the computed status', function () {
    requireTool(this, 'qemu-system-xtensa');
    const r = runQemu(file, { cpu: 'lx106', timeoutMs: 20_000 });
    assert.equal(r.stdout, 'hello from q7 as\n');
    assert.equal(r.exitCode, 42);
  });
});
