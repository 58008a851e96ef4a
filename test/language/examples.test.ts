// The example kernels check clean, through the front-end and through `q7 check`.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryHost } from '../../language';
import { checkCommand } from '../../cli/commands/check';
import type { CliIO } from '../../cli/io';
import { sharedFrontend } from './grammar';

const ROOT = path.join(__dirname, '..', '..', '..');
const KERNELS = path.join(ROOT, 'examples', 'kernels');

function captureIO(files: Record<string, string>): CliIO & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout(t: string) { io.out += t; },
    stderr(t: string) { io.err += t; },
    readFile(p: string): Uint8Array {
      if (p in files) return Buffer.from(files[p]);
      return fs.readFileSync(p);
    },
    writeFile() {},
  };
  return io;
}

describe('examples/kernels', function () {
  this.timeout(60000);
  const names = fs.readdirSync(KERNELS).filter((f) => f.endsWith('.cpp')).sort();

  it('has the eight example kernels', () => {
    assert.deepEqual(names, ['count_max_ivp.cpp', 'mul_q15_ivp.cpp', 'relu.cpp', 'relu_ivp.cpp', 'relu_multicore.cpp', 'relu_tcm.cpp', 'rnn_cell.cpp', 'stream_scale.cpp']);
  });

  for (const name of names) {
    it(`${name} checks with no diagnostics and defines its kernel`, async () => {
      const fe = await sharedFrontend();
      const file = path.join(KERNELS, name);
      const a = fe.analyze(file, memoryHost({ [file]: fs.readFileSync(file, 'utf8') }));
      assert.deepEqual(a.diagnostics.map((d) => d.message), []);
      assert.ok(a.model.functions.length >= 1);
      assert.ok(a.model.functions.every((f) => f.ret.kind === 'class' && f.ret.decl.qualifiedName === 'at::Tensor'));
    });
  }

  it('q7 check prints nothing and exits 0 on the examples', async () => {
    const io = captureIO({});
    const code = await checkCommand.run(names.map((n) => path.join(KERNELS, n)), io);
    assert.deepEqual([code, io.out], [0, '']);
  });

  it('q7 check prints file:line:col: severity: message [code], note: and help: lines, and exits 1 on errors; --format json', async () => {
    // The read-only domain check explains (and replaces) the front-end's static_assert failure.
    const src = '#include <torch/torch.h>\nvoid f(const torch::Tensor& t) {\n  t.accessor<float, 1>()[0] = 2.0f;\n}\n';
    const io = captureIO({ 'bad.cpp': src });
    assert.equal(await checkCommand.run(['bad.cpp'], io), 1);
    assert.deepEqual(io.out.split('\n'), [
      "bad.cpp:3:3: error: write through read-only accessor 't.accessor<float, 1>()' [Q7-A002]",
      "bad.cpp:2:29: note: 't' is a const torch::Tensor&, so accessor<float, 1>() returns TensorAccessor<float, 1, true> (read-only)",
      '  note: the device library rejects the write at compile time (static_assert in TensorElementReference::operator=)',
      "  help: take 't' as torch::Tensor& (non-const) if it is the kernel's output; otherwise write into a tensor you own (torch::zeros(...), get_dst_tensor())",
      '',
    ]);
    const j = captureIO({ 'bad.cpp': src });
    assert.equal(await checkCommand.run(['--format', 'json', 'bad.cpp'], j), 1);
    const [d, ...more] = JSON.parse(j.out) as Record<string, unknown>[];
    assert.deepEqual(more, []);
    assert.deepEqual(Object.keys(d).sort(), ['code', 'column', 'endColumn', 'endLine', 'file', 'help', 'line', 'message', 'notes', 'severity', 'url']);
    assert.deepEqual([d.file, d.line, d.column, d.endLine, d.endColumn, d.severity], ['bad.cpp', 3, 3, 3, 35, 'error']);
    assert.deepEqual(d.notes, [
      { message: "'t' is a const torch::Tensor&, so accessor<float, 1>() returns TensorAccessor<float, 1, true> (read-only)", file: 'bad.cpp', line: 2, column: 29, endLine: 2, endColumn: 30 },
      { message: 'the device library rejects the write at compile time (static_assert in TensorElementReference::operator=)' },
    ]);
    assert.equal(d.url, 'https://github.com/q7-studio/q7-studio/blob/main/docs/diagnostics/Q7-A002.md');
  });

  it('q7 check honours -D and -I, and rejects bad usage with UsageError (exit 2)', async () => {
    const io = captureIO({ 'k.cpp': '#include "mine.h"\n#if STACK_SIZE > 8192\nint big = MINE;\n#else\nint small = ;\n#endif\nint main() { return big; }\n', 'inc/mine.h': '#define MINE 3\n' });
    assert.equal(await checkCommand.run(['-I', 'inc', '-DSTACK_SIZE=65536', 'k.cpp'], io), 0);
    await assert.rejects(() => Promise.resolve(checkCommand.run([], captureIO({}))), /no input files/);
    await assert.rejects(() => Promise.resolve(checkCommand.run(['--format', 'xml', 'k.cpp'], captureIO({}))), /unknown format/);
  });
});
