// session/ KernelSession: a run interrupted any number of times equals one uninterrupted run
// (instructions, interleaving, output); breakpoints from the line table stop at their line; a fault
// stops the run with the core inspectable at the faulting line; bad launch input is a SessionError
// naming the field.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KernelSession, SessionError, resolveLine, deviceSymbols, defaultInstructionLimit } from '../../session';
import { callStack } from '../../emulator/device/stack';
import { EXAMPLES, ISSUE_1019, kernelImage } from '../emulator/device/helpers';

const noFiles = (p: string): Uint8Array => {
  throw new Error(`no file ${p}`);
};
const RELU = fs.readFileSync(path.join(EXAMPLES, 'relu.cpp'), 'utf8');
const MULTI = fs.readFileSync(path.join(EXAMPLES, 'relu_multicore.cpp'), 'utf8');

describe('session: KernelSession', function () {
  this.timeout(120_000);

  it('a multicore run cut into 997-instruction slices retires exactly what one run retires', async () => {
    const image = await kernelImage(MULTI, '/kernels/relu_multicore.cpp');
    const opts = { file: 'relu_multicore.cpp', args: [{ shape: [16, 64], init: 'randn', seed: 3 }], cores: 8 };
    const whole = KernelSession.open(image, opts, noFiles).run();
    const sliced = KernelSession.open(image, opts, noFiles);
    let stops = 0;
    while (sliced.runUntil({ budget: 997 }).kind === 'budget') stops++;
    const r = sliced.finish();
    assert.ok(stops > 20, `only ${stops} slices`);
    assert.equal(r.fatal, false, JSON.stringify(r.device.faults));
    assert.deepEqual(r.device.cores.map((c) => c.instructions), whole.device.cores.map((c) => c.instructions));
    assert.deepEqual(r.output!.shape, [16, 64]);
    assert.deepEqual([...r.output!.data], [...whole.output!.data]);
    const x = new Float32Array(r.output!.data.buffer, r.output!.data.byteOffset, 16 * 64);
    assert.ok(x.every((v) => v >= 0) && x.some((v) => v > 0), 'ReLU output');
  });

  it('stops at a source breakpoint at its line, on every iteration, and the run ends as without it', async () => {
    const image = await kernelImage(RELU, '/kernels/relu.cpp');
    const s = KernelSession.open(image, { file: 'relu.cpp', fn: 'relu_forward', args: ['shape=2x3,init=arange'] }, noFiles);
    const bp = resolveLine(s.debug, 'relu.cpp', 12);
    assert.ok(bp, 'line 12 has code');
    assert.equal(bp.line, 12);
    const core = s.device.cores[0];
    for (const a of bp.addresses) core.m.addBreakpoint(a);
    const symbols = deviceSymbols(s.debug);
    let hits = 0;
    for (;;) {
      const stop = s.runUntil();
      if (stop.kind === 'done') break;
      assert.equal(stop.kind, 'breakpoint');
      assert.equal(symbols.locate(callStack(core.m).map((f) => f.pc))?.line, 12);
      hits++;
    }
    assert.equal(hits, 6, 'one stop per element of a 2x3 tensor');
    const r = s.finish();
    assert.deepEqual([...new Float32Array(r.output!.data.buffer, r.output!.data.byteOffset, 6)], [0, 1, 2, 3, 4, 5]);
    assert.equal(s.finish(), r, 'finish() is idempotent');
  });

  it('stops on a fault with the faulting core inspectable at the line, then ends the run', async () => {
    const image = await kernelImage(ISSUE_1019, '/kernels/fill3.cpp');
    const s = KernelSession.open(image, { file: 'fill3.cpp', args: ['shape=2,init=zeros'] }, noFiles);
    const stop = s.runUntil({ stopOnFault: true });
    assert.equal(stop.kind, 'fault');
    if (stop.kind !== 'fault') return;
    assert.equal(stop.fault.kind, 'out-of-bounds');
    assert.equal(stop.fault.location?.line, 6);
    const loc = deviceSymbols(s.debug).locate(callStack(s.device.cores[stop.core].m).map((f) => f.pc));
    assert.equal(loc?.line, 6, 'the stopped core is still at the faulting line');
    assert.equal(s.runUntil().kind, 'done');
    const r = s.finish();
    assert.equal(r.fatal, true);
    assert.equal(r.output, undefined);
  });

  it('the default instruction limit grows with the tensors; an explicit one replaces it and its timeout says no more', async () => {
    const image = await kernelImage(RELU, '/kernels/relu.cpp');
    const s = KernelSession.open(image, { file: 'relu.cpp', fn: 'relu_forward', args: ['shape=64x64,init=randn'] }, noFiles);
    assert.equal(s.device.options.maxInstructions, defaultInstructionLimit(2 * 64 * 64), 'argument and destination elements');
    assert.ok(s.device.options.limitNote?.includes('--max-insns'), s.device.options.limitNote);
    // A 4096x4096 scale kernel at -O2 needs ~246 instructions per element: 4.1e9, past a fixed 4e9.
    assert.ok(defaultInstructionLimit(2 * 4096 * 4096) > 1000 * 4096 * 4096);
    const short = KernelSession.open(image, { file: 'relu.cpp', fn: 'relu_forward', args: ['shape=64x64,init=randn'], maxInstructions: 5000 }, noFiles).run();
    const timeout = short.device.faults.find((f) => f.kind === 'timeout');
    assert.equal(timeout?.message, 'no exit after 5000 instructions');
  });

  it('resultData false gives the returned tensor\'s dtype and shape without its bytes, and with --expect reads them for the comparison', async () => {
    const image = await kernelImage(RELU, '/kernels/relu.cpp');
    const opts = { file: 'relu.cpp', fn: 'relu_forward', args: [{ shape: [8, 32], init: 'randn' as const, seed: 2 }] };
    const full = KernelSession.open(image, opts, noFiles).run();
    const bare = KernelSession.open(image, { ...opts, resultData: false }, noFiles).run();
    assert.equal(full.fatal, false, JSON.stringify(full.device.faults));
    assert.equal(full.output!.data.length, 8 * 32 * 4);
    assert.deepEqual(full.outputType, { dtype: full.output!.dtype, shape: [8, 32] });
    assert.equal(bare.output, undefined);
    assert.equal(bare.device.output, undefined);
    assert.deepEqual(bare.outputType, full.outputType);
    assert.deepEqual(bare.device.outputType, full.device.outputType);
    assert.deepEqual(bare.device.cores, full.device.cores);
    const compared = KernelSession.open(image, { ...opts, resultData: false, expect: 'shape=8x32,init=zeros' }, noFiles).run();
    assert.deepEqual([...compared.output!.data], [...full.output!.data]);
    assert.equal(compared.comparison?.ok, false, 'ReLU of randn is not all zeros');
  });

  it('bad launch input is a SessionError naming the argument', async () => {
    const image = await kernelImage(RELU, '/kernels/relu.cpp');
    assert.throws(() => KernelSession.open(image, { file: 'relu.cpp', fn: 'relu_forward', args: [] }, noFiles), (e: unknown) => e instanceof SessionError && e.field === 'args' && /takes 1 argument, 0 given/.test(e.message));
    assert.throws(() => KernelSession.open(image, { file: 'relu.cpp', fn: 'relu_forward', args: [2.5] }, noFiles), (e: unknown) => e instanceof SessionError && e.field === 'args[0]' && /expects a tensor/.test(e.message));
    assert.throws(() => KernelSession.open(image, { file: 'relu.cpp', fn: 'relu_forward', args: [{ shape: [2, -1] }] }, noFiles), (e: unknown) => e instanceof SessionError && /shape: expected non-negative integers/.test(e.message));
    assert.throws(() => KernelSession.open(image, { file: 'relu.cpp', fn: 'nope', args: [] }, noFiles), (e: unknown) => e instanceof SessionError && e.field === 'function');
  });
});
