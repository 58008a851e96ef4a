// The assembler's parse cache must not change any output: the same sources assembled with the cache
// off, cold (filling it) and warm (hitting it) give the same image, ELF bytes, listing, symbols and
// diagnostics (file:line:col); parses that depend on symbols (equates, --defsym, local labels) are
// redone every time; and the cache stays within its bounds.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AsmError, assemble, clearParseCache, parseCacheSize, setParseCacheLimits } from '../../../xtensa/asm';
import type { AsmSource, AssembleOptions } from '../../../xtensa/asm';
import { writeElf } from '../../../xtensa/elf/writer';
import { WINDOW_VECTORS_SECTION, WINDOW_VECTORS_SOURCE } from '../../../target/q7/window-vectors';

const FIB = fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'examples', 'asm', 'fib.S'), 'utf8');

/** Exercises every kind of operand: registers, numbers, `.`, equates, --defsym, local labels, literals. */
const MIXED = `
	.set	STEP, 4
	.literal_position
	.literal .LC0, table
	.text
	.global	helper
	.align	4
helper:	entry	a1, 32
	movi	a2, STEP
	movi	a3, LIMIT
	addi	a4, a2, 12
1:	addi	a2, a2, -1
	bnez	a2, 1b
	beqz	a3, 1f
	j	.+3
1:	l32r	a5, .LC0
	rsr	a6, 3
	mov	a7, a6
	retw
	.data
table:	.word	1, 2, STEP * 3, LIMIT
	.byte	0x61, -1
	.bss
	.lcomm	scratch, 16
`;

/** Errors found in the first pass, in expression evaluation and in encoding, in two files. */
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
  listing?: unknown;
  diagnostics?: unknown;
  message?: string;
}

function run(sources: readonly AsmSource[], options: AssembleOptions = {}): Outcome {
  try {
    const r = assemble(sources, options);
    return { elf: writeElf(r.image), image: r.image, listing: r.listing };
  } catch (e) {
    if (!(e instanceof AsmError)) throw e;
    return { diagnostics: e.diagnostics, message: e.message };
  }
}

/** Runs with the cache off, then cold and three times warm; all must equal the uncached outcome. */
function sameWithAndWithoutCache(sources: readonly AsmSource[], options: AssembleOptions = {}): Outcome {
  setParseCacheLimits({ entries: 0 });
  const uncached = run(sources, options);
  setParseCacheLimits();
  clearParseCache();
  const cold = run(sources, options);
  assert.ok(parseCacheSize().entries > 0, 'the cache was not filled');
  assert.deepStrictEqual(cold, uncached, 'cold run differs from the uncached one');
  for (let i = 0; i < 3; i++) assert.deepStrictEqual(run(sources, options), uncached, `warm run ${i + 1} differs from the uncached one`);
  return uncached;
}

