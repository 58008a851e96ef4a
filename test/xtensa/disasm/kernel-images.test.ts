// Oracle: the example kernel images our compiler builds (examples/kernels/*.cpp at -O0 and -O1) are
// listed by `q7 objdump -d` exactly as by `xtensa-lx106-elf-objdump -d`; decoding for the q7 core
// (`--core q7`: windowed registers, the FP coprocessor, … which lx106 lacks) changes only the lines
// lx106 cannot decode (its `excw`), and every instruction lx106 decodes reads the same. Functions
// holding IVP vector instructions (the project-specific encoding, docs/ivp-encoding.md, which no
// binutils decodes) are compared by themselves: every word our disassembler lists there decodes, and
// each IVP word reads back as the instruction the compiler wrote.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileSource } from '../../compiler/harness';
import { requireTool } from '../../../harness/oracle/tools';
import { firstDifference, gnu, runQ7, scratchDir } from './helpers';

const EXAMPLES = path.join(__dirname, '..', '..', '..', '..', 'examples', 'kernels');

/** Address ranges [start, end) of the functions whose q7 listing holds an IVP instruction. */
function vectorFunctions(listing: string): [number, number][] {
  const out: [number, number][] = [];
  let start: number | undefined;
  let vector = false;
  let last = 0;
  const close = () => {
    if (start !== undefined && vector) out.push([start, last + 1]);
  };
  for (const line of listing.split('\n')) {
    const head = /^([0-9a-f]+) <.+>:$/.exec(line);
    if (head) {
      close();
      start = parseInt(head[1], 16);
      vector = false;
      continue;
    }
    const m = INSN.exec(line);
    if (m) {
      last = parseInt(m[1], 16) + m[2].length / 2 - 1;
      if (m[3].startsWith('ivp_')) vector = true;
    }
  }
  close();
  return out;
}

/** An instruction line of a listing: address, the rest (bytes, mnemonic, operands). */
const INSN = /^ *([0-9a-f]+):\t([0-9a-f]+) *\t(\S+)/;

function instructionLines(listing: string): Map<number, { line: string; bytes: string; mnemonic: string }> {
  const out = new Map<number, { line: string; bytes: string; mnemonic: string }>();
  for (const line of listing.split('\n')) {
    const m = INSN.exec(line);
    if (m) out.set(parseInt(m[1], 16), { line, bytes: m[2], mnemonic: m[3] });
  }
  return out;
}

describe('disasm oracle: example kernel images vs xtensa-lx106-elf-objdump -d', function () {
  this.timeout(120_000);
  const examples = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.cpp')).sort();

  it('has the examples', () => assert.ok(examples.length >= 5, examples.join(' ')));

  for (const file of examples) {
    for (const optimize of [0, 1] as const) {
      it(`${file} -O${optimize}`, async function () {
        requireTool(this, 'xtensa-lx106-elf-objdump');
        const r = await compileSource(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'), `/examples/${file}`, { optimize });
        assert.deepEqual(r.diagnostics, []);
        const elf = path.join(scratchDir(), `${file.replace(/\W/g, '_')}-O${optimize}.elf`);
        fs.writeFileSync(elf, r.elf!);
        const want = gnu('xtensa-lx106-elf-objdump', ['-d', elf]);
        // the lx106 configuration: the same listing, line for line
        const lx106 = await runQ7(['objdump', '-d', '--core', 'lx106', elf]);
        assert.deepEqual([lx106.status, lx106.stderr], [0, '']);
        const diff = firstDifference(want, lx106.stdout);
        assert.ok(diff === undefined, `${file} -O${optimize}: ${diff}`);
        // the q7 configuration: the instructions lx106 decodes read the same, the others decode
        const q7 = await runQ7(['objdump', '-d', '--core', 'q7', elf]);
        assert.deepEqual([q7.status, q7.stderr], [0, '']);
        const vectorRanges = vectorFunctions(q7.stdout);
        const inVector = (a: number) => vectorRanges.some(([from, to]) => a >= from && a < to);
        const theirs = new Map([...instructionLines(want)].filter(([a]) => !inVector(a)));
        const ours = new Map([...instructionLines(q7.stdout)].filter(([a]) => !inVector(a)));
        if (file === 'relu_ivp.cpp') {
          assert.ok(vectorRanges.length > 0, 'the vector kernel lists IVP instructions');
          const lines = [...instructionLines(q7.stdout)].filter(([a]) => inVector(a)).map(([, l]) => l);
          assert.deepEqual(lines.filter((l) => l.mnemonic === '.byte' || l.mnemonic === 'excw'), [], 'every word of the vector functions decodes');
          const ivp = new Set(lines.filter((l) => l.mnemonic.startsWith('ivp_')).map((l) => l.mnemonic));
          for (const m of ['ivp_la_pp', 'ivp_zalign', 'ivp_lan_2xf32_ip', 'ivp_maxn_2xf32', 'ivp_san_2xf32_ip', 'ivp_saposn_2xf32_fp', 'ivp_movva32']) assert.ok(ivp.has(m), `${m} in the listing: ${[...ivp].join(' ')}`);
        }
        assert.ok(theirs.size > 500, `objdump listed only ${theirs.size} instructions`);
        let decodedByBoth = 0;
        let q7Only = 0;
        for (const [address, t] of theirs) {
          const o = ours.get(address);
          const at = `${file} -O${optimize} at 0x${address.toString(16)}`;
          assert.ok(o, `${at}: objdump lists '${t.line}', q7 lists nothing there`);
          if (t.mnemonic === 'excw') {
            assert.equal(o.bytes, t.bytes, `${at}: the same word`);
            assert.notEqual(o.mnemonic, 'excw', `${at}: q7 decodes what lx106 cannot: ${o.line}`);
            q7Only++;
          } else {
            assert.equal(o.line, t.line, `${at}: an instruction lx106 decodes`);
            decodedByBoth++;
          }
        }
        assert.equal(ours.size, theirs.size, 'the same instruction boundaries');
        // sanity: the windowed ABI (entry, call8, retw) is there and lx106 decodes most of the code
        assert.ok(q7Only > 20 && decodedByBoth > q7Only, `decoded by both ${decodedByBoth}, by q7 only ${q7Only}`);
      });
    }
  }
});
