// Relocatable objects (xtensa/asm/object.ts) link to exactly what their sources assemble to: the same
// image, ELF bytes, listing and diagnostics (file:line:col), wherever the object lands and whatever
// comes before it, also after a trip through bytes (object-codec.ts); the placement-independent
// items are encoded in the object and the rest are relocations; an object made with other --defsym
// symbols is refused; bytes that are not an object read as undefined. The positions `.file`/`.loc` give
// instructions (the listing's `source`) survive objects and bytes.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AsmError, assemble, assembleObject, objectFromBytes, objectToBytes } from '../../../xtensa/asm';
import type { AsmObject, AsmSource, AssembleOptions, ListingLine } from '../../../xtensa/asm';
import { writeElf } from '../../../xtensa/elf/writer';
import { WINDOW_VECTORS_SECTION, WINDOW_VECTORS_SOURCE } from '../../../target/q7/window-vectors';

const FIB = fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'examples', 'asm', 'fib.S'), 'utf8');

/** Every kind of operand and symbol: equates (early and deferred), --defsym, local labels, literals,
 *  `.`, sizes, globals defined in another file, weak references, commons and local commons. */
const MIXED = `
	.set	STEP, 4
	.set	LATE, table_end - table
	.literal_position
	.literal .LC0, table
	.literal .LC1, other_file_sym + 8
	.text
	.file	1 "src" "mixed.cpp"
	.file	2 "/abs/h.h"
	.global	helper
	.type	helper, @function
	.align	4
	.loc	1 10 3
helper:	entry	a1, 32
	.loc	2 7 1 is_stmt 0 view .LVU1
	movi	a2, STEP
	.loc	9 1 1
	movi	a3, LIMIT
	movi	a8, LATE
	addi	a4, a2, 12
1:	addi	a2, a2, -1
	bnez	a2, 1b
	beqz	a3, 1f
	j	.+3
1:	l32r	a5, .LC0
	l32r	a9, .LC1
	call8	other_file_sym
	rsr	a6, 3
	mov	a7, a6
	retw
	.size	helper, . - helper
	.weak	maybe
	.data
table:	.word	1, 2, STEP * 3, LIMIT, maybe, helper + 2
	.byte	0x61, -1
	.2byte	. - table
	.8byte	0x123456789abcdef0
table_end:
	.comm	shared_buf, 32, 8
	.bss
	.lcomm	scratch, 16
`;

const OTHER = `	.text
	.global	other_file_sym
	.align	4
other_file_sym:
	entry	a1, 16
	retw
	.comm	shared_buf, 64, 4
`;

/** Errors of the first pass, of evaluation and of encoding. */
const BAD = `	.text
	.global	bad
bad:	entry	a1, 16
	frobnicate a2, a3
	addi	a2, a2, 1000
	movi	a3, missing_symbol
	retw
`;

interface Outcome {
  elf?: Uint8Array;
  image?: unknown;
  listing?: readonly ListingLine[];
  diagnostics?: unknown;
}

function run(inputs: readonly (AsmSource | AsmObject)[], options: AssembleOptions = {}): Outcome {
  try {
    const r = assemble(inputs, options);
    return { elf: writeElf(r.image), image: r.image, listing: r.listing };
  } catch (e) {
    if (!(e instanceof AsmError)) throw e;
    return { diagnostics: e.diagnostics };
  }
}

/** Assembles `sources` as text, with the files of `asObjects` as objects, and as objects read back
 *  from bytes: all three outcomes must be equal. */
function sameAsObjects(sources: readonly AsmSource[], asObjects: readonly string[], options: AssembleOptions = {}): Outcome {
  const fromText = run(sources, options);
  const objects = sources.map((s) => (asObjects.includes(s.name) ? assembleObject(s, options.defsym) : s));
  assert.deepStrictEqual(run(objects, options), fromText, 'the objects link differently from their sources');
  const decoded = objects.map((o) => ('format' in o ? objectFromBytes(objectToBytes(o))! : o));
  assert.ok(decoded.every((o) => o !== undefined), 'an object did not read back from its bytes');
  assert.deepStrictEqual(run(decoded, options), fromText, 'the objects read back from bytes link differently');
  return fromText;
}

