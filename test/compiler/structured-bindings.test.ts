// Structured bindings in the compiler beyond what the differential corpus (structured_bindings.cpp)
// runs: the debugger sees the hidden object and the names bound through a reference, and a binding to
// a bit-field stops compilation at the name.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { compileSource } from './harness';

const PROGRAM = `struct P { int x; int y; };
int main() {
  P pt{1, 2};
  auto [vx, vy] = pt;
  auto& [rx, ry] = pt;
  rx = vx + vy;
  return ry + pt.x;
}
`;

/** Whether the ELF holds `name` as a NUL-terminated string (a DWARF name). */
function hasName(elf: Uint8Array, name: string): boolean {
  return Buffer.from(elf).includes(Buffer.from(`\0${name}\0`, 'latin1'));
}

describe('compiler: structured bindings', function () {
  this.timeout(60_000);

  it('gives the hidden object a debug variable, and each name bound through a reference one of its own', async () => {
    const r = await compileSource(PROGRAM, '/src/b.cpp', { optimize: 0, debug: true });
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
    assert.ok(r.elf, 'an image');
    for (const name of ['[vx, vy]', '[rx, ry]', 'rx', 'ry']) assert.ok(hasName(r.elf, name), `debug name ${name}`);
    assert.ok(!hasName(r.elf, '[nope]'), 'the check can fail');
  });

  it('rejects a binding to a bit-field at the name', async () => {
    const src = 'struct F { int a : 3; int b; };\nint main() {\n  F f{1, 2};\n  auto [a, b] = f;\n  return a + b;\n}\n';
    const r = await compileSource(src, '/src/f.cpp');
    assert.equal(r.image, undefined);
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), ["/src/f.cpp:4:9: error: 'a' names a bit-field: a structured binding to a bit-field is not supported"]);
  });
});
