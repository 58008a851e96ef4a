// A scalar variable the compiler keeps in a register at -O2, through the real adapter process: the
// program (launched from its .cpp with `optimize: 2`) stops in a loop whose counter lives in one of
// a2..a7, described by a DWARF location list; Locals and a watch expression show its value at each
// iteration, and at a stop where its register does not hold it yet it shows as optimized out.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { O2_PROGRAMS } from '../debuginfo/o2-locations.programs';
import { launchTo, startClient, stopAfter, TMP } from './helpers';

async function locals(dc: DebugClient): Promise<Map<string, DebugProtocol.Variable>> {
  const frameId = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].id;
  const s = (await dc.scopesRequest({ frameId })).body.scopes.find((x) => x.name === 'Locals')!;
  const list = (await dc.variablesRequest({ variablesReference: s.variablesReference })).body.variables;
  return new Map(list.map((v) => [v.name, v]));
}

async function watch(dc: DebugClient, expression: string): Promise<string> {
  const frameId = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].id;
  return (await dc.evaluateRequest({ expression, frameId, context: 'watch' })).body.result;
}

describe('debug adapter: a variable held in a register at -O2 (location list)', function () {
  this.timeout(180_000);
  let dc: DebugClient;
  const source = O2_PROGRAMS['loops.cpp'];
  const lines = source.split('\n');
  const cpp = path.join(TMP, 'o2-loops.cpp');

  before(() => fs.writeFileSync(cpp, source));
  beforeEach(async () => {
    dc = await startClient();
  });
  afterEach(async () => {
    await dc.stop();
  });

  it('shows the loop counter of each iteration, and a variable not yet written as optimized out', async () => {
    const hashLine = lines.findIndex((l) => l.includes('hash *= 16777619u;')) + 1;
    const sLine = lines.findIndex((l) => l.includes('int s = collatz(i);')) + 1;
    assert.ok(hashLine > 0 && sLine > 0);
    await launchTo(dc, { program: cpp, optimize: 2 }, { [cpp]: [sLine, hashLine] });
    let vars = await locals(dc);
    assert.equal(vars.get('i')?.value, '1');
    assert.equal(vars.get('s')?.value, '<optimized out>');
    await dc.setBreakpointsRequest({ source: { path: cpp }, breakpoints: [{ line: hashLine }] });
    for (let k = 0; k < 3; k++) {
      await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
      vars = await locals(dc);
      assert.equal(vars.get('k')?.value, String(k), `iteration ${k}: ${[...vars].map(([n, v]) => `${n} = ${v.value}`).join(', ')}`);
      assert.equal(await watch(dc, 'k * 10'), String(k * 10));
    }
  });
});
