// The Vector scope through the real adapter process: an assembly program using the IVP unit on the q7
// core, stepped one instruction at a time — v registers as typed lanes (switchable for the scope and
// for one register), the wide accumulator's 48-bit and 24-bit lanes, a predicate's bits, lanes that
// changed since the previous stop marked, lanes written by setVariable, the registers' memory
// references read and written, `$v3` in evaluate, and no Vector scope on a core without the unit.
// Every expected value is computed here from what the instructions do (§12 of the IVP facts).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { repoRoot } from '../../harness/oracle/paths';
import { TMP, launchTo, startClient, stopAfter } from './helpers';

const PROGRAM = `
  .text
  .global _start
_start:
  movi a8, 7
  ivp_movva16 v2, a8
  ivp_seqnx16 v1
  ivp_addnx16 v3, v1, v2
  ivp_mulnx16 wv1, v3, v2
  ivp_eqnx16 vb2, v1, v2
  ivp_addnx16 v6, v3, v2
  movi a3, 0
  movi a2, 1
  simcall
`;

type Vars = Map<string, DebugProtocol.Variable>;

async function children(dc: DebugClient, ref: number): Promise<Vars> {
  const vars = (await dc.variablesRequest({ variablesReference: ref })).body.variables;
  return new Map(vars.map((v) => [v.name, v]));
}

async function vectorScope(dc: DebugClient): Promise<{ ref: number; vars: Vars }> {
  const frameId = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].id;
  const scope = (await dc.scopesRequest({ frameId })).body.scopes.find((s) => s.name === 'Vector');
  assert.ok(scope, 'a Vector scope on the q7 core');
  return { ref: scope.variablesReference, vars: await children(dc, scope.variablesReference) };
}

/** The lanes [0], [1], … of a register, as their texts. */
async function lanes(dc: DebugClient, v: DebugProtocol.Variable): Promise<string[]> {
  const all = await children(dc, v.variablesReference);
  return [...all.entries()].filter(([k]) => /^\[\d+\]$/.test(k)).map(([, x]) => x.value);
}

async function stepInstructions(dc: DebugClient, n: number): Promise<void> {
  for (let k = 0; k < n; k++) await stopAfter(dc, () => dc.stepInRequest({ threadId: 1, granularity: 'instruction' }));
}

