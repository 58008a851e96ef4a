// -O2 with the bounds sanitizer (Q7_SANITIZE_BOUNDS): the accessors' index checks on a loop's counter
// and on its invariant indices are removed by versioning (opt/index-checks.ts). A loop whose indices
// stay in range runs without the checks: as few instructions per element as the build without the
// sanitizer, the same output, translates and enforcer behaviour as -O0; a loop whose indices leave the
// range (a start below zero, a bound past the size, a row past the rows) runs the checked
// copy, which reports exactly what -O0 reports: the same fault, index, dimension, size and line.

import { strict as assert } from 'node:assert';
import { compileSource } from './harness';
import { SANITIZE_DEFINES, launch, outputOf, specArg } from '../emulator/device/helpers';
import type { KernelArg } from '../../emulator/device';
import { SCALE_KERNEL } from '../../bench/q7-run';

/** `out[i][j] = 3 * in[i][j]` for `rows` rows and j from `from` to the columns plus `extra`. */
const SHIFTED = `#include <torch/torch.h>
torch::Tensor shifted(const torch::Tensor& t_in, int rows, int from, int extra) {
  torch::Tensor t_out = torch::zeros(t_in.sizes(), torch::kFloat);
  auto in = t_in.accessor<float, 2>();
  auto out = t_out.accessor<float, 2>();
  for (int64_t i = 0; i < rows; i++)
    for (int64_t j = from; j < t_in.size(1) + extra; j++)
      out[i][j] = 3.0f * in[i][j];
  return t_out;
}
`;

/** The scale kernel of q7 run's bench. */
const SCALE = SCALE_KERNEL;

const LINE = SHIFTED.split('\n').findIndex((l) => l.includes('out[i][j] =')) + 1;

function int32Arg(name: string, v: number): KernelArg {
  return { kind: 'scalar', name, bytes: new Uint8Array(new Int32Array([v]).buffer) };
}

interface Run {
  readonly faults: string[];
  readonly lines: number[];
  readonly bytes?: string;
  readonly translates: number;
  readonly instructions: number;
}

async function run(optimize: 0 | 2, sanitize: boolean, rows: number, from: number, extra: number, scale = false): Promise<Run> {
  const r = await compileSource(scale ? SCALE : SHIFTED, '/kernels/shifted.cpp', { optimize, defines: sanitize ? SANITIZE_DEFINES : {} });
  assert.deepEqual(r.diagnostics, [], `-O${optimize}`);
  const t = specArg('t_in', 'shape=6x40,init=randn,seed=3');
  const args = scale ? [t] : [t, int32Arg('rows', rows), int32Arg('from', from), int32Arg('extra', extra)];
  const { result, lines } = launch(r.image!, scale ? 'scale_forward' : 'shifted', args, { countTranslates: true });
  return {
    faults: lines,
    lines: result.faults.map((f) => f.location?.line ?? 0),
    bytes: result.output ? Buffer.from(outputOf(result).data).toString('hex') : undefined,
    translates: result.cores[0].translates,
    instructions: result.cores[0].instructions,
  };
}

describe('compiler -O2: index checks removed by loop versioning (bounds sanitizer on)', function () {
  this.timeout(300_000);

  it('the scale kernel: -O2 computes what -O0 does, with the instructions of the build without the sanitizer', async () => {
    const o0 = await run(0, true, 0, 0, 0, true);
    const o2 = await run(2, true, 0, 0, 0, true);
    const plain = await run(2, false, 0, 0, 0, true);
    assert.deepEqual(o2.faults, []);
    assert.equal(o2.bytes, o0.bytes);
    assert.equal(o2.translates, o0.translates);
    // 240 elements in 6 rows: the tests before each row's loop cost ~3 instructions per element here
    // (nothing at 1024 columns); the checked loop would cost ~60 more per element than the plain one
    assert.ok(o2.instructions <= plain.instructions + 240 * 5, `-O2 sanitized ${o2.instructions} vs without the sanitizer ${plain.instructions}`);
  });

  it('indices in range from a start above zero to a bound below the size: the output of -O0, no fault', async () => {
    const o0 = await run(0, true, 6, 3, -5);
    const o2 = await run(2, true, 6, 3, -5);
    assert.deepEqual(o2.faults, []);
    assert.equal(o2.bytes, o0.bytes);
    assert.equal(o2.translates, o0.translates);
  });

  const cases: { what: string; rows: number; from: number; extra: number; index: RegExp }[] = [
    { what: 'a column past the size (the loop bound)', rows: 6, from: 0, extra: 1, index: /index 40 is out of bounds for dimension 1 of size 40/ },
    { what: 'a column below zero (the loop start)', rows: 6, from: -2, extra: 0, index: /index -2 is out of bounds for dimension 1 of size 40/ },
    { what: 'a row past the rows (an invariant index)', rows: 7, from: 0, extra: 0, index: /index 6 is out of bounds for dimension 0 of size 6/ },
  ];
  for (const c of cases) {
    it(`${c.what}: the checked copy reports at -O2 exactly what -O0 reports`, async () => {
      const o0 = await run(0, true, c.rows, c.from, c.extra);
      const o2 = await run(2, true, c.rows, c.from, c.extra);
      assert.equal(o0.faults.length, 1, o0.faults.join('\n'));
      assert.match(o0.faults[0], c.index);
      assert.deepEqual(o0.lines, [LINE]);
      assert.deepEqual(o2.faults, o0.faults);
      assert.deepEqual(o2.lines, o0.lines);
      assert.equal(o2.translates, o0.translates, 'elements accessed before the fault');
    });
  }
});
