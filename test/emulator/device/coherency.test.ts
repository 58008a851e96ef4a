// The coherency enforcer on the device: each acquire rule (readers share; a writer is exclusive;
// buffered and unbuffered accessors do not mix; TCM accessors take no slot) under each policy —
// COHERENT fails at the acquiring line, INCOHERENT_VERBOSE warns, INCOHERENT_QUIET says nothing.

import { strict as assert } from 'node:assert';
import { POLICY } from '../../../target/q7/abi';
import { SANITIZERS } from '../../../emulator/device';
import { kernelImage, launch, specArg } from './helpers';

const SRC = `#include <torch/torch.h>
void k(torch::Tensor& t, int mode) {
  if (mode == 1) {
    auto r1 = t.read_stream_accessor<float>();
    auto r2 = t.read_stream_accessor<float>();
  } else if (mode == 2) {
    auto r = t.read_stream_accessor<float>();
    auto w = t.write_stream_accessor<float>();
  } else if (mode == 3) {
    auto a = t.accessor<float, 1>();
    auto r = t.read_stream_accessor<float>();
  } else if (mode == 4) {
    auto c = t.tcm_accessor();
    auto w = t.write_stream_accessor<float>();
  } else if (mode == 5) {
    auto w1 = t.write_stream_accessor<float>();
    auto w2 = t.write_stream_accessor<float>();
  } else if (mode == 6) {
    auto a1 = t.accessor<float, 1>();
    auto a2 = t.accessor<float, 1>();
  } else if (mode == 7) {
    auto a = t.accessor<float, 1>();
    for (int i = 0; i < 3; i++) {
      auto r = t.read_stream_accessor<float>();
    }
  }
}
`;
const lines = SRC.split('\n');
/** The line of the second acquire in a mode's block. */
const conflictLine = (mode: number) => lines.findIndex((l) => l.includes(`mode == ${mode}`)) + 3;
const mode = (v: number) => ({ kind: 'scalar' as const, name: 'mode', bytes: new Uint8Array(new Int32Array([v]).buffer) });

describe('device: coherency rules and policies', function () {
  this.timeout(120000);
  const cases: [number, string, boolean][] = [
    [1, 'readers share', false],
    [2, 'a writer is exclusive (reader open)', true],
    [3, 'buffered and unbuffered do not mix', true],
    [4, 'TCM accessors take no slot', false],
    [5, 'a writer is exclusive (writer open)', true],
    [6, 'standard accessors share', false],
  ];
  for (const [m, rule, conflict] of cases) {
    it(`${rule}: ${conflict ? 'conflict' : 'no conflict'} under each policy`, async () => {
      const image = await kernelImage(SRC, '/kernels/coherency.cpp');
      const args = () => [specArg('t', 'shape=16,init=arange'), mode(m)];
      const coherent = launch(image, 'k', args(), { policy: POLICY.COHERENT }, { returnsTensor: false });
      const verbose = launch(image, 'k', args(), { policy: POLICY.INCOHERENT_VERBOSE }, { returnsTensor: false });
      const quiet = launch(image, 'k', args(), { policy: POLICY.INCOHERENT_QUIET }, { returnsTensor: false });
      assert.deepEqual(quiet.lines, []);
      if (!conflict) {
        assert.deepEqual(coherent.lines, []);
        assert.deepEqual(verbose.lines, []);
        return;
      }
      assert.equal(coherent.result.faults.length, 1, coherent.lines.join('\n'));
      const f = coherent.result.faults[0];
      assert.deepEqual([f.kind, f.fatal, f.location?.line, f.tensor], ['coherency', true, conflictLine(m), 't']);
      assert.match(coherent.lines[0], /coherency\.cpp:\d+:\d+: fault coherency: /);
      const w = verbose.result.faults;
      assert.deepEqual(w.map((x) => [x.kind, x.fatal, x.location?.line]), [['coherency-warning', false, conflictLine(m)]]);
      assert.match(verbose.lines[0], /warning coherency-warning/);
    });
  }

  it('a repeated warning is reported once with its count', async () => {
    const image = await kernelImage(SRC, '/kernels/coherency.cpp');
    const r = launch(image, 'k', [specArg('t', 'shape=16'), mode(7)], { policy: POLICY.INCOHERENT_VERBOSE }, { returnsTensor: false });
    assert.deepEqual(r.result.faults.map((f) => [f.kind, f.count]), [['coherency-warning', 3]]);
    assert.match(r.lines[0], /\(3 times\)$/);
  });

  it('--no-sanitize=coherency: the device ignores the report (REPORT_IGNORED)', async () => {
    const image = await kernelImage(SRC, '/kernels/coherency.cpp');
    const r = launch(image, 'k', [specArg('t', 'shape=16'), mode(3)], { sanitize: SANITIZERS.filter((s) => s !== 'coherency') }, { returnsTensor: false });
    assert.deepEqual(r.result.faults.filter((f) => f.kind.startsWith('coherency')), []);
    const v = launch(image, 'k', [specArg('t', 'shape=16'), mode(3)], { policy: POLICY.INCOHERENT_VERBOSE, sanitize: SANITIZERS.filter((s) => s !== 'coherency') }, { returnsTensor: false });
    assert.deepEqual(v.lines, []);
  });
});