describe('debug adapter: the Vector scope (IVP registers of the q7 core)', function () {
  this.timeout(120_000);
  let dc: DebugClient;
  const source = path.join(TMP, 'vectors.S');

  before(() => fs.writeFileSync(source, PROGRAM));
  beforeEach(async () => {
    dc = await startClient();
  });
  afterEach(async () => {
    await dc.stop();
  });

  it('shows typed lanes, marks changed lanes, switches lane types, writes lanes and register memory', async () => {
    await launchTo(dc, { program: source, cpu: 'q7', stopOnEntry: true });
    let s = await vectorScope(dc);
    assert.equal(s.vars.get('lanes')!.value, 'int16x32');
    assert.equal(s.vars.get('wide lanes')!.value, 'int48x32');
    assert.deepEqual([...s.vars.keys()].filter((k) => /^v\d+$/.test(k)).length, 32);
    assert.ok(['wv3', 'vb15', 'u3'].every((k) => s.vars.has(k)));
    assert.equal(s.vars.get('v3')!.memoryReference, 'ivp:v3');

    await stepInstructions(dc, 2); // movi, ivp_movva16 v2 = 7
    s = await vectorScope(dc);
    assert.equal(s.vars.get('v2')!.value, 'int16x32 {7, 7, 7, 7, 7, 7, 7, 7, …} · 32 changed');
    assert.deepEqual(await lanes(dc, s.vars.get('v2')!), Array(32).fill('7 (was 0)'));

    await stepInstructions(dc, 4); // seq, add, mul, eq
    s = await vectorScope(dc);
    const seq = Array.from({ length: 32 }, (_, i) => i);
    // changed marks compare with the previous stop (before ivp_eqnx16): only vb2 changed there
    assert.deepEqual(await lanes(dc, s.vars.get('v1')!), seq.map(String));
    assert.deepEqual(await lanes(dc, s.vars.get('v2')!), Array(32).fill('7'));
    assert.deepEqual(await lanes(dc, s.vars.get('v3')!), seq.map((i) => String(i + 7)));
    assert.equal(s.vars.get('v3')!.value, 'int16x32 {7, 8, 9, 10, 11, 12, 13, 14, …}');
    assert.deepEqual(await lanes(dc, s.vars.get('wv1')!), seq.map((i) => String((i + 7) * 7)));
    // vb2: lane 7 only (v1 == v2 there); a 32-lane predicate owns 2 bits per lane
    assert.equal(s.vars.get('vb2')!.value, `vboolN ${'0'.repeat(7)}1${'0'.repeat(24)} (0x${(0xc000).toString(16).padStart(16, '0')}) · 1 changed`);

    // the scope's lane type and one register's
    await dc.setVariableRequest({ variablesReference: s.ref, name: 'lanes', value: 'int8x64' });
    await dc.setVariableRequest({ variablesReference: s.ref, name: 'wide lanes', value: 'int24x64' });
    s = await vectorScope(dc);
    assert.deepEqual(await lanes(dc, s.vars.get('v3')!), seq.flatMap((i) => [String(i + 7), '0']));
    assert.deepEqual(await lanes(dc, s.vars.get('wv1')!), seq.flatMap((i) => [String((i + 7) * 7), '0']));
    assert.match(s.vars.get('vb2')!.value, /^vbool2N 0{14}110{48} /);
    const v2 = await children(dc, s.vars.get('v2')!.variablesReference);
    assert.equal(v2.get('lanes')!.value, 'int8x64');
    await dc.setVariableRequest({ variablesReference: s.vars.get('v2')!.variablesReference, name: 'lanes', value: 'f16x32' });
    s = await vectorScope(dc);
    assert.equal(s.vars.get('v2')!.type, 'f16x32');
    assert.deepEqual(await lanes(dc, s.vars.get('v2')!), Array(32).fill(String(7 * 2 ** -24)), 'binary16 0x0007 is 7 × 2^-24');
    await dc.setVariableRequest({ variablesReference: s.vars.get('v2')!.variablesReference, name: 'lanes', value: 'f32x16' });
    const f32 = new DataView(new Uint8Array([7, 0, 7, 0]).buffer).getFloat32(0, true);
    assert.deepEqual(await lanes(dc, (await vectorScope(dc)).vars.get('v2')!), Array(16).fill(String(f32)));
    await assert.rejects(dc.setVariableRequest({ variablesReference: s.ref, name: 'lanes', value: 'int7x73' }), /not a lane type/);
    await dc.setVariableRequest({ variablesReference: s.ref, name: 'lanes', value: 'int16x32' });

    // a lane written by setVariable, then the register read and written as memory
    s = await vectorScope(dc);
    const v3ref = s.vars.get('v3')!.variablesReference;
    const set = await dc.setVariableRequest({ variablesReference: v3ref, name: '[5]', value: '-100' });
    assert.equal(set.body.value, '-100 (was 12)');
    await assert.rejects(dc.setVariableRequest({ variablesReference: v3ref, name: '[6]', value: '40000' }), /outside int16 \(-32768\.\.32767\)/);
    const mem = await dc.customRequest('readMemory', { memoryReference: 'ivp:v3', offset: 10, count: 4 });
    assert.deepEqual([...Buffer.from(mem.body.data, 'base64')], [0x9c, 0xff, 13, 0]);
    await dc.customRequest('writeMemory', { memoryReference: 'ivp:v3', offset: 0, data: Buffer.from([0x34, 0x12]).toString('base64') });
    const ev = await dc.evaluateRequest({ expression: '$v3', context: 'watch' });
    assert.match(ev.body.result, /^int16x32 \{4660, 8, 9, 10, 11, -100, 13, 14, …\}/);
    assert.equal(ev.body.memoryReference, 'ivp:v3');
    await assert.rejects(dc.customRequest('readMemory', { memoryReference: 'ivp:v32', count: 4 }), /names no IVP register/);

    // the edited lanes are what the next instruction reads: v6 = v3 + v2
    await stepInstructions(dc, 1);
    s = await vectorScope(dc);
    const v6 = await lanes(dc, s.vars.get('v6')!);
    assert.deepEqual(v6.slice(0, 7), ['4667 (was 0)', '15 (was 0)', '16 (was 0)', '17 (was 0)', '18 (was 0)', '-93 (was 0)', '20 (was 0)']);
  });

  it('is not offered on a core without the IVP unit', async () => {
    const fib = path.join(repoRoot(), 'examples', 'asm', 'fib.S');
    await launchTo(dc, { program: fib, cpu: 'dc233c', stopOnEntry: true });
    const frameId = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].id;
    const names = (await dc.scopesRequest({ frameId })).body.scopes.map((x) => x.name);
    assert.ok(names.includes('Locals') && !names.includes('Vector'), names.join(', '));
    await assert.rejects(dc.customRequest('readMemory', { memoryReference: 'ivp:v0', count: 4 }), /no IVP vector unit/);
  });
});