describe('assembler: parse cache', () => {
  afterEach(() => {
    setParseCacheLimits();
    clearParseCache();
  });

  it('gives the same image, ELF bytes and listing cold and warm (ROM vectors, fib, mixed operands)', () => {
    const sources = [
      { name: 'rom/window-vectors.S', text: WINDOW_VECTORS_SOURCE },
      { name: 'fib.S', text: FIB },
      { name: 'mixed.S', text: MIXED },
    ];
    const out = sameWithAndWithoutCache(sources, {
      defsym: { LIMIT: 7 },
      sectionStart: { [WINDOW_VECTORS_SECTION]: 0x40000000 },
    });
    assert.ok(out.elf && out.elf.length > 0, `did not assemble: ${out.message}`);
  });

  it('redoes parses that depend on symbols: a --defsym value change reaches the cached file', () => {
    const sources = [{ name: 'mixed.S', text: MIXED }];
    const seven = sameWithAndWithoutCache(sources, { defsym: { LIMIT: 7 } });
    const nine = sameWithAndWithoutCache(sources, { defsym: { LIMIT: 9 } });
    assert.ok(seven.elf && nine.elf);
    assert.notDeepEqual(seven.elf, nine.elf);
    // Alternating without clearing: each value still gives its own uncached result.
    assert.deepStrictEqual(run(sources, { defsym: { LIMIT: 7 } }), seven);
    assert.deepStrictEqual(run(sources, { defsym: { LIMIT: 9 } }), nine);
  });

  it('places a cached file correctly wherever it lands (other base, other files before it)', () => {
    const alone = [{ name: 'mixed.S', text: MIXED }];
    const after = [{ name: 'fib.S', text: FIB }, ...alone];
    const options = { defsym: { LIMIT: 3 } };
    const a = sameWithAndWithoutCache(alone, options);
    const b = sameWithAndWithoutCache(after, options);
    const c = sameWithAndWithoutCache(alone, { ...options, base: 0x60000000 });
    assert.notDeepEqual(a.elf, b.elf);
    assert.notDeepEqual(a.elf, c.elf);
  });

  it('reports a cached erroneous source at the same file:line:col every time', () => {
    const sources = [
      { name: 'good.S', text: MIXED },
      { name: 'bad.S', text: BAD },
      { name: 'also-bad.S', text: `\n\n${BAD}` },
    ];
    const out = sameWithAndWithoutCache(sources, { defsym: { LIMIT: 1 } });
    assert.ok(out.diagnostics, 'expected errors');
    const where = (out.diagnostics as { file: string; line: number; column: number; message: string }[]).map(
      (d) => `${d.file}:${d.line}:${d.column}: ${d.message.split(' ')[0]}`,
    );
    for (const [file, shift] of [['bad.S', 0], ['also-bad.S', 2]] as const) {
      assert.ok(where.includes(`${file}:${4 + shift}:2: unknown`), `no unknown-instruction error in ${file}: ${where.join('; ')}`);
      assert.ok(where.includes(`${file}:${5 + shift}:15: operand`), `no range error in ${file}: ${where.join('; ')}`);
      assert.ok(where.includes(`${file}:${6 + shift}:11: undefined`), `no undefined-symbol error in ${file}: ${where.join('; ')}`);
    }
  });

  it('reuses the lines of an edited file with their new line numbers', () => {
    const bad = sameWithAndWithoutCache([{ name: 'bad.S', text: BAD }]);
    assert.ok(bad.message?.includes('bad.S:4:2'), bad.message);
    // The same lines, now two lines further down and once inside a comment: all from the line cache.
    const edited = `/* moved\n${BAD.split('\n')[3]} */\n${BAD}`;
    setParseCacheLimits();
    const warm = run([{ name: 'bad.S', text: edited }]);
    assert.ok(parseCacheSize().lines > 0);
    setParseCacheLimits({ entries: 0 });
    assert.deepStrictEqual(warm, run([{ name: 'bad.S', text: edited }]));
    assert.ok(warm.message?.includes('bad.S:6:2'), warm.message);
    assert.ok(!warm.message?.includes('bad.S:2:'), warm.message);
    const mixed = sameWithAndWithoutCache([{ name: 'mixed.S', text: MIXED }], { defsym: { LIMIT: 2 } });
    const shifted = sameWithAndWithoutCache([{ name: 'mixed.S', text: `\t# new first line\n${MIXED}` }], { defsym: { LIMIT: 2 } });
    const lineOf = (o: Outcome) => (o.listing as { line: number }[]).map((l) => l.line);
    assert.deepStrictEqual(lineOf(shifted), lineOf(mixed).map((n) => n + 1));
  });

  it('keys entries by file name too: the same text under another name reports that name', () => {
    const first = sameWithAndWithoutCache([{ name: 'one.S', text: BAD }]);
    const second = run([{ name: 'two.S', text: BAD }]);
    assert.ok(first.message?.includes('one.S:4:2'), first.message);
    assert.ok(second.message?.includes('two.S:4:2'), second.message);
    assert.ok(!second.message?.includes('one.S'), second.message);
  });

  it('stays within its bounds on files and characters', () => {
    setParseCacheLimits({ entries: 3 });
    for (let i = 0; i < 6; i++) run([{ name: `f${i}.S`, text: `\t.text\n\tmovi\ta2, ${i}\n` }]);
    assert.equal(parseCacheSize().entries, 3);
    setParseCacheLimits({ entries: 8, chars: 100 });
    assert.ok(parseCacheSize().chars <= 100);
    run([{ name: 'big.S', text: `\t.text\n${'\tnop\n'.repeat(50)}` }]);
    assert.ok(parseCacheSize().chars <= 100, 'a file over the character bound was kept');
    setParseCacheLimits({ lines: 10 });
    run([{ name: 'many.S', text: `\t.text\n${Array.from({ length: 30 }, (_, i) => `\tmovi\ta2, ${i}\n`).join('')}` }]);
    assert.equal(parseCacheSize().lines, 10);
    setParseCacheLimits({ entries: 0 });
    assert.deepStrictEqual(parseCacheSize(), { entries: 0, chars: 0, lines: 0 });
  });
});
