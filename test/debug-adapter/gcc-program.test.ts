// The debug adapter on plain programs another compiler made: a C program built by Debian's
// xtensa-lx106-elf-gcc -g (call0 ABI, DWARF 5, picolibc printf over semihosting) driven through the
// real adapter process — stop on entry at main, a breakpoint in a recursive function, the call0
// stack walked by .debug_frame with each frame's locals, stepping, evaluate, readMemory, disassemble,
// the printed text and the exit code; a guest exception stop at its line; -O1 location lists; an
// assembly source assembled on launch. Skipped locally without the toolchain; under CI=true a
// missing toolchain fails.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { buildCustomProgram } from '../../harness/oracle/build';
import { repoRoot } from '../../harness/oracle/paths';
import { type OracleTool, requireTool } from '../../harness/oracle/tools';
import { TMP, collectOutput, launchTo, startClient, stopAfter, top } from './helpers';

const TOOLS: OracleTool[] = ['xtensa-lx106-elf-gcc', 'picolibc', 'gcc-12-source', 'bash'];
const SRC = () => path.join(repoRoot(), 'test', 'debug-adapter', 'fixtures', 'recurse.c');
/** Lines of fixtures/recurse.c. */
const L = { sumBody: 14, sumAdd: 16, depthLocal: 22, depthBase: 24, depthRecurse: 26, depthEnd: 27, poke: 30, mainFirst: 35, sumCall: 37, depthCall: 38, printf: 39 };

async function locals(dc: DebugClient, frameId: number): Promise<Map<string, DebugProtocol.Variable>> {
  const scopes = (await dc.scopesRequest({ frameId })).body.scopes;
  const vars = (await dc.variablesRequest({ variablesReference: scopes[0].variablesReference })).body.variables;
  return new Map(vars.map((v) => [v.name, v]));
}

const value = async (dc: DebugClient, expression: string, frameId?: number) => (await dc.evaluateRequest({ expression, frameId, context: 'watch' })).body.result;

