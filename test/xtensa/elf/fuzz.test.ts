// Fuzzing the ELF reader: thousands of random mutations and truncations of valid ELF files must
// each either parse (and then disassemble without error) or fail with an ElfError naming the file,
// never with any other exception, and all of it in bounded time.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readElf } from '../../../xtensa/elf/reader';
import { ElfError } from '../../../xtensa/elf/types';
import { disassembleElf } from '../../../xtensa/disasm';
import { requireTool } from '../../../harness/oracle/tools';
import { assembleAndLink, gnu, scratchDir } from '../disasm/helpers';
import { synthElf } from './synth';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const INTERESTING = [0, 1, 2, 3, 4, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffff0, 0xffffffff];

/** One random defect: byte flips, a field set to an interesting value, a truncation, or junk appended. */
function mutate(src: Uint8Array, rand: () => number): Uint8Array {
  const pick = (n: number) => Math.floor(rand() * n);
  const kind = pick(6);
  if (kind === 0) return src.slice(0, pick(src.length));
  if (kind === 1) {
    const extra = Uint8Array.from({ length: 1 + pick(64) }, () => pick(256));
    const b = new Uint8Array(src.length + extra.length);
    b.set(src);
    b.set(extra, src.length);
    return b;
  }
  const b = src.slice();
  const view = new DataView(b.buffer);
  const flips = 1 + pick(4);
  for (let i = 0; i < flips; i++) {
    // Half of the defects hit the ELF header, where every field matters.
    const at = rand() < 0.5 ? pick(Math.min(52, b.length)) : pick(b.length);
    if (kind === 2) b[at] = pick(256);
    else if (kind === 3) b[at] ^= 1 << pick(8);
    else if (at + 4 <= b.length) {
      const base = kind === 4 ? INTERESTING[pick(INTERESTING.length)] : b.length + pick(81) - 40;
      view.setUint32(at & ~3, base >>> 0, true);
    }
  }
  return b;
}

interface FuzzStats {
  parsed: number;
  rejected: number;
  slowestMs: number;
}

/** Runs `count` mutants of each seed file; fails on the first exception that is not an ElfError. */
function fuzz(seeds: { name: string; bytes: Uint8Array }[], count: number, seed: number): FuzzStats {
  const rand = rng(seed);
  const stats: FuzzStats = { parsed: 0, rejected: 0, slowestMs: 0 };
  for (let i = 0; i < count; i++) {
    const s = seeds[i % seeds.length];
    const mutant = mutate(s.bytes, rand);
    const started = performance.now();
    try {
      const image = readElf(mutant, s.name);
      disassembleElf(image, s.name);
      stats.parsed++;
    } catch (e) {
      if (!(e instanceof ElfError)) {
        const file = path.join(scratchDir(), `crash-${i}.elf`);
        fs.writeFileSync(file, mutant);
        assert.fail(`mutant ${i} of ${s.name} (saved as ${file}) threw ${(e as Error).stack ?? String(e)}`);
      }
      assert.ok(e.message.startsWith(`${s.name}: `), `message does not name the file: ${e.message}`);
      stats.rejected++;
    }
    stats.slowestMs = Math.max(stats.slowestMs, performance.now() - started);
  }
  return stats;
}

describe('ELF reader fuzzing', function () {
  this.timeout(120_000);

  it('survives 3,000 mutations of a hand-made executable', () => {
    const stats = fuzz([{ name: 'synth.elf', bytes: synthElf().bytes }], 3000, 1);
    assert.ok(stats.parsed > 100 && stats.rejected > 1000, `parsed ${stats.parsed}, rejected ${stats.rejected}`);
    assert.ok(stats.slowestMs < 500, `slowest mutant took ${stats.slowestMs.toFixed(1)} ms`);
  });

  it('survives 10,000 mutations of GNU-built executables and objects', function () {
    requireTool(this, ['xtensa-lx106-elf-as', 'xtensa-lx106-elf-ld', 'xtensa-lx106-elf-gcc']);
    const { obj, elf } = assembleAndLink('fuzz-seed', FUZZ_SOURCE);
    const cObj = path.join(scratchDir(), 'fuzz-seed-c.o');
    fs.writeFileSync(path.join(scratchDir(), 'fuzz-seed-c.c'), FUZZ_C);
    gnu('xtensa-lx106-elf-gcc', ['-O2', '-g', '-c', path.join(scratchDir(), 'fuzz-seed-c.c'), '-o', cObj]);
    const seeds = [elf, obj, cObj].map((f) => ({ name: path.basename(f), bytes: new Uint8Array(fs.readFileSync(f)) }));
    for (const s of seeds) readElf(s.bytes, s.name); // the seeds themselves are valid
    const started = performance.now();
    const stats = fuzz(seeds, 10_000, 2);
    const totalMs = performance.now() - started;
    assert.ok(stats.parsed > 300 && stats.rejected > 3000, `parsed ${stats.parsed}, rejected ${stats.rejected}`);
    assert.ok(stats.slowestMs < 500, `slowest mutant took ${stats.slowestMs.toFixed(1)} ms`);
    assert.ok(totalMs < 60_000, `10,000 mutants took ${(totalMs / 1000).toFixed(1)} s`);
  });
});

const FUZZ_SOURCE = `
        .text
        .literal_position
        .literal .L1, 0x12345678
        .literal .L2, _start
        .global _start
_start: movi    a2, 1000
        l32r    a4, .L1
        l32r    a5, .L2
        beqz    a2, done
        call0   done
        .type   table, @object
table:  .word   1, 2, 3, 0, 0, 0
        .align  4
        .type   done, @function
done:   ret.n
        .data
value:  .word   42
`;

const FUZZ_C = `
int counter;
static int square(int x) { return x * x; }
int sum(const int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += square(v[i]) + counter; return s; }
`;
