// The example kernels (modelled on the public AWS samples) behave as their authors expect: the
// single-core accessor ReLU, the TCM ReLU, the stream kernel and the RNN cell give no diagnostics; the
// multicore ReLU gives none in multicore mode, where the single-core ReLU is rightly refused. `q7 check`
// prints the domain diagnostics with their codes.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { memoryHost } from '../../../language';
import { checkedDiagnostics } from '../../../language/checks';
import { checkCommand } from '../../../cli/commands/check';
import type { CliIO } from '../../../cli/io';
import { sharedFrontend } from '../grammar';

const KERNELS = path.join(__dirname, '..', '..', '..', '..', 'examples', 'kernels');

async function diagnose(name: string, multicore: boolean): Promise<string[]> {
  const fe = await sharedFrontend();
  const file = path.join(KERNELS, name);
  const a = fe.analyze(file, memoryHost({ [file]: fs.readFileSync(file, 'utf8') }));
  return checkedDiagnostics(a, { multicore }).map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1} ${d.severity} ${d.code}`);
}

describe('language/checks on the example kernels', function () {
  this.timeout(60000);

  for (const name of ['relu.cpp', 'relu_tcm.cpp', 'stream_scale.cpp', 'rnn_cell.cpp']) {
    it(`${name}: no diagnostics in single-core mode`, async () => {
      assert.deepEqual(await diagnose(name, false), []);
    });
  }

  it('relu_multicore.cpp: no diagnostics in multicore mode', async () => {
    assert.deepEqual(await diagnose('relu_multicore.cpp', true), []);
  });

  it('relu.cpp in multicore mode: its accessors and its missing get_dst_tensor are errors', async () => {
    assert.deepEqual(await diagnose('relu.cpp', true), [
      '5:15 error Q7-M006',
      '7:13 error Q7-M006',
      '8:14 error Q7-M006',
      '18:15 error Q7-M006',
      '20:15 error Q7-M006',
      '21:13 error Q7-M006',
      '22:14 error Q7-M006',
    ]);
  });

  it('q7 check prints domain diagnostics with their codes and exits 1 on errors', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-check-'));
    const file = path.join(dir, 'k.cpp');
    fs.writeFileSync(file, '#include <torch/torch.h>\nvoid f(torch::Tensor& t) {\n  auto w = t.write_stream_accessor<float>();\n  auto a = t.accessor<float, 1>();\n}\n');
    let out = '';
    const io: CliIO = { stdout: (s) => void (out += s), stderr: () => undefined, readFile: (p) => fs.readFileSync(p), writeFile: () => undefined };
    try {
      assert.equal(await checkCommand.run([file], io), 1);
      assert.deepEqual(out.split('\n'), [
        `${file}:4:12: error: standard accessor 'a' conflicts with write stream 'w', still open on 't' [Q7-C005]`,
        `${file}:3:12: note: write stream 'w' on 't' opened here`,
        '  note: a write stream must be the only accessor of its tensor: it collects writes in a 4 KB TCM buffer and flushes them on close(), so every other accessor sees stale data or has its own writes overwritten',
        '  note: under the COHERENT policy the op fails at run time on the device, without a line number',
        '  help: call w.close() before opening this one, or give one of them its own { } scope',
        '',
      ]);
      out = '';
      assert.equal(await checkCommand.run(['--format', 'json', file], io), 1);
      const [d] = JSON.parse(out);
      assert.deepEqual([d.line, d.column, d.endColumn, d.code, d.message], [4, 12, 34, 'Q7-C005', "standard accessor 'a' conflicts with write stream 'w', still open on 't'"]);
      assert.deepEqual(d.notes[0], { message: "write stream 'w' on 't' opened here", file, line: 3, column: 12, endLine: 3, endColumn: 44 });
      assert.equal(d.notes.length, 3);
      assert.equal(d.help, 'call w.close() before opening this one, or give one of them its own { } scope');
      assert.equal(d.url, 'https://github.com/q7-studio/q7-studio/blob/main/docs/diagnostics/Q7-C005.md');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
