// `q7 check` and `q7 build` agree: a construct the compiler cannot translate (or a kernel image
// without kernels, an empty file included) is an error from `q7 check` with build's message at build's
// position, and a file `q7 check` calls clean builds (AWS relu.cpp's proxy conditional among them).
// `q7 run` on a source gives the same verdict as the build.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { main } from '../../cli/main';
import { UsageError, type CliIO } from '../../cli/io';

interface Result {
  code: number;
  out: string;
  err: string;
}

async function q7(args: string[], files: Record<string, string>): Promise<Result> {
  let out = '';
  let err = '';
  const io: CliIO = {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    readFile: (p) => {
      if (p in files) return new TextEncoder().encode(files[p]);
      if (p.includes('node_modules') || p.endsWith('.wasm')) return fs.readFileSync(p);
      throw new UsageError(`${p}: cannot read file: ENOENT`);
    },
    writeFile: () => undefined,
  };
  const code = await main(args, io);
  return { code, out, err };
}

/** `file:line:col: error: message` lines, without check's `[code]`. */
function errors(text: string): string[] {
  return text.split('\n').filter((l) => / error: /.test(l)).map((l) => l.replace(/ \[[\w-]+\]$/, ''));
}

const NO_KERNEL = "no 'main' function and no kernel function: a kernel is a function defined in this file";

const REJECTED: Record<string, { source: string; error: string }> = {
  'binding.cpp': {
    source: 'struct S { int a : 3; int b : 5; };\nint main() {\n  S s{1, 2};\n  auto [x, y] = s;\n  return x + y;\n}\n',
    error: "binding.cpp:4:9: error: 'x' names a bit-field: a structured binding to a bit-field is not supported",
  },
  'undefined.cpp': {
    source: '#include <torch/torch.h>\nfloat helper(float x);\ntorch::Tensor k(const torch::Tensor& t) {\n  float v = helper(1.0f);\n  (void)v;\n  return t;\n}\n',
    error: "undefined.cpp:4:13: error: 'helper' is declared but not defined (and not part of the runtime library)",
  },
  // g++ passes the proxy object itself through printf's `...` (and -Wformat warns): an error here, with the cast to write
  'varargs.cpp': {
    source: '#include <stdio.h>\n#include <torch/torch.h>\ntorch::Tensor k(const torch::Tensor& t) {\n  auto acc = t.accessor<float, 1>();\n  printf("%f\\n", acc[0]);\n  return t;\n}\n',
    error: "varargs.cpp:5:18: error: passing an object of class type 'at::TensorElementReference<float, true>' through '...' is not supported (it would pass the object, not its value); pass its value with a cast, (float)acc[0]",
  },
  'helpers-only.cpp': {
    source: '#include <torch/torch.h>\nstatic float twice(float x) { return 2 * x; }\n',
    error: `helpers-only.cpp:1:1: error: ${NO_KERNEL}`,
  },
};

describe('q7 check agrees with q7 build', function () {
  this.timeout(120_000);

  for (const [file, { source, error }] of Object.entries(REJECTED)) {
    it(`${file}: the construct build rejects is an error from check, same message and place`, async () => {
      const check = await q7(['check', file], { [file]: source });
      const build = await q7(['build', file, '-o', 'out.elf'], { [file]: source });
      assert.equal(build.code, 1);
      assert.ok(errors(build.err)[0].startsWith(error), build.err);
      assert.equal(check.code, 1, check.out);
      assert.deepEqual(errors(check.out), errors(build.err));
      assert.doesNotMatch(check.out + build.err, /internal/);
    });
  }

  for (const text of ['', '\n// nothing here\n']) {
    it(`an empty file (${JSON.stringify(text)}) gets one verdict from check, build and run`, async () => {
      const files = { 'empty.cpp': text };
      const check = await q7(['check', 'empty.cpp'], files);
      const build = await q7(['build', 'empty.cpp', '-o', 'empty.elf'], files);
      const run = await q7(['run', 'empty.cpp'], files);
      const want = [`empty.cpp:1:1: error: ${NO_KERNEL}`];
      for (const [name, r, shown] of [['check', check, check.out], ['build', build, build.err], ['run', run, run.err]] as const) {
        assert.equal(r.code, 1, `${name} exit status`);
        assert.deepEqual(errors(shown).map((l) => l.slice(0, want[0].length)), want, `${name}: ${shown}`);
      }
    });
  }

  it('a header needs no kernel of its own', async () => {
    const check = await q7(['check', 'util.h'], { 'util.h': 'static inline int twice(int x) { return 2 * x; }\n' });
    assert.deepEqual([check.code, check.out], [0, '']);
  });

  it("AWS relu.cpp's conditional on accessor element proxies: check is clean and build succeeds", async () => {
    const source = `#include <stdint.h>
#include <torch/torch.h>
torch::Tensor relu_forward(const torch::Tensor& t_in) {
  torch::Tensor t_out = torch::zeros({t_in.size(0), t_in.size(1)}, torch::kFloat);
  auto t_in_acc = t_in.accessor<float, 2>();
  auto t_out_acc = t_out.accessor<float, 2>();
  for (int i = 0; i < t_in.size(0); i++)
    for (int j = 0; j < t_in.size(1); j++)
      t_out_acc[i][j] = t_in_acc[i][j] > 0.0 ? t_in_acc[i][j] : 0.0;
  return t_out;
}
`;
    const check = await q7(['check', 'relu.cpp'], { 'relu.cpp': source });
    const build = await q7(['build', 'relu.cpp', '-o', 'relu.elf'], { 'relu.cpp': source });
    assert.deepEqual([check.code, check.out], [0, '']);
    assert.deepEqual([build.code, build.err], [0, '']);
  });
});
