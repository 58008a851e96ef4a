// -O1: scalar locals whose address is not taken live in virtual registers (the most used in a2..a7),
// with DWARF locations that say so; address-taken locals stay in their frame slots. Results equal -O0
// (the differential corpus runs both); here: the promotion itself, its debug information, and a
// kernel image built at -O1 running the same as at -O0.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEVICE_CALL, NEURON_TRANSLATE_SYMBOL, SCALAR_TYPE } from '../../target/q7/abi';
import { promoteLocals } from '../../compiler/opt/promote';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { compileSource, runImage } from './harness';
import { KernelHost } from './kernel-host';

const PROGRAM = `#include <stdio.h>
int sum(int n) {
  int s = 0;
  int kept = 1;
  int* p = &kept;
  for (int i = 0; i < n; i++) s += i * 3 + *p;
  long long wide = s;
  return (int)wide;
}
int main() { printf("%d\\n", sum(10000)); return 0; }
`;

describe('compiler -O1', function () {
  this.timeout(120_000);

  it('gives the same output as -O0 with fewer instructions retired', async () => {
    const r = await compileSource(PROGRAM, '/t/o1.cpp', { optimize: 1 });
    assert.deepEqual(r.diagnostics, []);
    const o0 = await compileSource(PROGRAM, '/t/o1.cpp');
    assert.equal(runImage(r).stdout, '149995000\n');
    assert.equal(runImage(o0).stdout, '149995000\n');
    assert.ok(runImage(r).instructions < runImage(o0).instructions * 0.95, 'fewer instructions retired at -O1');
  });

  it('the IR pass promotes whole-slot scalar accesses only', async () => {
    const { sharedFrontend } = await import('../language/grammar');
    const { translateUnit } = await import('../../compiler/translate');
    const { runtimeLibrary } = await import('../../compiler/runtime/library');
    const { memoryHost } = await import('../../language');
    const fe = await sharedFrontend();
    const unit = translateUnit(fe, '/t/o1.cpp', memoryHost({ '/t/o1.cpp': PROGRAM }), { runtime: runtimeLibrary(fe).functions, prefix: 'u' });
    const f = unit.module!.funcs.find((x) => x.symbol === '_Z3sumi')!;
    const before = f.slots.map((s) => s.name).sort();
    assert.equal(promoteLocals(f), before.length - 1);
    assert.deepEqual(f.slots.map((s) => s.name), ['kept']);
    assert.deepEqual(f.debugVars.filter((d) => d.vreg).map((d) => d.name).sort(), ['i', 'n', 'p', 's', 'wide']);
    const vol = translateUnit(fe, '/t/v.cpp', memoryHost({ '/t/v.cpp': 'int g(int n) { volatile int v = n; int w = v; return w; }\n' }), { runtime: runtimeLibrary(fe).functions, prefix: 'u' });
    const gf = vol.module!.funcs.find((x) => x.symbol === '_Z1gi')!;
    promoteLocals(gf);
    assert.deepEqual(gf.slots.map((s) => s.name), ['v'], 'the volatile local stays in memory');
  });

  it('DWARF: promoted variables in registers (DW_OP_reg) or frame homes, address-taken ones in their slot; readelf accepts it', async function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const r = await compileSource(PROGRAM, '/t/o1.cpp', { optimize: 1 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-o1-'));
    try {
      const file = path.join(dir, 'o1.elf');
      fs.writeFileSync(file, r.elf!);
      const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info', file], { encoding: 'utf8' });
      assert.equal(out.stderr, '');
      const loc = (name: string) => new RegExp(`DW_AT_name +: \\(indirect string, offset: 0x[0-9a-f]+\\): ${name}\\n(?:.*\\n)*?.*DW_AT_location +: [^\\n]*\\((DW_OP_[a-z]+[0-9]*)`).exec(out.stdout)?.[1];
      // the most used variables get a2..a7 (two of them stay for temporaries); the others a frame home
      for (const v of ['s', 'i']) assert.match(loc(v) ?? '', /^DW_OP_reg[2-7]$/, `${v} is in a register`);
      for (const v of ['n', 'p', 'wide']) assert.match(loc(v) ?? '', /^DW_OP_(reg[2-7]|fbreg)$/, `${v} has a location`);
      assert.equal(loc('kept'), 'DW_OP_fbreg');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a kernel image built at -O1 computes what -O0 computes, through the same accessor path', async () => {
    const src = `#include <stdio.h>
#include <torch/torch.h>
void sum2d(const torch::Tensor& t) {
  auto a = t.accessor<float, 2>();
  float s = 0.0f;
  for (int64_t i = 0; i < t.size(0); i++)
    for (int64_t j = 0; j < t.size(1); j++) s += a[i][j] * (float)(i + 1);
  printf("%d\\n", (int)s);
}
`;
    const results = [];
    for (const optimize of [0, 1] as const) {
      const r = await compileSource(src, '/t/k.cpp', { optimize });
      assert.deepEqual(r.diagnostics, []);
      const host = new KernelHost(r.image!, { windowSize: 0x40, windowCount: 2, logSize: 64 });
      host.count(r.image!, NEURON_TRANSLATE_SYMBOL);
      const impl = host.tensorImpl([4, 6], SCALAR_TYPE.Float, 4);
      host.writeFloats(impl, Array.from({ length: 24 }, (_, i) => i));
      const argv = host.alloc(4);
      host.m.write32(argv, host.handle(impl));
      host.launch('opcode', 1);
      host.launch('argv', argv);
      assert.equal(host.run().exitCode, 0);
      results.push([host.logText(), host.calls.get(NEURON_TRANSLATE_SYMBOL), host.callsOf(DEVICE_CALL.mapWindow).length, host.m.instructionCount]);
    }
    assert.deepEqual(results[1].slice(0, 3), results[0].slice(0, 3));
    assert.equal(results[0][0], '870\n');
    assert.equal(results[0][1], 24);
    assert.ok((results[1][3] as number) < (results[0][3] as number), 'the -O1 kernel retires fewer instructions');
  });
});
