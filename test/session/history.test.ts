// session/ history: step back and reverse continue by snapshots and deterministic re-execution. The
// state (every core's registers, PC, counters, local memory, window table, HBM, faults) at positions
// recorded going forward equals the state after going back to them; going back then forward again
// ends the run as a straight run does; reverse continue lands on the previous breakpoint/watchpoint
// hit (PC, line, the loop variable in its stack slot); the interpreter and compiled blocks agree.

import * as assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KernelSession, resolveLine, type SessionOptions } from '../../session';
import type { Device } from '../../emulator/device';
import type { Machine } from '../../emulator/machine';
import { SR_BY_NAME, UR_BY_NAME } from '../../xtensa/isa';
import { EXAMPLES, kernelImage } from '../emulator/device/helpers';
import type { ElfImage } from '../../xtensa/elf/types';

const noFiles = (p: string): Uint8Array => {
  throw new Error(`no file ${p}`);
};
const RELU = fs.readFileSync(path.join(EXAMPLES, 'relu.cpp'), 'utf8');
const MULTI = fs.readFileSync(path.join(EXAMPLES, 'relu_multicore.cpp'), 'utf8');

const hash = (h: crypto.Hash) => h.digest('hex').slice(0, 16);
const nonZero = (b: Uint8Array) => b.some((x) => x !== 0);

/** Registers (physical ARs, PC, special/user/FP registers, counters) of one core, read through the Machine's API. */
function registers(m: Machine): string {
  const v: (number | string)[] = [m.pc, m.stepCount, m.instructionCount];
  for (let i = 0; i < m.config.nareg; i++) v.push(m.readPhysAR(i));
  for (let i = 0; i < 16; i++) v.push(m.readAR(i), m.readFR(i));
  for (const name of SR_BY_NAME.keys()) {
    try {
      v.push(`${name}=${m.readSR(name)}`);
    } catch {
      // not a register of this core
    }
  }
  for (const name of UR_BY_NAME.keys()) {
    try {
      v.push(`${name}=${m.readUR(name)}`);
    } catch {
      // not a register of this core
    }
  }
  return v.join(',');
}

interface Digest {
  readonly position: number;
  readonly registers: string[];
  readonly memory: string[];
  readonly windows: string[];
  readonly hbm: string;
  readonly rest: string;
}

/** A digest of the device's state, read through public APIs (not through the snapshot code). */
function digest(d: Device): Digest {
  const memory: string[] = [];
  const windows: string[] = [];
  for (const c of d.cores) {
    const h = crypto.createHash('sha256');
    for (const p of c.m.memory.pages()) if (!p.aliased && nonZero(p.bytes)) h.update(`${p.n}:`).update(p.bytes);
    memory.push(hash(h));
    const w = c.windows;
    windows.push(JSON.stringify({ e: w.entries, live: [...w.liveSlots()], stale: [...w.stale], stats: w.stats }));
  }
  const hb = crypto.createHash('sha256');
  for (const p of d.hbm.pageEntries()) if (nonZero(p.bytes)) hb.update(`${p.n}:`).update(p.bytes);
  const rest = JSON.stringify({
    faults: d.faults.faults, done: d.cores.map((c) => [c.done, c.exitCode, c.stats, c.logPrinted, [...c.tcmLive], [...c.tcmFreed], c.translateCounter?.count]),
    tensors: d.hbm.tensors, init: [...d.hbm.initShadow.keys()], writers: [...d.hbm.writerShadow].map(([n, a]) => [n, hash(crypto.createHash('sha256').update(a))]),
  });
  return { position: d.position, registers: d.cores.map((c) => registers(c.m)), memory, windows, hbm: hash(hb), rest };
}

function assertSame(got: Digest, want: Digest, what: string): void {
  assert.equal(got.position, want.position, `${what}: position`);
  got.registers.forEach((r, k) => assert.equal(r, want.registers[k], `${what}: registers of core ${k}`));
  assert.deepEqual(got.memory, want.memory, `${what}: local memory`);
  assert.deepEqual(got.windows, want.windows, `${what}: window tables`);
  assert.equal(got.hbm, want.hbm, `${what}: HBM`);
  assert.equal(got.rest, want.rest, `${what}: faults, books, tensors, shadows`);
}

