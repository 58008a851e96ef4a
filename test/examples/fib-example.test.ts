// The bundled example that `npm start` runs: examples/asm/fib.S on the q7 core through the real
// bin/q7 (the esbuild bundle), with the ROM's window handlers doing the deep recursion's spills.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..', '..');

function fib(n: number): number {
  let [a, b] = [0, 1];
  for (let i = 0; i < n; i++) [a, b] = [b, a + b];
  return a;
}

describe('bundled example (npm start)', () => {
  it('prints fib(0..24) and exits with fib(24) mod 256', () => {
    const r = spawnSync(process.execPath, [path.join(root, 'bin', 'q7'), 'run', 'examples/asm/fib.S'], {
      cwd: root,
      encoding: 'utf8',
    });
    const expected = Array.from({ length: 25 }, (_, n) => `fib(${n}) = ${fib(n)}\n`).join('');
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, expected);
    assert.equal(r.status, fib(24) & 255);
  });
});
