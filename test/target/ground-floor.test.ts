// target/q7 is the ground floor: it imports nothing outside target/, and the memory map it states is
// the one the q7 core configuration and the device contract use.

import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Q7 } from '../../emulator/config';
import { Q7_DRAM_BASE, Q7_DRAM_SIZE, Q7_IRAM_BASE, Q7_IRAM_SIZE, Q7_RESET_VECBASE } from '../../target/q7/memory-map';
import { HBM_APERTURE_BASE, IRAM_BASE, SLOW_RAM_BASE, SLOW_RAM_SIZE, CSR_BASE, LOCAL_RAM_BASE, LOCAL_RAM_SIZE } from '../../target/q7/abi';

const ROOT = resolve(__dirname, '../../..');
const TARGET = join(ROOT, 'target');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('target/q7', () => {
  it('imports only from inside target/ (and node: built-ins nowhere)', () => {
    const files = tsFiles(TARGET);
    assert.ok(files.length >= 3, `found ${files.length} files under target/`);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/\bfrom\s+'([^']+)'|\brequire\('([^']+)'\)|\bimport\('([^']+)'\)/g)) {
        const spec = m[1] ?? m[2] ?? m[3];
        assert.ok(spec.startsWith('.'), `${relative(ROOT, f)} imports the package '${spec}'`);
        const to = resolve(f, '..', spec);
        assert.ok(relative(TARGET, to).split(/[\\/]/)[0] !== '..', `${relative(ROOT, f)} imports '${spec}' from outside target/`);
      }
    }
  });

  it('compiler/ imports nothing from emulator/ (both stand on target/)', () => {
    for (const f of tsFiles(join(ROOT, 'compiler'))) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/\bfrom\s+'(\.[^']+)'/g)) {
        const to = relative(ROOT, resolve(f, '..', m[1]));
        assert.ok(!to.startsWith('emulator'), `${relative(ROOT, f)} imports ${to}`);
      }
    }
  });

  it('the q7 core configuration has the memory map of memory-map.ts', () => {
    assert.equal(Q7.resetVecbase, Q7_RESET_VECBASE);
    assert.deepEqual(
      Q7.memory.map((r) => [r.base, r.size]),
      [
        [Q7_DRAM_BASE, Q7_DRAM_SIZE],
        [Q7_IRAM_BASE, Q7_IRAM_SIZE],
      ],
    );
  });

  it("the device contract's regions lie in DRAM, in order, and IRAM is the core's", () => {
    assert.equal(SLOW_RAM_BASE, 0x3fe00000);
    assert.ok(SLOW_RAM_BASE + SLOW_RAM_SIZE <= CSR_BASE);
    assert.equal(LOCAL_RAM_BASE + LOCAL_RAM_SIZE, Q7_DRAM_BASE + Q7_DRAM_SIZE);
    assert.equal(IRAM_BASE, 0x40000000);
    assert.equal(HBM_APERTURE_BASE, 0x80000000);
  });
});