describe('debug adapter: a plain program built by xtensa-lx106-elf-gcc -g', function () {
  this.timeout(180_000);
  let elf: string;
  let dc: DebugClient;

  before(function () {
    requireTool(this, TOOLS);
    elf = buildCustomProgram(SRC(), '-O0', 'dap-recurse');
  });
  beforeEach(async () => {
    dc = await startClient();
  });
  afterEach(async () => {
    await dc.stop();
  });

  it('stops on entry at main\'s first line and names the core', async () => {
    const e = await launchTo(dc, { program: elf, stopOnEntry: true });
    assert.equal(e.body.reason, 'entry');
    const frames = await top(dc);
    assert.equal(frames[0].name, 'main');
    assert.equal(frames[0].line, L.mainFirst);
    assert.equal(path.basename(frames[0].source!.path!), 'recurse.c');
    const scopes = (await dc.scopesRequest({ frameId: frames[0].id })).body.scopes;
    const device = (await dc.variablesRequest({ variablesReference: scopes[2].variablesReference })).body.variables;
    assert.match(device[0].value, /^lx106 \(a plain program/);
  });

  it('hits a breakpoint in the recursion: call0 frames with their own locals, evaluate, step over and out', async () => {
    let bps: DebugProtocol.Breakpoint[] = [];
    const configured = dc.waitForEvent('initialized').then(async () => {
      bps = (await dc.setBreakpointsRequest({ source: { path: SRC() }, breakpoints: [{ line: L.depthBase }, { line: 400 }] })).body.breakpoints;
      await dc.configurationDoneRequest();
    });
    const [, , e] = await Promise.all([configured, dc.launch({ program: elf } as DebugProtocol.LaunchRequestArguments), dc.waitForEvent('stopped')]);
    assert.deepEqual(bps.map((b) => [b.verified, b.line]), [[true, L.depthBase], [false, 400]]);
    assert.equal((e as DebugProtocol.StoppedEvent).body.reason, 'breakpoint');
    const frames = await top(dc);
    assert.deepEqual(frames.slice(0, 5).map((f) => [f.name, f.line]), [
      ['depth', L.depthBase], ['depth', L.depthRecurse], ['depth', L.depthRecurse], ['depth', L.depthRecurse], ['main', L.depthCall],
    ]);
    // each frame's locals, read through its CFA
    for (let k = 0; k < 4; k++) {
      const v = await locals(dc, frames[k].id);
      assert.equal(v.get('n')?.value, String(k), `frame ${k}`);
      assert.equal(v.get('local')?.value, String(k * 10 - 2), `frame ${k}`);
    }
    const mainVars = await locals(dc, frames[4].id);
    assert.equal(mainVars.get('total')?.value, '100');
    assert.equal(mainVars.get('arr')?.value, '{10, 20, 30, 40}');
    assert.equal(await value(dc, 'p->x + local', frames[0].id), '5');
    assert.equal(await value(dc, 's.y', frames[4].id), '-2');
    assert.equal(await value(dc, 'arr[2]', frames[4].id), '30');
    assert.match(await value(dc, 's.name', frames[4].id), /^0x[0-9a-f]+ "origin"$/);
    assert.equal(await value(dc, 'table[2]', frames[0].id), '4');

    await dc.setBreakpointsRequest({ source: { path: SRC() }, breakpoints: [] });
    let s = await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
    assert.equal(s.body.reason, 'step');
    assert.deepEqual((await top(dc)).slice(0, 2).map((f) => [f.name, f.line]), [['depth', L.depthEnd], ['depth', L.depthRecurse]]);
    s = await stopAfter(dc, () => dc.stepOutRequest({ threadId: 1 }));
    const out = await top(dc);
    assert.deepEqual([out[0].name, out[0].line, out.length], ['depth', L.depthRecurse, frames.length - 1]);
    assert.equal((await locals(dc, out[0].id)).get('n')?.value, '1');
  });

  it('steps into a call, by instruction, reads memory and disassembles, then runs to the exit with the printed text', async () => {
    const output = collectOutput(dc);
    await launchTo(dc, { program: elf }, { [SRC()]: [L.sumCall] });
    let s = await stopAfter(dc, () => dc.stepInRequest({ threadId: 1 }));
    let frames = await top(dc);
    assert.deepEqual([s.body.reason, frames[0].name, frames[0].line, frames[1].name, frames[1].line], ['step', 'sum_array', L.sumBody, 'main', L.sumCall]);
    const v = await locals(dc, frames[0].id);
    assert.equal(v.get('n')?.value, '4');
    const arr = v.get('arr')!;
    const pc = frames[0].instructionPointerReference!;
    s = await stopAfter(dc, () => dc.stepInRequest({ threadId: 1, granularity: 'instruction' }));
    frames = await top(dc);
    assert.notEqual(frames[0].instructionPointerReference, pc);
    assert.equal(frames[0].name, 'sum_array');
    // the array main passed, through its pointer
    const mem = await dc.customRequest('readMemory', { memoryReference: arr.value.split(' ')[0], count: 16 });
    assert.deepEqual([...Buffer.from(mem.body.data, 'base64')], [10, 0, 0, 0, 20, 0, 0, 0, 30, 0, 0, 0, 40, 0, 0, 0]);
    const dis = await dc.customRequest('disassemble', { memoryReference: pc, instructionCount: 4 });
    assert.equal(dis.body.instructions.length, 4);
    assert.equal(parseInt(dis.body.instructions[0].address, 16), parseInt(pc, 16));
    assert.ok(dis.body.instructions.every((i: { instruction: string }) => i.instruction.length > 0));
    await dc.setBreakpointsRequest({ source: { path: SRC() }, breakpoints: [] });
    const [, exited] = await Promise.all([dc.continueRequest({ threadId: 1 }), dc.waitForEvent('exited'), dc.waitForEvent('terminated')]);
    assert.equal((exited as DebugProtocol.ExitedEvent).body.exitCode, 59);
    assert.match(output.text, /total=100 depth=59 table=4\n/);
  });

  it('goes back through the recorded run: reverse continue to the previous hit, step back by line and instruction, forward again', async () => {
    const output = collectOutput(dc);
    await launchTo(dc, { program: elf }, { [SRC()]: [L.sumAdd] });
    const at = async () => {
      const f = (await top(dc))[0];
      const v = await locals(dc, f.id);
      return [f.name, f.line, v.get('i')?.value, v.get('total')?.value];
    };
    assert.deepEqual(await at(), ['sum_array', L.sumAdd, '0', '0']);
    await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.deepEqual(await at(), ['sum_array', L.sumAdd, '2', '30']);
    let s = await stopAfter(dc, () => dc.reverseContinueRequest({ threadId: 1 }));
    assert.equal(s.body.reason, 'breakpoint');
    assert.deepEqual(await at(), ['sum_array', L.sumAdd, '1', '10']);
    // the previous line run was the loop's i++ / i < n (line 15) after iteration 0: i still 0
    s = await stopAfter(dc, () => dc.stepBackRequest({ threadId: 1 }));
    assert.equal(s.body.reason, 'step');
    assert.deepEqual(await at(), ['sum_array', L.sumBody + 1, '0', '10']);
    await stopAfter(dc, () => dc.stepBackRequest({ threadId: 1, granularity: 'instruction' }));
    // before the last instruction of line 16 in iteration 0: the store of total += arr[0] not yet done
    assert.deepEqual(await at(), ['sum_array', L.sumAdd, '0', '0']);
    // forward from the past: the same run (the breakpoint at i = 1 again), then to the end
    s = await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.deepEqual(await at(), ['sum_array', L.sumAdd, '1', '10']);
    await dc.setBreakpointsRequest({ source: { path: SRC() }, breakpoints: [] });
    const [, exited] = await Promise.all([dc.continueRequest({ threadId: 1 }), dc.waitForEvent('exited')]);
    assert.equal((exited as DebugProtocol.ExitedEvent).body.exitCode, 59);
    assert.equal(output.text.match(/total=100 depth=59 table=4\n/g)?.length, 1, 'printed once');
  });

  it('stops at a guest exception with the faulting line, then lets the program take it', async function () {
    const faulty = buildCustomProgram(SRC(), '-O0', 'dap-recurse-fault', ['-DFAULT']);
    const e = await launchTo(dc, { program: faulty });
    assert.equal(e.body.reason, 'exception');
    const frames = await top(dc);
    assert.deepEqual(frames.slice(0, 2).map((f) => [f.name, f.line]), [['poke', L.poke], ['main', 41]]);
    const info = (await dc.customRequest('exceptionInfo', { threadId: 1 })).body;
    assert.equal(info.exceptionId, 'exception');
    assert.match(info.description, /^LoadStorePIFAddrError \(EXCCAUSE 15\) at 0x[0-9a-f]+ \(address 0x10\)/);
    const [, exited] = await Promise.all([dc.continueRequest({ threadId: 1 }), dc.waitForEvent('exited')]);
    // the runtime's own vector exits with 0x80 + EXCCAUSE, as without a debugger
    assert.ok((exited as DebugProtocol.ExitedEvent).body.exitCode >= 128);
  });

  it('reads -O1 locals (location lists) in the loop', async () => {
    const o1 = buildCustomProgram(SRC(), '-O0', 'dap-recurse-O1', ['-O1']);
    await launchTo(dc, { program: o1 }, { [SRC()]: [L.depthLocal] });
    const frames = await top(dc);
    assert.equal(frames[0].name, 'depth');
    assert.equal((await locals(dc, frames[0].id)).get('n')?.value, '3');
    await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    const inner = await top(dc);
    assert.deepEqual(inner.slice(0, 2).map((f) => f.name), ['depth', 'depth']);
    assert.equal((await locals(dc, inner[0].id)).get('n')?.value, '2');
    // the caller's local lives in a register the callee saved (restored through .debug_frame); its n
    // is dead after the call, which GCC says with an entry value
    const caller = await locals(dc, inner[1].id);
    assert.equal(caller.get('local')?.value, '28');
    assert.equal(caller.get('n')?.value, '<optimized out (entry value)>');
  });

  it('refuses kernel fields and a wrong core by name', async () => {
    await dc.initializeRequest();
    await assert.rejects(dc.launchRequest({ program: elf, function: 'main' } as never), /'function': .*recurse-O0\.elf is a plain program \(no kernel table\)/);
    await assert.rejects(dc.launchRequest({ program: elf, args: [1] } as never), /'args': .*applies to kernels only/);
    await assert.rejects(dc.launchRequest({ program: elf, cpu: 'pentium' } as never), /'cpu': expected one of lx106, /);
    await assert.rejects(dc.launchRequest({ program: elf, cpu: 'q7' } as never), /'cpu': /);
  });
});

/** A C++ program with main for our compiler (windowed ABI, the q7 core). */
const TWICE = `int twice(int v) {
  int r = v * 2;
  return r;
}
int main() {
  int a = 5;
  int b = twice(a);
  return b + 1;
}
`;

describe('debug adapter: plain programs built or assembled on launch', function () {
  this.timeout(120_000);
  it('compiles a C++ file with main: a breakpoint, its windowed stack and locals, the exit code', async () => {
    const cpp = path.join(TMP, 'twice.cpp');
    fs.writeFileSync(cpp, TWICE);
    const dc = await startClient();
    try {
      // as the editor's F5 on a .cpp sends it: an empty args list is not a kernel field
      const e = await launchTo(dc, { program: cpp, args: [] }, { [cpp]: [3] });
      assert.equal(e.body.reason, 'breakpoint');
      const frames = await top(dc);
      assert.deepEqual(frames.slice(0, 2).map((f) => [f.name, f.line]), [['twice', 3], ['main', 7]]);
      assert.equal((await locals(dc, frames[0].id)).get('r')?.value, '10');
      assert.equal((await locals(dc, frames[1].id)).get('a')?.value, '5');
      // the run is recorded: back to the start of line 2 (r not yet written), forward again
      await stopAfter(dc, () => dc.stepBackRequest({ threadId: 1 }));
      assert.deepEqual((await top(dc)).slice(0, 2).map((f) => [f.name, f.line]), [['twice', 2], ['main', 7]]);
      await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
      const again = await top(dc);
      assert.deepEqual([again[0].name, again[0].line], ['twice', 3]);
      assert.equal((await locals(dc, again[0].id)).get('r')?.value, '10');
      const [, exited] = await Promise.all([dc.continueRequest({ threadId: 1 }), dc.waitForEvent('exited')]);
      assert.equal((exited as DebugProtocol.ExitedEvent).body.exitCode, 11);
    } finally {
      await dc.stop();
    }
  });

  it('stops on entry at the entry point and runs to the exit code', async () => {
    const dc = await startClient();
    try {
      const output = collectOutput(dc);
      const fib = path.join(repoRoot(), 'examples', 'asm', 'fib.S');
      const e = await launchTo(dc, { program: fib, cpu: 'q7', stopOnEntry: true });
      assert.equal(e.body.reason, 'entry');
      const frames = await top(dc);
      assert.deepEqual([frames[0].name, frames[0].line, frames.length], ['_start', 0, 1]);
      const s = await stopAfter(dc, () => dc.nextRequest({ threadId: 1, granularity: 'instruction' }));
      assert.equal(s.body.reason, 'step');
      assert.equal((await top(dc))[0].name, '_start+0x3');
      const [, exited] = await Promise.all([dc.continueRequest({ threadId: 1 }), dc.waitForEvent('exited')]);
      assert.equal((exited as DebugProtocol.ExitedEvent).body.exitCode, 0);
      assert.match(output.text, /fib\(24\) = 46368\n/);
    } finally {
      await dc.stop();
    }
  });
});
