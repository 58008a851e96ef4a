// Oracle: small hand-written programs that exercise one listing rule each (symbols chosen for a
// section start, literal pools, `.byte`, runs of zeros, object symbols dumped as data, relocatable
// objects, stripped files, low addresses) and hundreds of randomly patched property tables and
// symbol tables are listed by `q7 objdump -d` exactly as by `xtensa-lx106-elf-objdump -d`.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFile } from 'node:child_process';
import { requireTool } from '../../../harness/oracle/tools';
import { cProgramsDir } from '../../../harness/oracle/paths';
import { assembleAndLink, firstDifference, gnu, runQ7, scratchDir } from './helpers';

const TOOLS = ['xtensa-lx106-elf-as', 'xtensa-lx106-elf-ld', 'xtensa-lx106-elf-objdump'] as const;

/** Literal pool without a symbol, instructions, a stray byte, padding and a data word. */
const LITERALS = `
        .text
        .global _start
        .literal_position
        .literal .L1, 0x12345678
        .literal .L2, _start
        nop
_start: movi    a2, 1000
        movi    a3, -5
        l32r    a4, .L1
        l32r    a5, .L2
        j       _start
        beqz    a2, foo
        call0   foo
foo:    add.n   a2, a3, a4
        ret.n
        .byte   0xff
        .align  4
        .word   0x12345678
`;

/** Immediates at the decimal/hex boundary, special registers, constant-table branches. */
const OPERANDS = `
        .text
        .global _start
_start: extui   a2, a3, 4, 8
        slli    a2, a3, 31
        ssai    17
        bbci    a2, 17, _start
        beqi    a2, -1, _start
        bltui   a2, 32768, _start
        bgeui   a2, 65536, _start
        break   1, 2
        break.n 3
        rsil    a2, 3
        l32i    a2, a3, 1020
        addmi   a2, a3, -32768
        addi.n  a2, a3, -1
        movi.n  a2, -32
        movi    a2, -2048
        movi    a2, 255
        movi    a2, 256
        movi    a2, -255
        movi    a2, -256
        rsr.ccount a2
        xsr.ps  a2
        rsr.interrupt a2
        wsr.intset a2
        wsr     a2, 5
        mull    a2, a3, a4
        nsau    a2, a3
        excw
        ill
        ill.n
`;

/** Object symbols in .text are dumped as data lines, 16 bytes each, in the last chunk size used. */
const OBJECTS = `
        .text
        .global _start
_start: nop
        .type   tbl, @object
tbl:    .word   0x11223344, 0, 0, 0x41424344, 0x55667788
        .byte   1,2,3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,5,6
        .type   fn, @function
fn:     ret.n
        .byte   0,0
        .type   tbl2, @object
tbl2:   .byte   0x61,0x62
        .type   fn2, @function
fn2:    .byte   0xfe
        .type   tbl3, @object
tbl3:   .byte   0x41,0x42,0x43,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0x7e
`;

/** Runs of zeros: skipped as \`...\` from 8 bytes (in fours), or up to the next symbol when fewer than 3. */
const ZEROS = `
        .text
        .global _start
_start: j       a
        .space  13
        .align  4
a:      ret.n
        .byte   0
        .align  4
b:      ret.n
        .space  9
        .byte   1
        .space  3
        .align  4
c:      nop
        .space  20
d:      nop.n
        .space  30
`;

/** Another section's literal is not read: no literal value is printed for it. */
const SPLIT = `
        .text
        .literal_position
        .literal .L1, 0x12345678
        .global _start
_start: l32r    a4, .L1
        ret
`;

async function expectSameListing(file: string, extra: string[] = []): Promise<void> {
  const want = gnu('xtensa-lx106-elf-objdump', ['-d', ...extra, file]);
  const got = await runQ7(['objdump', '-d', '--core', 'lx106', ...extra, file]);
  assert.equal(got.stderr, '');
  assert.equal(got.status, 0);
  const diff = firstDifference(want, got.stdout);
  assert.ok(diff === undefined, `${path.basename(file)}: ${diff}`);
}

