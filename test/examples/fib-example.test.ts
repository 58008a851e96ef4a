// The bundled example that `npm start` runs: examples/asm/fib.S on the q7 core through the real
// bin/q7 (the esbuild bundle), with the ROM's window handlers doing the deep recursion's spills.

import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..', '..');

function fib(n: number): number {
  let [a, b] = [0, 1];
  for (let i = 0; i < n; i++) [a, b] = [b, a + b];
  return a;
}

describe('bundled example (npm start)', () => {
  it('prints fib(0..24) and exits with status 0 (its self-check passed)', () => {
    const r = spawnSync(process.execPath, [path.join(root, 'bin', 'q7'), 'run', 'examples/asm/fib.S'], {
      cwd: root,
      encoding: 'utf8',
    });
    const expected = Array.from({ length: 25 }, (_, n) => `fib(${n}) = ${fib(n)}\n`).join('');
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, expected);
    assert.equal(r.status, 0);
  });

  it('ends quietly when its reader goes away (q7 run … | head -1)', async () => {
    const child = spawn(process.execPath, [path.join(root, 'bin', 'q7'), 'run', 'examples/asm/fib.S'], { cwd: root });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    assert.equal(stderr, '');
    assert.equal(status, 0);
  });
});
