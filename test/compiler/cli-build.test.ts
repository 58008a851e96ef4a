// `q7 build`: writes an ELF the emulator runs (q7 run), or the assembly with -S; reports compile
// errors as file:line:col and exits 1; usage errors exit 2.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { main } from '../../cli/main';
import { UsageError, type CliIO } from '../../cli/io';

interface Result {
  code: number;
  out: string;
  err: string;
  written: Map<string, Uint8Array | string>;
}

async function q7(args: string[], files: Record<string, string>, written = new Map<string, Uint8Array | string>()): Promise<Result> {
  let out = '';
  let err = '';
  const io: CliIO = {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    readFile: (p) => {
      const w = written.get(p);
      if (w !== undefined) return typeof w === 'string' ? new TextEncoder().encode(w) : w;
      if (p in files) return new TextEncoder().encode(files[p]);
      if (p.includes('node_modules') || p.endsWith('.wasm')) return fs.readFileSync(p);
      throw new UsageError(`${p}: cannot read file: ENOENT`);
    },
    writeFile: (p, d) => {
      written.set(p, d);
    },
  };
  const code = await main(args, io);
  return { code, out, err, written };
}

const HELLO = '#include <stdio.h>\nint main() {\n  printf("built %d\\n", 6 * 7);\n  return 7;\n}\n';

describe('q7 build', function () {
  this.timeout(60_000);

  it('builds an ELF that q7 run executes', async () => {
    const b = await q7(['build', 'hello.cpp', '-o', 'hello.elf'], { 'hello.cpp': HELLO });
    assert.deepEqual([b.code, b.err], [0, '']);
    const elf = b.written.get('hello.elf') as Uint8Array;
    assert.deepEqual([...elf.subarray(0, 4)], [0x7f, 0x45, 0x4c, 0x46]);
    assert.equal(elf[18] | (elf[19] << 8), 94, 'EM_XTENSA');
    const r = await q7(['run', 'hello.elf'], {}, b.written);
    assert.deepEqual([r.code, r.out, r.err], [7, 'built 42\n', '']);
  });

  it('passes -D and -I to the preprocessor', async () => {
    const src = '#include <stdio.h>\n#include "extra.h"\nint main() { printf("%d\\n", VALUE + EXTRA); return 0; }\n';
    const b = await q7(['build', 'src/d.cpp', '-DVALUE=40', '-I', 'inc', '-o', 'd.elf'], { 'src/d.cpp': src, 'inc/extra.h': '#define EXTRA 2\n' });
    assert.deepEqual([b.code, b.err], [0, '']);
    const r = await q7(['run', 'd.elf'], {}, b.written);
    assert.equal(r.out, '42\n');
  });

  it('builds at -O1 an ELF that gives the same result', async () => {
    const b = await q7(['build', 'hello.cpp', '-O1', '-o', 'hello.elf'], { 'hello.cpp': HELLO });
    assert.deepEqual([b.code, b.err], [0, '']);
    const r = await q7(['run', 'hello.elf'], {}, b.written);
    assert.deepEqual([r.code, r.out], [7, 'built 42\n']);
  });

  it('builds a kernel image from a file without main, with the sanitizer define passed through', async () => {
    const src = '#include <torch/torch.h>\ntorch::Tensor k(const torch::Tensor& t) {\n  auto a = t.accessor<float, 1>();\n  float x = a[0];\n  return t;\n}\n';
    const plain = await q7(['build', 'k.cpp', '-S', '-o', 'k.s'], { 'k.cpp': src });
    assert.equal(plain.code, 0);
    assert.doesNotMatch(plain.written.get('k.s') as string, /__q7_index_out_of_bounds/);
    const checked = await q7(['build', 'k.cpp', '-DQ7_SANITIZE_BOUNDS', '-S', '-o', 'k.s'], { 'k.cpp': src });
    assert.match(checked.written.get('k.s') as string, /call8\t__q7_index_out_of_bounds/);
    const b = await q7(['build', 'k.cpp', '-o', 'k.elf'], { 'k.cpp': src });
    assert.deepEqual([b.code, b.err], [0, '']);
    const elf = b.written.get('k.elf') as Uint8Array;
    assert.ok(Buffer.from(elf).includes(Buffer.from('.kernel_info_table\0')), 'the image has a .kernel_info_table section');
  });

  it('writes the assembly with -S', async () => {
    const b = await q7(['build', 'hello.cpp', '-S', '-o', 'hello.s'], { 'hello.cpp': HELLO });
    assert.equal(b.code, 0);
    const text = b.written.get('hello.s') as string;
    assert.match(text, /^main:$/m);
    assert.match(text, /^\tentry\ta1, \d+$/m);
    assert.match(text, /^\tcall8\tprintf$/m);
  });

  it('prints compile errors as file:line:col and exits 1', async () => {
    const b = await q7(['build', 'bad.cpp', '-o', 'bad.elf'], { 'bad.cpp': 'int main() {\n  int b = 0;\n  goto out;\n  int a = 1;\nout:\n  return a + b;\n}\n' });
    assert.deepEqual([b.code, b.err, b.written.size], [1, "bad.cpp:3:3: error: cannot jump from this goto statement to its label: the jump bypasses the initialisation of 'a'\n", 0]);
  });

  it('rejects bad usage with exit 2', async () => {
    const noOut = await q7(['build', 'hello.cpp'], { 'hello.cpp': HELLO });
    assert.equal(noOut.code, 2);
    assert.match(noOut.err, /no output file given/);
    const o3 = await q7(['build', 'hello.cpp', '-O3', '-o', 'x'], { 'hello.cpp': HELLO });
    assert.deepEqual([o3.code, o3.err], [2, 'q7 build: -O3: only -O0, -O1 and -O2 are supported\n']);
    const o2 = await q7(['build', 'hello.cpp', '-O2', '-o', 'x.elf'], { 'hello.cpp': HELLO });
    assert.deepEqual([o2.code, o2.err, [...o2.written.keys()].length], [0, '', 1], '-O2 builds');
    const missing = await q7(['build', 'nope.cpp', '-o', 'x'], {});
    assert.equal(missing.code, 2);
    assert.match(missing.err, /nope\.cpp: cannot read file/);
  });
});