/** objdump's stdout and stderr for one file, run asynchronously. */
function objdumpAsync(file: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile('xtensa-lx106-elf-objdump', ['-d', file], { encoding: 'utf8', maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      err ? reject(err) : resolve({ stdout, stderr }),
    );
  });
}

/**
 * Writes the variants as files and compares, file by file, the listing of each tool and whether
 * each reports an invalid property table; returns how many did. objdump runs once per file: given
 * several files in one run it may reuse the previous file's property table.
 */
async function expectSameListings(stem: string, variants: Uint8Array[]): Promise<{ invalid: number }> {
  const files = variants.map((bytes, i) => {
    const file = path.join(scratchDir(), `${stem}-${i}.elf`);
    fs.writeFileSync(file, bytes);
    return file;
  });
  const wants: { stdout: string; stderr: string }[] = [];
  for (let i = 0; i < files.length; i += 8) {
    wants.push(...(await Promise.all(files.slice(i, i + 8).map(objdumpAsync))));
  }
  let invalid = 0;
  for (let i = 0; i < files.length; i++) {
    const got = await runQ7(['objdump', '-d', '--core', 'lx106', files[i]]);
    const diff = firstDifference(wants[i].stdout, got.stdout);
    assert.ok(diff === undefined, `${path.basename(files[i])}: ${diff}`);
    const tag = `${files[i]}(.text): invalid property table`;
    assert.equal(got.stderr.includes(tag), wants[i].stderr.includes(tag), `${path.basename(files[i])}: stderr differs`);
    if (wants[i].stderr.includes(tag)) invalid++;
  }
  return { invalid };
}

/** File offset and size of a section, read straight from the section headers. */
function sectionBytes(bytes: Uint8Array, name: string): { offset: number; size: number } {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shoff = v.getUint32(32, true);
  const shnum = v.getUint16(48, true);
  const names = v.getUint32(shoff + 40 * v.getUint16(50, true) + 16, true);
  for (let i = 0; i < shnum; i++) {
    const h = shoff + 40 * i;
    let at = names + v.getUint32(h, true);
    let n = '';
    while (bytes[at] !== 0) n += String.fromCharCode(bytes[at++]);
    if (n === name) return { offset: v.getUint32(h + 16, true), size: v.getUint32(h + 20, true) };
  }
  throw new Error(`no section ${name}`);
}

function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
}

