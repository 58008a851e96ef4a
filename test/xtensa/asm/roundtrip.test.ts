// Round trip over the whole instruction table: for every row, random operand fields are encoded,
// printed as assembler text by the disassembler's instruction printer (xtensa/disasm), assembled
// again by our assembler at the same address, and the bytes must be the original ones.

import { strict as assert } from 'node:assert';
import { INSNS, InsnDef, decode, wordBytes } from '../../../xtensa/isa';
import { formatInsn } from '../../../xtensa/disasm/format';
import { assemble } from '../../../xtensa/asm';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s;
  };
}

interface Case {
  pc: number;
  bytes: number[];
  text: string;
  def: InsnDef;
}

const BASE = 0x40100000;
const SAMPLES_PER_ROW = 24;

/** Random instances of every row, each at its own increasing address. */
function makeCases(): Case[] {
  const next = rng(2024);
  const cases: Case[] = [];
  let pc = BASE;
  for (const def of INSNS) {
    const width = def.size === 4 ? 0xffffffff : def.size === 3 ? 0xffffff : 0xffff;
    for (let k = 0; k < SAMPLES_PER_ROW; k++) {
      pc += 3 + (next() % 13);
      const word = (def.match | (((next() << 8) ^ next()) & ~def.mask & width)) >>> 0;
      const bytes = wordBytes(word, def.size);
      const d = decode(bytes[0], bytes[1], bytes[2] ?? 0, pc, bytes[3] ?? 0);
      assert.ok(d && d.def === def, `${def.mnemonic}: word ${word.toString(16)} does not decode to its row`);
      cases.push({ pc, bytes, text: formatInsn(d, pc).replace('\t', ' '), def });
      pc += def.size;
    }
  }
  return cases;
}

describe('assembler round trip over the instruction table', function () {
  this.timeout(60_000);
  const cases = makeCases();

  it(`re-assembles ${SAMPLES_PER_ROW} random instances of each of the ${INSNS.length} rows to the same bytes`, () => {
    const source = cases.map((c) => `\t.org 0x${(c.pc - BASE).toString(16)}\n\t${c.text}\n`).join('');
    const { image } = assemble([{ name: 'roundtrip.S', text: source }], { sectionStart: { '.text': BASE } });
    const text = image.sections.find((s) => s.name === '.text')!;
    assert.equal(text.addr, BASE);
    const failures: string[] = [];
    for (const c of cases) {
      const got = Array.from(text.data.subarray(c.pc - BASE, c.pc - BASE + c.bytes.length));
      if (got.join() !== c.bytes.join()) {
        failures.push(`${c.pc.toString(16)}: '${c.text}' expected ${hex(c.bytes)} got ${hex(got)}`);
      }
    }
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} mismatches`);
    const mnemonics = new Set(cases.map((c) => c.def.mnemonic));
    assert.equal(mnemonics.size, INSNS.length);
  });

  it('reports the listing address and bytes of every instruction', () => {
    const sample = cases.filter((_, i) => i % 97 === 0);
    const source = sample.map((c) => `\t.org 0x${(c.pc - BASE).toString(16)}\n\t${c.text}\n`).join('');
    const { listing } = assemble([{ name: 'l.S', text: source }], { sectionStart: { '.text': BASE } });
    const insns = listing.filter((l) => l.kind === 'insn');
    assert.equal(insns.length, sample.length);
    insns.forEach((l, i) => {
      assert.equal(l.address, sample[i].pc);
      assert.deepEqual(Array.from(l.bytes), sample[i].bytes);
      assert.equal(l.line, 2 * i + 2);
      assert.equal(l.section, '.text');
    });
  });
});

function hex(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}
