// The adapter never crashes or hangs: requests out of order, unknown thread/frame/variable ids,
// malformed arguments, and 10,000 random DAP messages each get an error (or a normal) response, and
// the adapter still answers a well-formed request afterwards.

import * as assert from 'node:assert/strict';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import { RELU, buildKernel, launchTo, startClient, top } from './helpers';

const COMMANDS = [
  'initialize', 'setBreakpoints', 'setFunctionBreakpoints', 'setInstructionBreakpoints', 'setExceptionBreakpoints', 'dataBreakpointInfo', 'setDataBreakpoints',
  'threads', 'stackTrace', 'scopes', 'variables', 'setVariable', 'evaluate', 'setExpression', 'next', 'stepIn', 'stepOut', 'pause', 'source', 'loadedSources',
  'readMemory', 'writeMemory', 'disassemble', 'exceptionInfo', 'gotoTargets', 'goto', 'cancel', 'attach', 'stepBack', 'nonsense', '', 'configurationDone',
];
const KEYS = ['threadId', 'frameId', 'variablesReference', 'name', 'value', 'expression', 'source', 'breakpoints', 'filters', 'memoryReference', 'offset', 'count', 'instructionOffset', 'instructionCount', 'data', 'start', 'levels', 'startFrame', 'granularity', 'filter', 'dataId', 'targetId', 'line', 'sourceReference'];

/** A small deterministic generator (xorshift32). */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
}

function randomValue(r: () => number, depth = 0): unknown {
  const k = Math.floor(r() * 12);
  switch (k) {
    case 0: return Math.floor(r() * 10) - 2;
    case 1: return Math.floor(r() * 0x100000000);
    case 2: return -Math.floor(r() * 1e9);
    case 3: return r() * 1e6;
    case 4: return ['', 'x', '0x40000000', 'hbm:0x100000000', 'a1 +', 'in[0][0]', '$windows', '{', 'line', '0x'][Math.floor(r() * 10)];
    case 5: return null;
    case 6: return r() < 0.5;
    case 7: return depth < 2 ? Array.from({ length: Math.floor(r() * 3) }, () => randomValue(r, depth + 1)) : [];
    case 8: return depth < 2 ? randomArgs(r, depth + 1) : {};
    case 9: return { path: RELU };
    case 10: return [{ line: Math.floor(r() * 30) }, { name: 'relu_forward' }];
    default: return 1e300;
  }
}

function randomArgs(r: () => number, depth = 0): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const n = Math.floor(r() * 4);
  for (let k = 0; k < n; k++) o[KEYS[Math.floor(r() * KEYS.length)]] = randomValue(r, depth);
  return o;
}

describe('debug adapter robustness', function () {
  this.timeout(300_000);
  let elf: string;
  let dc: DebugClient;

  before(async () => {
    elf = (await buildKernel('relu.cpp', undefined, RELU)).elf;
  });
  beforeEach(async () => {
    dc = await startClient();
  });
  afterEach(async () => {
    await dc.stop();
  });

  it('answers requests before launch, out of order, with errors that name the problem', async () => {
    assert.deepEqual((await dc.threadsRequest()).body.threads, []);
    await assert.rejects(dc.stackTraceRequest({ threadId: 1 }), /no kernel is launched yet/);
    await assert.rejects(dc.continueRequest({ threadId: 1 }), /no kernel is launched yet/);
    await assert.rejects(dc.customRequest('frobnicate'), /unknown request 'frobnicate'/);
    await assert.rejects(dc.customRequest('attach', {}), /attach is not supported/);
    const pending = (await dc.setBreakpointsRequest({ source: { path: RELU }, breakpoints: [{ line: 11 }] })).body.breakpoints;
    assert.equal(pending[0].verified, false);
  });

  it('rejects unknown threads, frames and variable references and malformed arguments', async () => {
    await launchTo(dc, { program: elf, function: 'relu_forward', args: ['shape=4x8'], stopOnEntry: true });
    await assert.rejects(dc.stackTraceRequest({ threadId: 9 }), /'threadId': no thread 9 \(threads are cores 1\.\.1\)/);
    await assert.rejects(dc.stackTraceRequest({ threadId: 'one' } as never), /'threadId': expected an integer, got "one"/);
    await assert.rejects(dc.scopesRequest({ frameId: 777 }), /'frameId': no frame 777/);
    await assert.rejects(dc.variablesRequest({ variablesReference: 424242 }), /'variablesReference': no variables 424242/);
    await assert.rejects(dc.customRequest('readMemory', { memoryReference: 'here', count: 4 }), /'memoryReference': 'here' is not an address/);
    await assert.rejects(dc.customRequest('disassemble', { memoryReference: '0x40000000', instructionCount: -1 }), /'instructionCount': -1 is out of range/);
    await assert.rejects(dc.setBreakpointsRequest({ source: {}, breakpoints: [{ line: 3 }] } as never), /'source': needs a path/);
    await assert.rejects(dc.customRequest('setExceptionBreakpoints', { filters: ['melted'] }), /unknown fault kind 'melted'/);
    await assert.rejects(dc.customRequest('launch', { program: elf }), /already launched/);
    await assert.rejects(dc.customRequest('stepIn', { threadId: 1, granularity: 'page' }), /'granularity': 'page'/);
    const frames = await top(dc);
    assert.equal(frames[0].line, 6);
  });

  it('survives 10,000 random DAP messages and still answers', async () => {
    await launchTo(dc, { program: elf, function: 'relu_forward', args: ['shape=4x8'], stopOnEntry: true });
    const r = rng(1019);
    let errors = 0;
    let ok = 0;
    for (let k = 0; k < 10_000; k++) {
      const command = COMMANDS[Math.floor(r() * COMMANDS.length)];
      const args = r() < 0.1 ? (randomValue(r) as Record<string, unknown>) : randomArgs(r);
      try {
        await dc.customRequest(command, args);
        ok++;
      } catch (e) {
        errors++;
        assert.doesNotMatch((e as Error).message, /internal| {4}at /, `${command} ${JSON.stringify(args)}`);
      }
      // a step or continue may be in flight: let it finish before the next batch
      if (k % 500 === 499) await dc.customRequest('pause', { threadId: 1 }).catch(() => undefined);
    }
    assert.equal(ok + errors, 10_000);
    assert.ok(errors > 5000, `${errors} errors`);
    const threads = (await dc.threadsRequest()).body.threads;
    assert.equal(threads[0].name.startsWith('core 0'), true);
  });
});
