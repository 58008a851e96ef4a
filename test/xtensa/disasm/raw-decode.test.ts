// Oracle: every instruction-table row of the lx106 configuration, with random operand fields, is
// printed by formatInsn exactly as `xtensa-lx106-elf-objdump -b binary -m xtensa -D` prints it
// (mnemonic, operands, and the hex column, which is in byte order in binary mode); fields of up to
// 8 bits are swept exhaustively, wider ones randomly and at the decimal/hex boundary. Rows of other
// ISA options must show as `excw`, as the lx106 objdump shows every word it does not know.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORE_FEATURES, INSNS, InsnDef, wordBytes } from '../../../xtensa/isa';
import { insert, slicesWidth } from '../../../xtensa/isa/fields';
import { LX106_TARGET, Symbolizer, decodeForTarget, formatInsn } from '../../../xtensa/disasm';
import { requireTool } from '../../../harness/oracle/tools';
import { gnu, scratchDir } from './helpers';

const LX106 = CORE_FEATURES.lx106;
const NOP_N = [0x3d, 0xf0]; // separates test words so that no long run of zero bytes is skipped as `...`
/** Start offset: far enough into the file that some L32R literals fall inside it and get read. */
const ORIGIN = 0x10000;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

interface Case {
  def: InsnDef;
  addr: number;
  bytes: number[];
}

/** Immediates around the decimal/hex boundary of the printer (±255 | ±256). */
const EDGE_VALUES = [-257, -256, -255, -254, -1, 0, 1, 254, 255, 256, 257];

/**
 * Raw values to try for each operand field of `def`: every value of fields up to 8 bits, and for
 * wider fields `count` random values plus the raw values of the edge immediates.
 */
function fieldValues(def: InsnDef, operand: number, count: number, next: () => number): number[] {
  const o = def.operands[operand];
  const width = slicesWidth(o.slices);
  if (width <= 8) return Array.from({ length: 1 << width }, (_, i) => i);
  const raws = Array.from({ length: count }, () => next() & ((1 << width) - 1));
  if (o.kind === 'imm') for (const v of EDGE_VALUES) {
    const raw = o.encode(v, 0);
    if (raw !== null) raws.push(raw);
  }
  return raws;
}

/** Words of `def`: each operand field swept over its values while the other fields are random. */
function wordsOf(def: InsnDef, count: number, next: () => number): number[] {
  const full = def.size === 3 ? 0xffffff : 0xffff;
  const random = (): number => (def.match | (next() & ~def.mask & full)) >>> 0;
  const words = Array.from({ length: count }, random);
  def.operands.forEach((o, i) => {
    for (const raw of fieldValues(def, i, count, next)) words.push(insert(random(), o.slices, raw));
  });
  return words;
}

/** Lays out the words of each row, each followed by nop.n, after ORIGIN bytes of nop.n. */
function buildStream(rows: readonly InsnDef[], count: number, seed: number): { image: Uint8Array; cases: Case[] } {
  const next = rng(seed);
  const out: number[] = [];
  while (out.length < ORIGIN) out.push(...NOP_N);
  const cases: Case[] = [];
  for (const def of rows) {
    for (const word of wordsOf(def, count, next)) {
      const bytes = wordBytes(word, def.size);
      cases.push({ def, addr: out.length, bytes });
      out.push(...bytes, ...NOP_N);
    }
  }
  return { image: Uint8Array.from(out), cases };
}

/** objdump's text per address: `addr → [hex column, instruction text]`. */
function parseListing(text: string): Map<number, [string, string]> {
  const lines = new Map<number, [string, string]>();
  for (const line of text.split('\n')) {
    const m = /^\s*([0-9a-f]+):\t([0-9a-f]+) *\t(.*)$/.exec(line);
    if (m) lines.set(parseInt(m[1], 16), [m[2], m[3]]);
  }
  return lines;
}

/** What objdump knows in binary mode: no symbols, and the bytes of the whole file. */
function binarySymbolizer(image: Uint8Array): Symbolizer {
  return {
    address: (a) => `0x${a.toString(16)}`,
    readWord: (a) =>
      a + 4 <= image.length ? (image[a] | (image[a + 1] << 8) | (image[a + 2] << 16) | (image[a + 3] << 24)) >>> 0 : undefined,
  };
}

function hexInByteOrder(bytes: number[]): string {
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
}

function objdumpBinary(image: Uint8Array, name: string): Map<number, [string, string]> {
  const file = path.join(scratchDir(), `${name}.bin`);
  fs.writeFileSync(file, image);
  return parseListing(gnu('xtensa-lx106-elf-objdump', ['-b', 'binary', '-m', 'xtensa', '-D', file]));
}

describe('disasm oracle: raw instruction words vs xtensa-lx106-elf-objdump -b binary', function () {
  this.timeout(60_000);

  it('prints every lx106 row with random operands exactly like objdump', function () {
    requireTool(this, 'xtensa-lx106-elf-objdump');
    const rows = INSNS.filter((d) => LX106.has(d.feature));
    assert.ok(rows.length > 100, `only ${rows.length} lx106 rows`);
    const { image, cases } = buildStream(rows, 24, 106);
    const theirs = objdumpBinary(image, 'lx106-rows');
    const sym = binarySymbolizer(image);
    const mismatches: string[] = [];
    let literalsRead = 0;
    for (const c of cases) {
      const d = decodeForTarget(c.bytes, c.addr, LX106_TARGET);
      const ours = d ? formatInsn(d, c.addr, sym) : '(undecodable)';
      if (ours.includes(' (')) literalsRead++;
      const [hex, text] = theirs.get(c.addr) ?? ['', '(no line)'];
      if (ours !== text || hex !== hexInByteOrder(c.bytes)) {
        mismatches.push(`${c.def.mnemonic} @${c.addr.toString(16)} [${hexInByteOrder(c.bytes)}]: objdump ${hex} ${JSON.stringify(text)}, q7 ${JSON.stringify(ours)}`);
      }
    }
    assert.ok(literalsRead > 0, 'no L32R literal was inside the file: the literal-value path went untested');
    assert.deepEqual(mismatches.slice(0, 20), [], `${mismatches.length} of ${cases.length} words differ`);
  });

  it('shows rows of ISA options lx106 lacks as excw, like objdump', function () {
    requireTool(this, 'xtensa-lx106-elf-objdump');
    // (the 32-bit IVP rows are not words of lx106 at all: op0 = 14 has no length there, test/xtensa/isa/ivp-encoding)
    const rows = INSNS.filter((d) => !LX106.has(d.feature) && d.size !== 4);
    assert.ok(rows.length > 50, `only ${rows.length} non-lx106 rows`);
    const { image, cases } = buildStream(rows, 4, 233);
    const theirs = objdumpBinary(image, 'other-rows');
    const mismatches: string[] = [];
    for (const c of cases) {
      const d = decodeForTarget(c.bytes, c.addr, LX106_TARGET);
      const text = theirs.get(c.addr)?.[1];
      if (d?.def.mnemonic !== 'excw' || text !== 'excw') {
        mismatches.push(`${c.def.mnemonic} [${hexInByteOrder(c.bytes)}]: objdump ${JSON.stringify(text)}, q7 ${d?.def.mnemonic}`);
      }
    }
    assert.deepEqual(mismatches.slice(0, 20), [], `${mismatches.length} of ${cases.length} words differ`);
  });
});
