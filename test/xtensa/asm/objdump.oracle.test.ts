// ORACLE: every instruction GNU objdump prints for the linked corpus programs (reset code, the
// program, picolibc and libgcc; call0 ABI, -O0 and -O2) is re-assembled by our assembler at its
// own address, and the bytes must equal objdump's hex column. The hex column shows the
// little-endian instruction word most significant byte first ("fffd11" = bytes 11 fd ff); branch,
// call and L32R operands are printed as absolute hex addresses ("50000004 <_reset+0x4>"), which
// become "0x50000004". Lines the lx106 objdump prints as `excw` for words that are not EXCW (its
// fallback for undecodable data such as libgcc's "DIV0" strings) are data, not instructions; they
// are skipped and counted.

import { strict as assert } from 'node:assert';
import { INSN_BY_MNEMONIC } from '../../../xtensa/isa';
import { assemble } from '../../../xtensa/asm';
import { buildProgram, listPrograms, OPT_LEVELS, OptLevel } from '../../../harness/oracle/build';
import { requireTool } from '../../../harness/oracle/tools';
import { objdump } from './gnu';

interface ObjdumpInsn {
  addr: number;
  bytes: number[];
  mnemonic: string;
  operands: string;
  line: string;
}

const LINE = /^\s*([0-9a-f]+):\t([0-9a-f]+)\s*\t(\S+)(?:\t(.*))?$/;
const EXCW_WORD = INSN_BY_MNEMONIC.get('excw')!.match;

/** Instruction lines of `objdump -d` output, per section. */
function parseObjdump(text: string): Map<string, ObjdumpInsn[]> {
  const sections = new Map<string, ObjdumpInsn[]>();
  let current: ObjdumpInsn[] = [];
  for (const line of text.split('\n')) {
    const sec = /^Disassembly of section (\S+):$/.exec(line);
    if (sec) {
      current = [];
      sections.set(sec[1], current);
      continue;
    }
    const m = LINE.exec(line);
    if (!m || m[3].startsWith('.')) continue;
    const word = parseInt(m[2], 16);
    const size = m[2].length / 2;
    const bytes = Array.from({ length: size }, (_, i) => (word >>> (8 * i)) & 255);
    current.push({ addr: parseInt(m[1], 16), bytes, mnemonic: m[3], operands: m[4] ?? '', line });
  }
  return sections;
}

/** objdump operand text → assembler operand text (absolute addresses get their 0x). */
function toSource(insn: ObjdumpInsn): string {
  const def = INSN_BY_MNEMONIC.get(insn.mnemonic);
  if (!def || insn.operands === '') return insn.mnemonic;
  const ops = insn.operands.split(', ').map((op, i) => {
    const kind = def.operands[i]?.kind;
    if (kind === 'target' || kind === 'literal') return '0x' + op.split(' ')[0];
    return op;
  });
  return `${insn.mnemonic} ${ops.join(', ')}`;
}

interface Result {
  compared: number;
  skipped: number;
  failures: string[];
}

function checkSection(insns: ObjdumpInsn[]): Result {
  const kept = insns.filter((i) => !(i.mnemonic === 'excw' && i.bytes.length === 3 && (i.bytes[0] | (i.bytes[1] << 8) | (i.bytes[2] << 16)) !== EXCW_WORD));
  const skipped = insns.length - kept.length;
  if (kept.length === 0) return { compared: 0, skipped, failures: [] };
  const base = kept[0].addr;
  const source = kept.map((i) => `\t.org 0x${(i.addr - base).toString(16)}\n\t${toSource(i)}\n`).join('');
  const { image } = assemble([{ name: 'objdump.S', text: source }], { sectionStart: { '.text': base } });
  const text = image.sections.find((s) => s.name === '.text')!;
  const failures: string[] = [];
  for (const i of kept) {
    const got = Array.from(text.data.subarray(i.addr - base, i.addr - base + i.bytes.length));
    if (got.join() !== i.bytes.join()) failures.push(`${i.line.trim()}  → ours ${got.map((b) => b.toString(16)).join(' ')}`);
  }
  return { compared: kept.length, skipped, failures };
}

describe('ORACLE: objdump -d of the corpus re-assembled by our assembler', function () {
  this.timeout(120_000);
  const totals = { programs: 0, instructions: 0, skipped: 0, mnemonics: new Set<string>() };

  before(function () {
    requireTool(this, ['xtensa-lx106-elf-gcc', 'xtensa-lx106-elf-objdump', 'picolibc', 'gcc-12-source']);
  });

  for (const name of listPrograms()) {
    for (const opt of OPT_LEVELS as readonly OptLevel[]) {
      it(`${name} ${opt}: every instruction assembles to objdump's bytes`, function () {
        const sections = parseObjdump(objdump(buildProgram(name, opt)));
        let compared = 0;
        for (const [sec, insns] of sections) {
          const r = checkSection(insns);
          assert.deepEqual(r.failures.slice(0, 10), [], `${sec}: ${r.failures.length} mismatches`);
          compared += r.compared;
          totals.skipped += r.skipped;
          for (const i of insns) totals.mnemonics.add(i.mnemonic);
        }
        assert.ok(compared > 500, `only ${compared} instructions`);
        totals.programs++;
        totals.instructions += compared;
      });
    }
  }

  after(function () {
    if (totals.programs > 0) {
      console.log(
        `      ${totals.programs} programs: ${totals.instructions} instructions re-assembled (${totals.mnemonics.size} mnemonics), ` +
          `${totals.skipped} bogus excw lines skipped`,
      );
    }
  });
});
