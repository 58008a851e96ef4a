// gcc's windowed-ABI output (`-mabi=windowed`: entry, call8, retw.n, ...), which Debian's lx106
// `as` cannot assemble, must assemble with ours. With no GNU oracle for these instructions, every
// instruction is checked against what its source line says: the bytes at its address decode (with
// the table decoder, itself checked against GNU objdump for the lx106 subset and against the
// specification's encodings) to the written mnemonic with the written registers and immediates,
// and branch/call/L32R targets equal the addresses of the written labels. As for the call0 output,
// lines that need GNU's transformations (far branches, slli 0, srli >= 16) are rewritten first
// (gcc-rewrite.ts), driven by our own diagnostics; undefined externals get --defsym addresses.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AsmError, assemble } from '../../../xtensa/asm';
import type { AssembleResult } from '../../../xtensa/asm';
import { decode, INSN_BY_MNEMONIC } from '../../../xtensa/isa';
import { listPrograms, programSource } from '../../../harness/oracle/build';
import { picolibcSpecs, requireTool } from '../../../harness/oracle/tools';
import { rewriteLine } from './gcc-rewrite';
import { run, tempDir } from './gnu';

const EXTERNALS = 0x50060000;

function windowedAssembly(name: string, dir: string): string {
  const out = path.join(dir, `${name}.s`);
  const r = run('xtensa-lx106-elf-gcc', [
    `-specs=${picolibcSpecs()}`, '-mabi=windowed', '-std=gnu11', '-g', '-O2', '-S', programSource(name), '-o', out,
  ]);
  if (r.status !== 0) throw new Error(`gcc failed: ${r.stderr}`);
  return fs.readFileSync(out, 'utf8');
}

/** `.L` labels become ordinary local symbols, so the ELF symbol table tells their addresses. */
function visibleLabels(source: string): string {
  return source.replace(/\.L(\w+)/g, 'Lq7_$1');
}

/** Assembles, rewriting rejected lines and defining undefined symbols until it succeeds. */
function assembleGccOutput(source: string, name: string): { result: AssembleResult; source: string; rewritten: number } {
  const lines = source.split('\n');
  const defsym: Record<string, number> = {};
  let rewritten = 0;
  for (let round = 0; round < 20; round++) {
    try {
      return { result: assemble([{ name, text: lines.join('\n') }], { defsym }), source: lines.join('\n'), rewritten };
    } catch (e) {
      if (!(e instanceof AsmError)) throw e;
      for (const d of e.diagnostics) {
        const undef = /^undefined symbol '(.+)'$/.exec(d.message);
        if (undef) {
          defsym[undef[1]] ??= EXTERNALS + 16 * Object.keys(defsym).length;
          continue;
        }
        const fixed = /out of range/.test(d.message) ? rewriteLine(lines[d.line - 1], rewritten) : undefined;
        if (fixed === undefined) throw new Error(`${d.file}:${d.line}:${d.column}: ${d.message}`);
        lines[d.line - 1] = fixed;
        rewritten++;
      }
    }
  }
  throw new Error('did not converge');
}

function parseImmediate(text: string): number | undefined {
  const m = /^(-?)(0x[0-9a-f]+|\d+)$/i.exec(text.trim());
  return m ? (m[1] ? -1 : 1) * Number(m[2]) : undefined;
}

/** `sym`, `sym+4` or `sym-4` with the symbol's address. */
function symbolPlusOffset(text: string, symbols: Map<string, number>): number | undefined {
  const m = /^([\w.$]+)\s*(?:([+-])\s*(\d+))?$/.exec(text);
  const base = m ? symbols.get(m[1]) : undefined;
  if (base === undefined) return undefined;
  return base + (m![2] === '-' ? -1 : 1) * Number(m![3] ?? 0);
}

/** Differences between an instruction's source text and what its bytes decode to. */
function checkInstruction(text: string, bytes: Uint8Array, addr: number, symbols: Map<string, number>): string[] {
  const m = /^_?([\w.]+)\s*(.*)$/.exec(text.trim())!;
  let mnemonic = m[1].toLowerCase();
  let ops = m[2] === '' ? [] : m[2].split(',').map((s) => s.trim());
  if (mnemonic === 'mov') {
    mnemonic = 'or';
    ops = [ops[0], ops[1], ops[1]];
  }
  const d = decode(bytes[0], bytes[1], bytes[2] ?? 0, addr);
  if (!d) return [`'${text}': bytes do not decode`];
  if (d.def.mnemonic !== mnemonic) return [`'${text}': decodes as ${d.def.mnemonic}`];
  const problems: string[] = [];
  d.def.operands.forEach((t, i) => {
    const src = ops[i];
    const got = d.ops[i];
    let want: number | undefined;
    if (t.kind === 'ar') want = src === 'sp' ? 1 : Number(src.slice(1));
    else if (t.kind === 'imm') want = parseImmediate(src);
    else if (src.startsWith('.Lq7far')) want = addr + bytes.length + 3; // the label after the rewrite's `j`
    else want = symbolPlusOffset(src, symbols) ?? parseImmediate(src);
    if (want === undefined) problems.push(`'${text}': operand ${i + 1} '${src}' not understood`);
    else if ((want | 0) !== (got | 0)) problems.push(`'${text}': operand ${i + 1} is ${got}, source says ${want}`);
  });
  return problems;
}

describe('gcc -mabi=windowed output assembles and every instruction says what its line says', function () {
  this.timeout(120_000);
  const totals = { programs: 0, instructions: 0, windowed: 0 };

  before(function () {
    requireTool(this, ['xtensa-lx106-elf-gcc', 'picolibc']);
  });

  for (const name of listPrograms()) {
    it(`${name} -O2 -mabi=windowed`, function () {
      const dir = tempDir('win');
      try {
        const source = visibleLabels(windowedAssembly(name, dir));
        const { result } = assembleGccOutput(source, `${name}.win.s`);
        const symbols = new Map(result.image.symbols.map((s) => [s.name, s.value]));
        const insns = result.listing.filter((l) => l.kind === 'insn');
        const problems: string[] = [];
        for (const l of insns) problems.push(...checkInstruction(l.text, l.bytes, l.address, symbols));
        assert.deepEqual(problems.slice(0, 10), [], `${problems.length} problems`);
        const windowed = insns.filter((l) => INSN_BY_MNEMONIC.get(/^\S+/.exec(l.text.trim())![0])?.feature === 'windowed').length;
        assert.ok(windowed > 0, 'no windowed instructions');
        totals.programs++;
        totals.instructions += insns.length;
        totals.windowed += windowed;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  after(() => {
    if (totals.programs) console.log(`      ${totals.programs} programs: ${totals.instructions} instructions checked, ${totals.windowed} windowed`);
  });
});
