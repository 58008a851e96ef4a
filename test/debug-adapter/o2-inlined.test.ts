// Inlined calls at -O2 in the call stack, through the real adapter process: a program launched from
// its .cpp with `optimize: 2` stops inside a function the compiler inlined into main; the stack shows
// the inlined function innermost (at the line stopped on) and main next, standing at the call's line,
// both in the program's file and in the same machine frame (same instruction pointer); each frame's
// Locals are its own function's with their values at each iteration (the inlined call's `r`, main's `i`
// and `total`), and evaluating in main's frame sees main's variables. Line steps step over an inlined
// call from its caller's line, into it, and out of it.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import { CALLEE_LINE, CALL_LINE, SOURCE } from '../debuginfo/o2-inlined.program';
import { launchTo, startClient, stopAfter, TMP } from './helpers';


async function localNames(dc: DebugClient, frameId: number): Promise<string[]> {
  const s = (await dc.scopesRequest({ frameId })).body.scopes.find((x) => x.name === 'Locals')!;
  return (await dc.variablesRequest({ variablesReference: s.variablesReference })).body.variables.map((v) => v.name);
}

async function valuesOf(dc: DebugClient, frameId: number): Promise<Record<string, string>> {
  const s = (await dc.scopesRequest({ frameId })).body.scopes.find((x) => x.name === 'Locals')!;
  const list = (await dc.variablesRequest({ variablesReference: s.variablesReference })).body.variables;
  return Object.fromEntries(list.map((v) => [v.name, v.value]));
}

describe('debug adapter: inlined calls at -O2 in the call stack', function () {
  this.timeout(180_000);
  let dc: DebugClient;
  const cpp = path.join(TMP, 'o2-inlined.cpp');

  before(() => fs.writeFileSync(cpp, SOURCE));
  beforeEach(async () => {
    dc = await startClient();
  });
  afterEach(async () => {
    await dc.stop();
  });

  it('shows the inlined function innermost and its caller at the call line, in one machine frame', async () => {
    await launchTo(dc, { program: cpp, optimize: 2 }, { [cpp]: [CALLEE_LINE] });
    const frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
    assert.deepEqual(frames.slice(0, 2).map((f) => [f.name, f.line, f.source?.path]), [['square_plus', CALLEE_LINE, cpp], ['main', CALL_LINE, cpp]]);
    assert.equal(frames[0].instructionPointerReference, frames[1].instructionPointerReference, 'one machine frame');
    assert.ok(frames.length >= 2 && frames.slice(2).every((f) => f.name !== 'main'), frames.map((f) => f.name).join(' < '));
    const inner = await localNames(dc, frames[0].id);
    const outer = await localNames(dc, frames[1].id);
    assert.ok(outer.includes('total'), `main's Locals: ${outer.join(', ')}`);
    assert.ok(!inner.includes('total'), `the inlined function's Locals: ${inner.join(', ')}`);
    const r = await dc.evaluateRequest({ expression: 'total', frameId: frames[1].id, context: 'watch' });
    assert.equal(r.body.result, '0', 'total at the first iteration');
    // each stop is iteration k: the inlined call's r is k*k before its `r = r + 1`, main's total the sum so far
    for (let k = 0; k < 3; k++) {
      if (k) await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
      const ids = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames.map((f) => f.id);
      const callee = await valuesOf(dc, ids[0]);
      const caller = await valuesOf(dc, ids[1]);
      let total = 0;
      for (let j = 0; j < k; j++) total += j * j + 1;
      assert.equal(callee.r, String(k * k), `iteration ${k}: ${JSON.stringify(callee)}`);
      // v (a copy of main's i) has no location at this stop: the debugger says optimized out, never a wrong value
      assert.equal(callee.v, '<optimized out>', `v: ${callee.v}`);
      assert.equal(caller.i, String(k));
      assert.equal(caller.total, String(total));
      assert.ok(!('r' in caller) && !('total' in callee), `${JSON.stringify(callee)} / ${JSON.stringify(caller)}`);
    }
  });

  it('steps over an inlined call from its caller, into it, and out of it', async () => {
    const top = async () => (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames.map((f) => `${f.name}:${f.line}`).slice(0, 2);
    await launchTo(dc, { program: cpp, optimize: 2 }, { [cpp]: [CALL_LINE] });
    assert.deepEqual((await top())[0], `main:${CALL_LINE}`);
    await stopAfter(dc, () => dc.stepInRequest({ threadId: 1 }));
    const inside = await top();
    assert.match(inside[0], /^square_plus:[345]$/, inside.join(' < '));
    assert.equal(inside[1], `main:${CALL_LINE}`);
    await stopAfter(dc, () => dc.stepOutRequest({ threadId: 1 }));
    const out = await top();
    assert.match(out[0], /^main:\d+$/, `after step out: ${out.join(' < ')}`);
    await dc.setBreakpointsRequest({ source: { path: cpp }, breakpoints: [{ line: CALL_LINE }] });
    await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    assert.equal((await top())[0], `main:${CALL_LINE}`);
    await dc.setBreakpointsRequest({ source: { path: cpp }, breakpoints: [] });
    const seen: string[] = [];
    for (let k = 0; k < 3; k++) {
      await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
      seen.push((await top())[0]);
    }
    assert.ok(seen.every((f) => f.startsWith('main:')), `next from the call line stopped inside the inlined call: ${seen.join(', ')}`);
    assert.ok(seen.some((f) => f !== `main:${CALL_LINE}`), seen.join(', '));
  });

  it('at -O0 (nothing inlined) the stack has square_plus as a machine frame of its own', async () => {
    await launchTo(dc, { program: cpp, optimize: 0 }, { [cpp]: [CALLEE_LINE] });
    const frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
    assert.deepEqual(frames.slice(0, 2).map((f) => [f.name, f.line]), [['square_plus', CALLEE_LINE], ['main', CALL_LINE]]);
    assert.notEqual(frames[0].instructionPointerReference, frames[1].instructionPointerReference);
  });
});