describe('disasm oracle: listing rules on small programs', function () {
  this.timeout(120_000);

  it('lists literal pools, stray bytes and a section start without a symbol', async function () {
    requireTool(this, TOOLS);
    const { obj, elf } = assembleAndLink('literals', LITERALS);
    await expectSameListing(elf);
    await expectSameListing(obj);
  });

  it('prints operands: immediates, special registers, branch constants', async function () {
    requireTool(this, TOOLS);
    await expectSameListing(assembleAndLink('operands', OPERANDS).elf);
  });

  it('dumps object symbols in code as data lines', async function () {
    requireTool(this, TOOLS);
    await expectSameListing(assembleAndLink('objects', OBJECTS).elf);
  });

  it('skips runs of zeros the way objdump does', async function () {
    requireTool(this, TOOLS);
    await expectSameListing(assembleAndLink('zeros', ZEROS).elf);
  });

  it('lists at low, zero and high addresses (address column width)', async function () {
    requireTool(this, TOOLS);
    for (const base of [0, 0x1000, 0x123450, 0xfffff000]) {
      await expectSameListing(assembleAndLink(`low-${base.toString(16)}`, LITERALS, base).elf);
    }
  });

  it('lists a file without symbols with bare addresses and section-relative headers', async function () {
    requireTool(this, TOOLS);
    const dir = scratchDir();
    const { obj } = assembleAndLink('strip', LITERALS);
    gnu('xtensa-lx106-elf-ld', ['-s', '-Ttext=0x40100000', obj, '-o', path.join(dir, 'stripped.elf')]);
    await expectSameListing(path.join(dir, 'stripped.elf'));
  });

  it('does not read literals of another section', async function () {
    requireTool(this, TOOLS);
    const dir = scratchDir();
    fs.writeFileSync(path.join(dir, 'split.S'), SPLIT);
    fs.writeFileSync(path.join(dir, 'split.ld'), 'SECTIONS { .lit 0x40000000 : { *(.literal) } .text 0x40000100 : { *(.text) } }\n');
    gnu('xtensa-lx106-elf-as', ['split.S', '-o', 'split.o'], dir);
    gnu('xtensa-lx106-elf-ld', ['-T', 'split.ld', 'split.o', '-o', 'split.elf'], dir);
    await expectSameListing(path.join(dir, 'split.elf'));
    await expectSameListing(path.join(dir, 'split.o'));
  });

  it('lists a gcc -O2 -ffunction-sections object and only the sections asked for with -j', async function () {
    requireTool(this, [...TOOLS, 'xtensa-lx106-elf-gcc']);
    const dir = scratchDir();
    const src = path.join(cProgramsDir(), 'fib.c');
    gnu('xtensa-lx106-elf-gcc', ['-O2', '-ffunction-sections', '-c', src, '-o', path.join(dir, 'fib.o')]);
    await expectSameListing(path.join(dir, 'fib.o'));
    await expectSameListing(path.join(dir, 'fib.o'), ['-j', '.text.fib_memo', '-j', '.rodata']);
  });

  it('follows random property tables exactly (300 tables)', async function () {
    requireTool(this, TOOLS);
    const { elf } = assembleAndLink('props', LITERALS);
    const base = new Uint8Array(fs.readFileSync(elf));
    const { offset, size } = sectionBytes(base, '.xt.prop');
    const text = sectionBytes(base, '.text');
    const pick = rng(5);
    const flagChoices = [0x1, 0x2, 0x3, 0x4, 0x6, 0x104, 0x106, 0x2904, 0x126, 0x8, 0xa, 0x80a, 0x280a, 0x380a];
    const variants = Array.from({ length: 300 }, () => {
      const bytes = base.slice();
      const v = new DataView(bytes.buffer);
      bytes.fill(0, offset, offset + size);
      const entries = 1 + pick(size / 12);
      for (let e = 0; e < entries; e++) {
        v.setUint32(offset + 12 * e, 0x40100000 + pick(text.size), true);
        v.setUint32(offset + 12 * e + 4, pick(4) === 0 ? 0 : 1 + pick(12), true);
        v.setUint32(offset + 12 * e + 8, flagChoices[pick(flagChoices.length)], true);
      }
      return bytes;
    });
    const { invalid } = await expectSameListings('props', variants);
    assert.ok(invalid > 10 && invalid < 200, `${invalid} of 300 tables were invalid`);
  });

  it('chooses symbols exactly like objdump (300 random symbol tables)', async function () {
    requireTool(this, TOOLS);
    const { elf } = assembleAndLink('syms', LITERALS + '\n        .global bar\nbar:    nop.n\n        .local baz\nbaz:    nop.n\n');
    const base = new Uint8Array(fs.readFileSync(elf));
    const { offset, size } = sectionBytes(base, '.symtab');
    const text = sectionBytes(base, '.text');
    const pick = rng(9);
    // NOTYPE/OBJECT/FUNC/COMMON/TLS/IFUNC × LOCAL/GLOBAL/WEAK/GNU_UNIQUE/OS-specific
    const infos = [0x00, 0x01, 0x02, 0x05, 0x06, 0x0a, 0x10, 0x11, 0x12, 0x15, 0x1a, 0x20, 0x21, 0x22, 0xa2, 0xd1];
    const variants = Array.from({ length: 300 }, () => {
      const bytes = base.slice();
      const v = new DataView(bytes.buffer);
      for (let at = offset + 16; at < offset + size; at += 16) {
        const type = bytes[at + 12] & 15;
        if (type === 3 || type === 4 || v.getUint16(at + 14, true) !== 1 || pick(3) === 0) continue;
        v.setUint32(at + 4, 0x40100000 - 4 + pick(text.size + 8), true);
        bytes[at + 12] = infos[pick(infos.length)];
        v.setUint32(at + 8, [0, 0, 1, 4, 16][pick(5)], true); // st_size ranks symbols at one address
        if (pick(8) === 0) v.setUint16(at + 14, 0xfff1, true); // now absolute
      }
      return bytes;
    });
    await expectSameListings('syms', variants);
  });
});
