// The debug adapter end to end: a DebugClient drives the real adapter process over stdio — launch
// (a .cpp compiled on launch, or a prebuilt .elf), stop on entry, breakpoints of every kind, stepping,
// stacks, registers, memory, disassembly, faults, multicore threads, pause, restart and the end.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import { generateTensor, parseTensorSpec, writeNpy } from '../../tensors';
import { readElf } from '../../xtensa/elf/reader';
import { ISSUE_1019 } from '../emulator/device/helpers';
import { CALLS, RELU, RELU_MC, TMP, buildKernel, collectOutput, launchTo, startClient, stopAfter, top } from './helpers';

const INPUT = 'shape=4x8,init=randn,seed=1';
const reluArgs = (elf: string, extra: Record<string, unknown> = {}) => ({ program: elf, function: 'relu_forward', args: [INPUT], ...extra });

describe('debug adapter (DAP over stdio)', function () {
  this.timeout(120_000);
  let relu: { cpp: string; elf: string };
  let calls: { cpp: string; elf: string };
  let oob: { cpp: string; elf: string };
  let dc: DebugClient;

  before(async () => {
    relu = await buildKernel('relu.cpp', undefined, RELU);
    calls = await buildKernel('calls.cpp', CALLS);
    oob = await buildKernel('oob.cpp', ISSUE_1019);
  });
  beforeEach(async () => {
    dc = await startClient();
  });
  afterEach(async () => {
    await dc.stop();
  });

  it('names the wrong launch field', async () => {
    await dc.initializeRequest();
    await assert.rejects(dc.launchRequest({ program: relu.elf, cores: 0 } as never), /'cores'.*core count 1\.\.64/);
    await assert.rejects(dc.launchRequest({ program: relu.elf, stopOnEnty: true } as never), /'stopOnEnty': unknown field/);
    await assert.rejects(dc.launchRequest({ program: relu.elf, function: 'relu_forward', args: [{ shape: [2, -1] }] } as never), /'args\[0\]\.shape': expected non-negative integers/);
    await assert.rejects(dc.launchRequest({ program: relu.elf, function: 'relu_forward', args: [INPUT, 3] } as never), /takes 1 argument, 2 given/);
    await assert.rejects(dc.launchRequest({ program: path.join(TMP, 'missing.elf') } as never), /missing\.elf: cannot read file: ENOENT/);
  });

  it('compiles a .cpp on launch and stops on entry at the kernel function\'s first line', async () => {
    const e = await launchTo(dc, { program: RELU, function: 'relu_forward', args: [INPUT], stopOnEntry: true });
    assert.equal(e.body.reason, 'entry');
    assert.equal(e.body.threadId, 1);
    const frames = await top(dc);
    assert.equal(frames[0].name, 'relu_forward');
    assert.equal(frames[0].line, 6);
    assert.equal(frames[0].source?.path, RELU);
    const threads = (await dc.threadsRequest()).body.threads;
    assert.deepEqual(threads.map((t) => t.name), ['core 0']);
  });

  it('verifies source breakpoints against the line table, hits one with the right line and stack', async () => {
    let bps: { verified: boolean; line?: number; message?: string }[] = [];
    const configured = dc.waitForEvent('initialized').then(async () => {
      bps = (await dc.setBreakpointsRequest({ source: { path: RELU }, breakpoints: [{ line: 11 }, { line: 14 }, { line: 200 }] })).body.breakpoints;
      await dc.configurationDoneRequest();
    });
    const [, , e] = await Promise.all([configured, dc.launch(reluArgs(relu.elf)), dc.waitForEvent('stopped')]);
    assert.deepEqual(bps.map((b) => [b.verified, b.line]), [[true, 11], [true, 15], [false, 200]]);
    assert.match(bps[2].message!, /no code at or after line 200 of relu\.cpp/);
    assert.equal(e.body.reason, 'breakpoint');
    const frames = await top(dc);
    assert.equal(frames[0].name, 'relu_forward');
    assert.equal(frames[0].line, 11);
    assert.equal(frames[1].name, '__q7_kernel_relu_forward+0x12'); // after the thunk's long call (l32r, callx8)
    assert.equal(frames[1].presentationHint, 'subtle');
    assert.ok(frames.length >= 3);
  });

  it('steps over lines, and by instruction', async () => {
    await launchTo(dc, reluArgs(relu.elf), { [RELU]: [11] });
    await dc.setBreakpointsRequest({ source: { path: RELU }, breakpoints: [] });
    const lines: number[] = [];
    for (let k = 0; k < 4; k++) {
      const e = await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
      assert.equal(e.body.reason, 'step');
      lines.push((await top(dc))[0].line);
    }
    assert.deepEqual(lines, [12, 10, 11, 12]);
    const before = (await top(dc))[0].instructionPointerReference!;
    await stopAfter(dc, () => dc.nextRequest({ threadId: 1, granularity: 'instruction' }));
    const after = (await top(dc))[0].instructionPointerReference!;
    assert.equal(Number(after) - Number(before), 3);
  });

  it('steps into a user function, over its lines and out to the caller (SDK calls are stepped over)', async () => {
    await launchTo(dc, { program: calls.elf, function: 'scale', args: ['shape=3,init=arange'] }, { [calls.cpp]: [11] });
    let e = await stopAfter(dc, () => dc.stepInRequest({ threadId: 1 }));
    assert.equal(e.body.reason, 'step');
    let frames = await top(dc);
    assert.deepEqual([frames[0].name, frames[0].line, frames[1].name, frames[1].line], ['twice', 3, 'scale', 11]);
    e = await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
    assert.equal((await top(dc))[0].line, 4);
    e = await stopAfter(dc, () => dc.stepOutRequest({ threadId: 1 }));
    frames = await top(dc);
    assert.deepEqual([frames[0].name, frames[0].line], ['scale', 11]);
    await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
    assert.equal((await top(dc))[0].line, 12);
    // step in on a line with only SDK calls goes to the next line
    await stopAfter(dc, () => dc.stepInRequest({ threadId: 1 }));
    assert.equal((await top(dc))[0].line, 10);
  });

  it('runs to the end: the report, the expect comparison and the exit code', async () => {
    const input = generateTensor(parseTensorSpec(INPUT));
    const f = new Float32Array(input.data.buffer.slice(input.data.byteOffset, input.data.byteOffset + input.data.byteLength));
    const want = Float32Array.from(f, (x) => (x > 0 ? x : 0));
    const good = path.join(TMP, 'relu-expected.npy');
    fs.writeFileSync(good, writeNpy({ dtype: input.dtype, shape: input.shape, data: new Uint8Array(want.buffer) }));
    const out = collectOutput(dc);
    const exited = dc.waitForEvent('exited');
    const terminated = dc.waitForEvent('terminated');
    await Promise.all([dc.waitForEvent('initialized').then(() => dc.configurationDoneRequest()), dc.launch(reluArgs(relu.elf, { expect: good }) as never)]);
    assert.equal((await exited).body.exitCode, 0);
    await terminated;
    assert.match(out.text, /relu_forward on 1 core: ok\n {2}core 0: \d+ instructions/);
    assert.match(out.text, /result: matches \(0 of 32 elements differ/);
  });

  it('a mismatch against expect exits with 1', async () => {
    const zeros = path.join(TMP, 'zeros.npy');
    fs.writeFileSync(zeros, writeNpy(generateTensor(parseTensorSpec('shape=4x8,init=ones'))));
    const out = collectOutput(dc);
    const exited = dc.waitForEvent('exited');
    await Promise.all([dc.waitForEvent('initialized').then(() => dc.configurationDoneRequest()), dc.launch(reluArgs(relu.elf, { expect: zeros }) as never)]);
    assert.equal((await exited).body.exitCode, 1);
    assert.match(out.text, /result: MISMATCH/);
  });

  it('stops at an out-of-bounds write with the fault explained (#1019, line 6)', async () => {
    const out = collectOutput(dc);
    const faultEvent = dc.waitForEvent('q7/fault');
    const e = await launchTo(dc, { program: oob.elf, args: ['shape=2,init=zeros'] });
    const fe = (await faultEvent).body;
    assert.deepEqual([fe.kind, fe.core, fe.fatal, fe.path, fe.line], ['out-of-bounds', 0, true, oob.cpp, 6]);
    assert.equal(e.body.reason, 'exception');
    assert.equal(e.body.text, 'out-of-bounds');
    const info = (await dc.exceptionInfoRequest({ threadId: 1 })).body;
    assert.equal(info.exceptionId, 'out-of-bounds');
    assert.match(info.description!, /core 0/);
    assert.match(info.details!.stackTrace!, /oob\.cpp:6:/);
    const frames = await top(dc);
    const user = frames.find((f) => f.presentationHint !== 'subtle');
    assert.equal(user?.name, 'fill3');
    assert.equal(user?.line, 6);
    assert.match(out.text, /oob\.cpp:6:\d+: fault out-of-bounds/);
    const exited = dc.waitForEvent('exited');
    await dc.continueRequest({ threadId: 1 });
    assert.equal((await exited).body.exitCode, 1);
  });

  it('shows the cores of a multicore launch as threads and steps one core alone', async () => {
    const mc = await buildKernel('relu_multicore.cpp', undefined, RELU_MC);
    const e = await launchTo(dc, { program: mc.elf, args: ['shape=8x64,init=randn'], multicore: true, stopOnEntry: true });
    assert.equal(e.body.reason, 'entry');
    const threads = (await dc.threadsRequest()).body.threads;
    assert.deepEqual(threads.map((t) => [t.id, t.name]), Array.from({ length: 8 }, (_, k) => [k + 1, `core ${k}`]));
    const t = e.body.threadId!;
    const others = threads.filter((x) => x.id !== t);
    const pcs = async () => Promise.all(others.map(async (x) => (await top(dc, x.id))[0]?.instructionPointerReference));
    const before = await pcs();
    await stopAfter(dc, () => dc.nextRequest({ threadId: t }));
    assert.equal((await top(dc, t))[0].line, 11);
    assert.deepEqual(await pcs(), before);
  });

  it('pauses a long run within a bounded time', async () => {
    // stop in the element loop (past the set-up of the 1 MiB tensors), then run freely and pause
    await dc.initializeRequest({ adapterID: 'q7', pathFormat: 'path', linesStartAt1: true, columnsStartAt1: true, supportsProgressReporting: true });
    await launchTo(dc, reluArgs(relu.elf, { args: ['shape=512x512,init=randn'] }), { [RELU]: [11] });
    await dc.setBreakpointsRequest({ source: { path: RELU }, breakpoints: [] });
    const progress = dc.waitForEvent('progressStart');
    await dc.continueRequest({ threadId: 1 });
    const p = (await progress).body;
    assert.match(p.message, /^\d+\.\d M instructions in 0\.\d s$/);
    assert.equal(p.cancellable, true);
    const ended = dc.waitForEvent('progressEnd');
    const t0 = Date.now();
    const e = await stopAfter(dc, () => dc.pauseRequest({ threadId: 1 }));
    const ms = Date.now() - t0;
    assert.equal(e.body.reason, 'pause');
    assert.ok(ms < 400, `paused after ${ms} ms`);
    assert.equal((await ended).body.progressId, p.progressId);
    // cancelling the progress of the next run pauses it too
    const again = dc.waitForEvent('progressStart');
    await dc.continueRequest({ threadId: 1 });
    const p2 = (await again).body;
    const s2 = await stopAfter(dc, () => dc.customRequest('cancel', { progressId: p2.progressId }));
    assert.equal(s2.body.reason, 'pause');
    const frames = await top(dc);
    const user = frames.find((f) => f.presentationHint !== 'subtle')!;
    assert.ok(user, JSON.stringify(frames));
    assert.equal(user.name, 'relu_forward');
    assert.ok([10, 11, 12].includes(user.line), `line ${user.line}`);
  });

  it('stops on a data breakpoint over an address range', async () => {
    await launchTo(dc, reluArgs(relu.elf), { [RELU]: [11] });
    const regs = await registers(dc);
    const sp = Number(regs.get('a1'));
    const info = (await dc.customRequest('dataBreakpointInfo', { name: `0x${sp.toString(16)}:352` })).body;
    assert.equal(info.dataId, `0x${sp.toString(16).padStart(8, '0')}:352`);
    const set = (await dc.customRequest('setDataBreakpoints', { breakpoints: [{ dataId: info.dataId, accessType: 'write' }] })).body.breakpoints;
    assert.equal(set[0].verified, true);
    await dc.setBreakpointsRequest({ source: { path: RELU }, breakpoints: [] });
    const e = await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.equal(e.body.reason, 'data breakpoint');
    assert.deepEqual(e.body.hitBreakpointIds, [set[0].id]);
    const m = /write of (\d) bytes at (0x[0-9a-f]+)/.exec(e.body.text!);
    assert.ok(m, e.body.text);
    assert.ok(Number(m[2]) >= sp && Number(m[2]) < sp + 352);
    assert.equal((await top(dc))[0].name, 'relu_forward');
  });

  it('disassembles with a negative instruction offset, exactly the count asked, with source lines', async () => {
    await launchTo(dc, reluArgs(relu.elf), { [RELU]: [11] });
    const pc = (await top(dc))[0].instructionPointerReference!;
    const ins = (await dc.customRequest('disassemble', { memoryReference: pc, instructionOffset: -5, instructionCount: 12 })).body.instructions;
    assert.equal(ins.length, 12);
    assert.equal(Number(ins[5].address), Number(pc));
    assert.equal(ins[5].line, 11);
    for (let k = 0; k + 1 < ins.length; k++) assert.equal(Number(ins[k + 1].address) - Number(ins[k].address), ins[k].instructionBytes.split(' ').length);
    assert.match(ins[5].instruction, /^[a-z.0-9]+ /);
    const far = (await dc.customRequest('disassemble', { memoryReference: '0x0', instructionOffset: -3, instructionCount: 4 })).body.instructions;
    assert.equal(far.length, 4);
  });

  it('reads and writes registers and memory', async () => {
    await launchTo(dc, reluArgs(relu.elf), { [RELU]: [11] });
    const frame = (await top(dc))[0];
    const scopes = (await dc.scopesRequest({ frameId: frame.id })).body.scopes;
    assert.deepEqual(scopes.map((s) => s.name), ['Locals', 'Registers (core 0)', 'Device', 'Vector'], 'kernel cores are q7 cores, with the IVP unit');
    const vars = (await dc.variablesRequest({ variablesReference: scopes[1].variablesReference })).body.variables;
    assert.equal(vars.find((v) => v.name === 'pc')?.value, frame.instructionPointerReference);
    assert.deepEqual(vars.slice(1, 17).map((v) => v.name), Array.from({ length: 16 }, (_, k) => `a${k}`));
    const phys = vars.find((v) => v.name === 'physical')!;
    assert.equal((await dc.variablesRequest({ variablesReference: phys.variablesReference })).body.variables.length, 64);
    const set = await dc.setVariableRequest({ variablesReference: scopes[1].variablesReference, name: 'a15', value: '0x1234' });
    assert.equal(set.body.value, '0x00001234');
    const sp = vars.find((v) => v.name === 'a1')!.value;
    await dc.customRequest('writeMemory', { memoryReference: sp, offset: -32, data: Buffer.from([1, 2, 3, 4]).toString('base64') });
    const mem = (await dc.customRequest('readMemory', { memoryReference: sp, offset: -32, count: 4 })).body;
    assert.deepEqual([...Buffer.from(mem.data, 'base64')], [1, 2, 3, 4]);
    const device = (await dc.variablesRequest({ variablesReference: scopes[2].variablesReference })).body.variables;
    const tree = (await dc.customRequest('q7/deviceView')).body.roots;
    assert.equal(tree[0].label, 'core 0');
    assert.equal(tree[0].children.find((n: { label: string }) => n.label === 'windows').children.length, 4);
    assert.match(device.find((v) => v.name === 'windows')!.value, /^1 of 4 valid, 0x10000 bytes each, 1 maps/);
    const ev = (await dc.evaluateRequest({ expression: 'a15 + 1', frameId: frame.id })).body;
    assert.equal(ev.result, '4661 (0x00001235)');
    await assert.rejects(dc.evaluateRequest({ expression: 'nosuch + 1', frameId: frame.id }), /nosuch/);
  });

  it('shows locals with the Neuron pretty views, evaluates C++ and sets values', async () => {
    await launchTo(dc, reluArgs(relu.elf), { [RELU]: [12] });
    const frame = (await top(dc))[0];
    const locals = (await dc.scopesRequest({ frameId: frame.id })).body.scopes[0];
    const vars = (await dc.variablesRequest({ variablesReference: locals.variablesReference })).body.variables;
    const byName = new Map(vars.map((v) => [v.name, v]));
    assert.deepEqual(['x', 'i', 'j', 'in', 'out', 't_in', 't_out'].filter((n) => !byName.has(n)), []);
    assert.equal(byName.get('i')!.value, '0');
    const inn = byName.get('in')!;
    assert.match(inn.value, /^\{data_ = \{hbm_addr = 0x100000000, ctx_ptr = 0x[0-9a-f]+, is_nullptr = false\}, sizes = \{4, 8\}, strides = \{8, 1\}/);
    assert.equal(inn.indexedVariables, 4);
    const kids = (await dc.variablesRequest({ variablesReference: inn.variablesReference, filter: 'named' })).body.variables;
    assert.deepEqual(kids.map((k) => k.name), ['data_', 'sizes', 'strides', 'enforcer']);
    assert.equal(kids[0].type, 'c10::Q7PtrType');
    const rows = (await dc.variablesRequest({ variablesReference: inn.variablesReference, filter: 'indexed', start: 1, count: 2 })).body.variables;
    assert.deepEqual(rows.map((k) => k.name), ['[1]', '[2]']);
    const x = byName.get('x')!.value;
    const el = (await dc.evaluateRequest({ expression: 'in[i][j]', frameId: frame.id })).body;
    assert.equal(el.result, x);
    assert.equal(el.memoryReference, 'hbm:0x100000000');
    assert.equal((await dc.setVariableRequest({ variablesReference: locals.variablesReference, name: 'x', value: '-2.5' })).body.value, '-2.5');
    assert.equal((await dc.evaluateRequest({ expression: 'x * 2', frameId: frame.id })).body.result, '-5');
    assert.equal((await dc.customRequest('setExpression', { expression: 'in[0][1]', value: '7.25', frameId: frame.id })).body.value, '7.25');
    const mem = (await dc.customRequest('readMemory', { memoryReference: 'hbm:0x100000004', count: 4 })).body;
    assert.equal(Buffer.from(mem.data, 'base64').readFloatLE(0), 7.25);
    const input = generateTensor(parseTensorSpec(INPUT));
    const want = Array.from(new Float32Array(input.data.buffer.slice(input.data.byteOffset, input.data.byteOffset + input.data.byteLength)));
    want[1] = 7.25;
    for (const expr of ['in', 't_in']) {
      const t = (await dc.customRequest('q7/tensor', { expression: expr, frameId: frame.id })).body;
      assert.deepEqual([t.dtype, t.shape, t.values.length], ['float32', [4, 8], 32]);
      assert.deepEqual(t.values, want);
    }
    await assert.rejects(dc.customRequest('q7/tensor', { expression: 'i', frameId: frame.id }), /'i' is not a tensor or an accessor/);
  });

  it('steps back by line and instruction and reverse-continues to the previous breakpoint hit', async () => {
    await launchTo(dc, reluArgs(relu.elf), { [RELU]: [12] });
    const j = async () => (await dc.evaluateRequest({ expression: 'j', frameId: (await top(dc))[0].id })).body.result;
    await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.equal(await j(), '1');
    await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
    assert.equal((await top(dc))[0].line, 10);
    let e = await stopAfter(dc, () => dc.stepBackRequest({ threadId: 1 }));
    assert.equal(e.body.reason, 'step');
    assert.equal((await top(dc))[0].line, 12);
    await stopAfter(dc, () => dc.stepBackRequest({ threadId: 1 }));
    assert.equal((await top(dc))[0].line, 11);
    const pc = (await top(dc))[0].instructionPointerReference;
    await stopAfter(dc, () => dc.stepBackRequest({ threadId: 1, granularity: 'instruction' }));
    assert.notEqual((await top(dc))[0].instructionPointerReference, pc);
    e = await stopAfter(dc, () => dc.reverseContinueRequest({ threadId: 1 }));
    assert.equal(e.body.reason, 'breakpoint');
    assert.equal((await top(dc))[0].line, 12);
    assert.equal(await j(), '0');
    // forward again from the past
    await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.equal(await j(), '1');
  });

  it('function, instruction, conditional, hit-count and log-point breakpoints', async () => {
    const out = collectOutput(dc);
    const configured = dc.waitForEvent('initialized').then(async () => {
      const f = (await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'relu_forward' }, { name: 'nope' }] })).body.breakpoints;
      assert.deepEqual(f.map((b) => b.verified), [true, false]);
      await dc.configurationDoneRequest();
    });
    const [, , e] = await Promise.all([configured, dc.launch(reluArgs(relu.elf)), dc.waitForEvent('stopped')]);
    assert.equal(e.body.reason, 'function breakpoint');
    assert.equal((await top(dc))[0].line, 6);
    await dc.setFunctionBreakpointsRequest({ breakpoints: [] });
    const bps = (await dc.setBreakpointsRequest({
      source: { path: RELU },
      breakpoints: [{ line: 12, hitCondition: '3' }, { line: 11, logMessage: 'x at {$pc} hit {$hits}' }, { line: 13, condition: 'nonsense_var > 1' }],
    })).body.breakpoints;
    assert.deepEqual(bps.map((b) => b.verified), [true, true, false]);
    assert.match(bps[2].message!, /unknown name 'nonsense_var'/);
    await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.equal((await top(dc))[0].line, 12);
    assert.equal((out.text.match(/\[core 0\] x at \d+ hit \d/g) ?? []).length, 3);
    // an instruction breakpoint two instructions on
    const pc = Number((await top(dc))[0].instructionPointerReference);
    await dc.setBreakpointsRequest({ source: { path: RELU }, breakpoints: [{ line: 12, condition: '$hits == 2' }] });
    const ib = (await dc.customRequest('setInstructionBreakpoints', { breakpoints: [{ instructionReference: `0x${pc.toString(16)}`, offset: 6 }] })).body.breakpoints;
    assert.equal(ib[0].verified, true);
    let s = await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.equal(s.body.reason, 'instruction breakpoint');
    assert.equal(Number((await top(dc))[0].instructionPointerReference), pc + 6);
    await dc.customRequest('setInstructionBreakpoints', { breakpoints: [] });
    s = await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.equal(s.body.reason, 'breakpoint');
    assert.equal((await top(dc))[0].line, 12);
    // a C++ condition and a C++ log message (debuginfo's evaluator)
    const cpp = (await dc.setBreakpointsRequest({ source: { path: RELU }, breakpoints: [{ line: 12, condition: 'i == 2 && j == 5' }, { line: 11, logMessage: 'in[{i}][{j}] = {in[i][j]}' }] })).body.breakpoints;
    assert.deepEqual(cpp.map((b) => b.verified), [true, true]);
    await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    const frameId = (await top(dc))[0].id;
    assert.equal((await dc.evaluateRequest({ expression: 'i * 10 + j', frameId })).body.result, '25');
    const x = (await dc.evaluateRequest({ expression: 'x', frameId })).body.result;
    assert.ok(out.text.includes(`[core 0] in[2][5] = ${x}\n`), out.text.slice(-300));
  });

  it('restarts the launch and serves the SDK headers as sources', async () => {
    await launchTo(dc, reluArgs(relu.elf), { [RELU]: [12] });
    await stopAfter(dc, () => dc.stepInRequest({ threadId: 1, granularity: 'instruction' }));
    const e = await stopAfter(dc, () => dc.customRequest('restart', {}));
    assert.equal(e.body.reason, 'breakpoint');
    assert.equal((await top(dc))[0].line, 12);
    const sources = (await dc.customRequest('loadedSources', {})).body.sources as { path?: string; presentationHint?: string; sourceReference?: number }[];
    assert.equal(sources[0].path, RELU);
    const sdk = sources.find((s) => /^\/q7-sdk\/include\/ATen\/(core\/)?TensorAccessor\.h$/.test(s.path ?? ''))!;
    assert.ok(sdk, JSON.stringify(sources.map((s) => s.path)));
    assert.equal(sdk.presentationHint, 'deemphasize');
    const text = (await dc.sourceRequest({ sourceReference: sdk.sourceReference!, source: sdk as never })).body.content;
    assert.match(text, /TensorAccessor/);
  });

  it('shows the ROM\'s assembly at a stop inside it, serves it as a source, steps its lines; step into stays out of it', async () => {
    const romFile = path.join(__dirname, '..', '..', '..', 'target', 'q7', 'guest', 'rom', 'device-calls.S');
    const romText = fs.readFileSync(romFile, 'utf8');
    const translate = readElf(fs.readFileSync(relu.elf), relu.elf).symbols.find((s) => s.name === '_Z16neuron_translatePvy')!.value;
    await launchTo(dc, reluArgs(relu.elf), { [RELU]: [11] });
    // step into from the user's line: the accessor's SDK code and the ROM's translate are stepped over
    for (let k = 0; k < 3; k++) {
      await stopAfter(dc, () => dc.stepInRequest({ threadId: 1 }));
      assert.equal((await top(dc))[0].source?.path, RELU);
    }
    await dc.setBreakpointsRequest({ source: { path: RELU }, breakpoints: [] });
    // just after its ENTRY (3 bytes), where the frame is set up
    await dc.customRequest('setInstructionBreakpoints', { breakpoints: [{ instructionReference: `0x${translate.toString(16)}`, offset: 3 }] });
    const e = await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.equal(e.body.reason, 'instruction breakpoint');
    const [f0] = await top(dc);
    assert.equal(f0.source?.origin, 'Q7 ROM');
    assert.match(f0.source?.path ?? '', /target\/q7\/guest\/rom\/device-calls\.S$/);
    assert.equal(f0.presentationHint, 'subtle');
    assert.match(romText.split('\n')[f0.line - 2], /^\s+entry\s+a1/, `device-calls.S:${f0.line - 1} is translate's entry`);
    const src = (await dc.sourceRequest({ sourceReference: f0.source!.sourceReference!, source: f0.source as never })).body;
    assert.equal(src.content, romText);
    assert.equal(src.mimeType, 'text/x-asm');
    await dc.customRequest('setInstructionBreakpoints', { breakpoints: [] });
    await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
    const g0 = (await top(dc))[0];
    assert.equal(g0.source?.path, f0.source?.path);
    assert.ok(g0.line > f0.line, `a line step in the ROM moves on (${f0.line} → ${g0.line})`);
  });
});

async function registers(dc: DebugClient): Promise<Map<string, string>> {
  const frame = (await top(dc))[0];
  const scopes = (await dc.scopesRequest({ frameId: frame.id })).body.scopes;
  const vars = (await dc.variablesRequest({ variablesReference: scopes[1].variablesReference })).body.variables;
  return new Map(vars.map((v) => [v.name, v.value]));
}