describe('assembler: relocatable objects', () => {
  const ALL = [
    { name: 'rom/window-vectors.S', text: WINDOW_VECTORS_SOURCE },
    { name: 'fib.S', text: FIB },
    { name: 'mixed.S', text: MIXED },
    { name: 'other.S', text: OTHER },
  ];
  const options = { defsym: { LIMIT: 7 }, sectionStart: { [WINDOW_VECTORS_SECTION]: 0x40000000 } };

  it('link to the same image, ELF bytes and listing as their sources, any mix of objects and text', () => {
    for (const asObjects of [ALL.map((s) => s.name), ['mixed.S'], ['rom/window-vectors.S', 'other.S'], ['fib.S', 'other.S']]) {
      const out = sameAsObjects(ALL, asObjects, options);
      assert.ok(out.elf && out.elf.length > 0, `did not assemble: ${JSON.stringify(out.diagnostics)}`);
    }
  });

  it('keep the source positions .file/.loc give each instruction, through objects and bytes', () => {
    const out = sameAsObjects(ALL, ['mixed.S'], options);
    const helper = out.listing!.filter((l) => l.file === 'mixed.S' && l.kind === 'insn');
    const at = (text: RegExp) => helper.find((l) => text.test(l.text))!.source;
    assert.deepEqual(at(/entry\s+a1, 32/), { file: 'src/mixed.cpp', line: 10, column: 3 });
    assert.deepEqual(at(/movi\s+a2, STEP/), { file: '/abs/h.h', line: 7, column: 1 });
    assert.equal(at(/movi\s+a3, LIMIT/), undefined, 'a .loc naming an unknown file number gives no position');
    assert.ok(out.listing!.filter((l) => l.file === 'fib.S').every((l) => l.source === undefined), 'files without .loc have none');
  });

  it('are placed wherever they land: other base, other files before them', () => {
    const a = sameAsObjects([{ name: 'mixed.S', text: MIXED }, { name: 'other.S', text: OTHER }], ['mixed.S'], { defsym: { LIMIT: 3 } });
    const b = sameAsObjects([{ name: 'fib.S', text: FIB }, { name: 'mixed.S', text: MIXED }, { name: 'other.S', text: OTHER }], ['mixed.S'], { defsym: { LIMIT: 3 } });
    const c = sameAsObjects([{ name: 'mixed.S', text: MIXED }, { name: 'other.S', text: OTHER }], ['mixed.S'], { defsym: { LIMIT: 3 }, base: 0x60000000 });
    assert.notDeepEqual(a.elf, b.elf);
    assert.notDeepEqual(a.elf, c.elf);
  });

  it('report the errors of their sources at the same file:line:col, in the same order', () => {
    const sources = [
      { name: 'good.S', text: MIXED },
      { name: 'other.S', text: OTHER },
      { name: 'bad.S', text: BAD },
      { name: 'also-bad.S', text: `\n\n${BAD}` },
    ];
    const out = sameAsObjects(sources, ['bad.S', 'also-bad.S'], { defsym: { LIMIT: 1 } });
    const where = (out.diagnostics as { file: string; line: number; column: number; message: string }[]).map((d) => `${d.file}:${d.line}:${d.column}: ${d.message.split(' ')[0]}`);
    for (const [file, shift] of [['bad.S', 0], ['also-bad.S', 2]] as const) {
      assert.ok(where.includes(`${file}:${4 + shift}:2: unknown`), `no unknown-instruction error in ${file}: ${where.join('; ')}`);
      assert.ok(where.includes(`${file}:${5 + shift}:15: operand`), `no range error in ${file}: ${where.join('; ')}`);
      assert.ok(where.includes(`${file}:${6 + shift}:11: undefined`), `no undefined-symbol error in ${file}: ${where.join('; ')}`);
    }
  });

  it('encode placement-independent items at once and keep the rest as relocations', () => {
    const obj = assembleObject({ name: 'mixed.S', text: MIXED }, { LIMIT: 7 });
    const lines = MIXED.split('\n');
    const relocated = new Set(obj.relocations.map((r) => lines[r.loc.line - 1].trim().replace(/^[\w.]+:\s*/, '').replace(/\s+/g, ' ')));
    // Branches, jumps, calls and L32R are PC-relative; operands and data naming symbols (a deferred
    // equate, a label, a weak reference) or `.` depend on placement.
    for (const l of ['bnez a2, 1b', 'beqz a3, 1f', 'j .+3', 'l32r a5, .LC0', 'call8 other_file_sym', 'movi a8, LATE', '.2byte . - table']) {
      assert.ok(relocated.has(l), `'${l}' is not a relocation: ${[...relocated].join(' | ')}`);
    }
    // Registers and numbers only (STEP and LIMIT folded to numbers) are encoded in the object.
    for (const l of ['movi a2, STEP', 'movi a3, LIMIT', 'addi a4, a2, 12', 'rsr a6, 3', 'mov a7, a6', 'entry a1, 32', 'retw', '.byte 0x61, -1', '.8byte 0x123456789abcdef0']) {
      assert.ok(!relocated.has(l), `'${l}' was left as a relocation`);
    }
    const text = obj.sections.find((s) => s.name === '.text')!;
    assert.ok(text.bytes.some((b) => b !== 0), 'no instruction was encoded in the object');
    assert.ok(obj.relocations.length < obj.listing.length, 'every item is a relocation');
  });

  it('refuse to link with other --defsym symbols than they were made with', () => {
    const obj = assembleObject({ name: 'mixed.S', text: MIXED }, { LIMIT: 7 });
    const out = run([obj, { name: 'other.S', text: OTHER }], { defsym: { LIMIT: 8 } });
    const d = out.diagnostics as { file: string; message: string }[];
    assert.ok(d && d.some((x) => x.file === 'mixed.S' && /other --defsym/.test(x.message)), JSON.stringify(d));
  });

  it('read bytes that are not an object (truncated, altered, empty) as undefined', () => {
    const bytes = objectToBytes(assembleObject({ name: 'fib.S', text: FIB }));
    assert.ok(objectFromBytes(bytes));
    assert.equal(objectFromBytes(new Uint8Array(0)), undefined);
    assert.equal(objectFromBytes(bytes.subarray(0, bytes.length - 1)), undefined);
    const altered = bytes.slice();
    altered[6] ^= 0x20;
    assert.equal(objectFromBytes(altered), undefined);
    const wrongSection = new TextEncoder().encode(new TextDecoder().decode(bytes).replace('"section":0', '"section":99'));
    assert.equal(objectFromBytes(wrongSection), undefined);
  });
});