/** Straight (unrecorded) run of `image` to `position`, for comparison. */
function straightTo(image: ElfImage, opts: SessionOptions, position: number): Digest {
  const s = KernelSession.open(image, { ...opts, history: undefined }, noFiles);
  s.runUntil({ budget: position });
  assert.equal(s.position, position);
  return digest(s.device);
}

describe('session: history (step back, reverse continue)', function () {
  this.timeout(300_000);

  it('single core: going back to recorded positions restores the whole state; then the run ends as a straight run', async () => {
    const image = await kernelImage(RELU, '/kernels/relu.cpp');
    const opts: SessionOptions = { file: 'relu.cpp', fn: 'relu_forward', args: [{ shape: [8, 8], init: 'randn', seed: 5 }], history: { interval: 5000 } };
    const straight = KernelSession.open(image, { ...opts, history: undefined }, noFiles).run();
    const s = KernelSession.open(image, opts, noFiles);
    const seen: Digest[] = [];
    for (let k = 0; k < 6; k++) {
      s.runUntil({ budget: 7919 });
      seen.push(digest(s.device));
      s.runUntil({ budget: 1 });
      seen.push(digest(s.device));
    }
    s.runUntil({ budget: 20_000 });
    const far = digest(s.device);
    assert.ok(s.history!.snapshotCount >= 10, `${s.history!.snapshotCount} snapshots`);
    for (const k of [3, 0, 11, 6, 7, 1, 10]) {
      s.runToPosition(seen[k].position);
      assertSame(digest(s.device), seen[k], `runToPosition(${seen[k].position})`);
    }
    // step back from each "+1" position lands on the position before it
    for (const k of [9, 5, 1]) {
      s.runToPosition(seen[k].position);
      const r = s.stepBack(0);
      assert.deepEqual(r, { kind: 'step', core: 0, position: seen[k - 1].position });
      assertSame(digest(s.device), seen[k - 1], `stepBack to ${seen[k - 1].position}`);
    }
    s.runToPosition(far.position);
    assertSame(digest(s.device), far, 'forward again to the furthest point');
    // from an earlier point, run to the end: the same output and instruction counts as a straight run
    s.runToPosition(seen[4].position);
    const r = s.run();
    assert.equal(r.fatal, false);
    assert.deepEqual(r.device.cores.map((c) => c.instructions), straight.device.cores.map((c) => c.instructions));
    assert.deepEqual([...r.output!.data], [...straight.output!.data]);
  });

  it('8 cores: positions recorded (with a one-core stretch) are restored exactly; step back of one core; the end equals a straight run', async () => {
    const image = await kernelImage(MULTI, '/kernels/relu_multicore.cpp');
    const opts: SessionOptions = { file: 'relu_multicore.cpp', args: [{ shape: [16, 64], init: 'randn', seed: 3 }], cores: 8, quantum: 997, history: { interval: 4000 } };
    const straight = KernelSession.open(image, { ...opts, history: undefined }, noFiles).run();
    const total = straight.device.cores.reduce((n, c) => n + c.instructions, 0);
    const s = KernelSession.open(image, opts, noFiles);
    const seen: Digest[] = [];
    for (let k = 0; k < 5; k++) {
      s.runUntil({ budget: Math.floor(total / 12) });
      seen.push(digest(s.device));
    }
    // one core alone for a while (the others stand), then all again
    s.runUntil({ budget: 3001, cores: [3] });
    seen.push(digest(s.device));
    s.runUntil({ budget: 5003 });
    seen.push(digest(s.device));
    assert.ok(seen[seen.length - 1].position < total, 'still running');
    for (const k of [2, 6, 0, 5, 4, 1, 3]) {
      s.runToPosition(seen[k].position);
      assertSame(digest(s.device), seen[k], `runToPosition(${seen[k].position}) on 8 cores`);
    }
    // a straight run to the same position agrees too (before the one-core stretch the schedule is the default one)
    assertSame(straightTo(image, opts, seen[2].position), seen[2], 'straight run vs recorded');
    // step back core 5 from the end of the recording: its instruction count goes down by one
    s.runToPosition(seen[6].position);
    const before = s.device.cores[5].m.stepCount;
    const back = s.stepBack(5);
    assert.equal(back.kind, 'step');
    assert.equal(s.device.cores[5].m.stepCount, before - 1);
    assert.ok(back.position < seen[6].position);
    const there = digest(s.device);
    s.runToPosition(seen[6].position);
    s.runToPosition(back.position);
    assertSame(digest(s.device), there, 'the step-back point again');
    // run on to the end from there: same result and per-core counts as straight (the schedule differs only in when, not what)
    s.runToPosition(seen[3].position);
    const r = s.run();
    assert.equal(r.fatal, false, JSON.stringify(r.device.faults));
    assert.deepEqual(r.device.cores.map((c) => c.instructions), straight.device.cores.map((c) => c.instructions));
    assert.deepEqual([...r.output!.data], [...straight.output!.data]);
  });

  it('reverse continue lands on the previous breakpoint hit: PC, line, the loop variable in its stack slot; a watchpoint too', async () => {
    const image = await kernelImage(RELU, '/kernels/relu.cpp');
    const opts: SessionOptions = { file: 'relu.cpp', fn: 'relu_forward', args: ['shape=2x3,init=arange'], history: { interval: 3000 } };
    const s = KernelSession.open(image, opts, noFiles);
    const bp = resolveLine(s.debug, 'relu.cpp', 11)!;
    const m = s.device.cores[0].m;
    for (const a of bp.addresses) m.addBreakpoint(a);
    const frames: { position: number; pc: number; sp: number; stack: Uint8Array }[] = [];
    for (let k = 0; k < 6; k++) {
      const stop = s.runUntil();
      assert.equal(stop.kind, 'breakpoint');
      const sp = m.readAR(1);
      frames.push({ position: s.position, pc: m.pc, sp, stack: m.readMemory(sp, 256)! });
    }
    // the slot of j: an int64 that reads 0,1,2,0,1,2 at the six hits (i: 0,0,0,1,1,1)
    const i64 = (b: Uint8Array, o: number) => new DataView(b.buffer, b.byteOffset).getUint32(o, true) + new DataView(b.buffer, b.byteOffset).getInt32(o + 4, true) * 2 ** 32;
    const slots = [...Array(31).keys()].map((k) => k * 8).filter((o) => frames.every((f, k) => f.sp === frames[0].sp && i64(f.stack, o) === k % 3));
    assert.ok(slots.length >= 1, 'the stack slot of j');
    const jSlot = frames[0].sp + slots[0];
    const jNow = () => i64(m.readMemory(jSlot, 8)!, 0);
    const line = () => s.debug.locate(m.pc)?.line;
    for (let k = 4; k >= 0; k--) {
      const r = s.reverseContinue();
      assert.equal(r.kind, 'breakpoint');
      if (r.kind !== 'breakpoint') return;
      assert.equal(r.position, frames[k].position, `hit ${k}`);
      assert.equal(r.pc, frames[k].pc);
      assert.equal(m.pc, frames[k].pc);
      assert.equal(line(), 11);
      assert.equal(jNow(), k % 3, `j at hit ${k}`);
      assert.equal(s.position, frames[k].position);
    }
    assert.equal(s.reverseContinue().kind, 'start', 'no hit before the first');
    assert.equal(s.position, 0);
    // forward again from the start: the same hits at the same positions
    for (let k = 0; k < 3; k++) {
      assert.equal(s.runUntil().kind, 'breakpoint');
      assert.equal(s.position, frames[k].position);
      assert.equal(jNow(), k);
    }
    // a write watchpoint on j: reverse continue (breakpoints off) lands just after the j++ that made it 2
    for (const a of bp.addresses) m.removeBreakpoint(a);
    const id = m.addWatchpoint(jSlot, 8, { write: true });
    const w = s.reverseContinue();
    assert.equal(w.kind, 'watchpoint');
    if (w.kind !== 'watchpoint') return;
    assert.equal(w.id, id);
    assert.ok(w.position < frames[2].position && w.position > frames[1].position);
    assert.equal(jNow(), 2);
    assert.equal(s.position, w.position);
    m.removeWatchpoint(id);
    const r = s.run();
    assert.deepEqual([...new Float32Array(r.output!.data.buffer, r.output!.data.byteOffset, 6)], [0, 1, 2, 3, 4, 5]);
  });

  it('source-line step back lands on the first instruction of the previous line run', async () => {
    const image = await kernelImage(RELU, '/kernels/relu.cpp');
    const opts: SessionOptions = { file: 'relu.cpp', fn: 'relu_forward', args: ['shape=2x3,init=arange'], history: { interval: 2000 } };
    const s = KernelSession.open(image, opts, noFiles);
    const lineOf = (mm: Machine) => {
      const loc = s.debug.locate(mm.pc);
      return loc && loc.file.endsWith('relu.cpp') ? loc.line : undefined;
    };
    // forward with a trace: the position and line of every core-0 instruction up to the 3rd stop on line 12
    const m = s.device.cores[0].m;
    const trail: { position: number; line: number | undefined }[] = [];
    m.trace = (_e, mm) => trail.push({ position: s.device.position, line: lineOf(mm) });
    for (const a of resolveLine(s.debug, 'relu.cpp', 12)!.addresses) m.addBreakpoint(a);
    for (let k = 0; k < 3; k++) assert.equal(s.runUntil().kind, 'breakpoint');
    m.trace = null;
    m.clearBreakpoints();
    const here = s.position;
    const lined = trail.filter((t) => t.line !== undefined && t.position < here);
    // before here: skip the current line's run (12), then the previous line's run; land on its first instruction
    let k = lined.length - 1;
    while (lined[k].line === 12) k--;
    const prevLine = lined[k].line;
    while (k > 0 && lined[k - 1].line === prevLine) k--;
    const firstOfRun = lined[k].position;
    assert.equal(prevLine, 11);
    const r = s.stepBackLine(0, lineOf);
    assert.deepEqual(r, { kind: 'step', core: 0, position: firstOfRun });
    assert.equal(lineOf(m), 11);
  });

  it('compiled blocks and the interpreter reach the same states; a restored JIT run equals an interpreter run', async () => {
    const image = await kernelImage(MULTI, '/kernels/relu_multicore.cpp');
    const base: SessionOptions = { file: 'relu_multicore.cpp', args: [{ shape: [8, 64], init: 'randn', seed: 9 }], cores: 8, quantum: 1499 };
    const jit = KernelSession.open(image, { ...base, history: { interval: 2500 } }, noFiles);
    const interp = KernelSession.open(image, { ...base, jit: false }, noFiles);
    const points: Digest[] = [];
    for (let k = 0; k < 4; k++) {
      jit.runUntil({ budget: 6007 });
      interp.runUntil({ budget: 6007 });
      const a = digest(jit.device);
      assertSame(a, digest(interp.device), `JIT vs interpreter at ${a.position}`);
      points.push(a);
    }
    for (const p of [points[1], points[0], points[2]]) {
      jit.runToPosition(p.position);
      assertSame(digest(jit.device), p, `JIT restored to ${p.position}`);
    }
    const r1 = jit.run();
    const r2 = interp.run();
    assert.deepEqual([...r1.output!.data], [...r2.output!.data]);
    assert.deepEqual(r1.device.cores.map((c) => c.instructions), r2.device.cores.map((c) => c.instructions));
  });

  it('history is off unless asked for; going back without it is an error', async () => {
    const image = await kernelImage(RELU, '/kernels/relu.cpp');
    const s = KernelSession.open(image, { file: 'relu.cpp', fn: 'relu_forward', args: ['shape=2x3,init=arange'] }, noFiles);
    assert.equal(s.history, undefined);
    assert.equal(s.device.onSlice, undefined);
    s.runUntil({ budget: 100 });
    assert.throws(() => s.stepBack(0), /history option/);
  });
});
