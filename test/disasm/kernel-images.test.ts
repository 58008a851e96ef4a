// Oracle: the example kernel images our compiler builds (examples/kernels/*.cpp at -O0 and -O1) are
// listed by `q7 objdump -d` exactly as by `xtensa-lx106-elf-objdump -d`; decoding for the q7 core
// (`--core q7`: windowed registers, the FP coprocessor, … which lx106 lacks) changes only the lines
// lx106 cannot decode (its `excw`), and every instruction lx106 decodes reads the same.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileSource } from '../compiler/harness';
import { requireTool } from '../oracle/tools';
import { firstDifference, gnu, runQ7, scratchDir } from './helpers';

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');

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
  // the *_ivp.cpp examples use the IVP vector unit, which the compiler does not lower yet (kernel-examples.test.ts pins that)
  const examples = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.cpp') && !f.endsWith('_ivp.cpp')).sort();

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
        const theirs = instructionLines(want);
        const ours = instructionLines(q7.stdout);
        assert.ok(theirs.size > 1000, `objdump listed only ${theirs.size} instructions`);
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
