// Vector-typed variables through the real adapter process, as DAP request/response transcripts against
// the vectorised example kernels compiled by our compiler: stopped in mul_q15_ivp's loop, the int16
// vectors va/vb and the 48-bit accumulator w are typed lanes in Locals and in the Vector scope (with a
// memory reference to their stack slot, read back with readMemory), a lane is edited, a step shows
// the accumulator's lanes computed from the edited lane and marked as changed, and a variable's lane
// view is switched; in count_max_ivp, the predicate `above` (vboolN_2) is shown as bits, a bit is set,
// and the step that selects with it counts the edited lane. Expected lanes come from the inputs
// (arange) and what the intrinsics do.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { EXAMPLES } from '../emulator/device/helpers';
import { buildKernel, launchTo, startClient, stopAfter } from './helpers';

type Vars = Map<string, DebugProtocol.Variable>;

const MUL_Q15 = path.join(EXAMPLES, 'mul_q15_ivp.cpp');
const COUNT_MAX = path.join(EXAMPLES, 'count_max_ivp.cpp');

async function children(dc: DebugClient, ref: number): Promise<Vars> {
  const vars = (await dc.variablesRequest({ variablesReference: ref })).body.variables;
  return new Map(vars.map((v) => [v.name, v]));
}

async function scope(dc: DebugClient, name: string): Promise<{ ref: number; vars: Vars; list: DebugProtocol.Variable[] }> {
  const frameId = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].id;
  const s = (await dc.scopesRequest({ frameId })).body.scopes.find((x) => x.name === name);
  assert.ok(s, `a ${name} scope`);
  const list = (await dc.variablesRequest({ variablesReference: s.variablesReference })).body.variables;
  return { ref: s.variablesReference, vars: new Map(list.map((v) => [v.name, v])), list };
}

/** The lanes [0], [1], … of a vector node, as their texts. */
async function lanes(dc: DebugClient, v: DebugProtocol.Variable): Promise<string[]> {
  const all = await children(dc, v.variablesReference);
  return [...all.entries()].filter(([k]) => /^\[\d+\]$/.test(k)).map(([, x]) => x.value);
}

/** The source line of the first line of `file`'s text that contains `text`. */
function lineOf(source: string, text: string): number {
  const k = source.split('\n').findIndex((l) => l.includes(text));
  assert.ok(k >= 0, text);
  return k + 1;
}

const seq = (n: number) => Array.from({ length: n }, (_, k) => k);

describe('debug adapter: vector-typed variables as typed lanes (compiled IVP kernels)', function () {
  this.timeout(180_000);
  let dc: DebugClient;
  let mulQ15: { cpp: string; elf: string };
  let countMax: { cpp: string; elf: string };

  before(async () => {
    mulQ15 = await buildKernel('mul_q15_ivp.cpp', undefined, MUL_Q15);
    countMax = await buildKernel('count_max_ivp.cpp', undefined, COUNT_MAX);
  });
  beforeEach(async () => {
    dc = await startClient();
  });
  afterEach(async () => {
    await dc.stop();
  });

  it('mul_q15_ivp: int16 vectors and the 48-bit accumulator in Locals and the Vector scope; a lane edited, a step marks the changed lanes', async () => {
    const fs = await import('node:fs');
    const line = lineOf(fs.readFileSync(MUL_Q15, 'utf8'), 'xb_vecNx48 w = IVP_MULNX16(va, vb);');
    const input = 'shape=64,dtype=int16,init=arange';
    await launchTo(dc, { program: mulQ15.elf, function: 'mul_q15_ivp', args: [input, input] }, { [MUL_Q15]: [line] });

    // Locals: va and vb hold the first 32 elements of the inputs
    let locals = await scope(dc, 'Locals');
    const va = locals.vars.get('va')!;
    assert.equal(va.type, 'xb_vecNx16');
    assert.equal(va.value, 'int16x32 {0, 1, 2, 3, 4, 5, 6, 7, …}');
    assert.match(va.memoryReference ?? '', /^0x[0-9a-f]+$/);
    assert.deepEqual(await lanes(dc, va), seq(32).map(String));
    assert.deepEqual(await lanes(dc, locals.vars.get('vb')!), seq(32).map(String));
    const w = locals.vars.get('w')!;
    assert.equal(w.type, 'xb_vecNx48');
    const wBefore = await lanes(dc, w);
    assert.equal(wBefore.length, 32, 'w: 32 lanes of 48 bits');
    assert.equal((await children(dc, va.variablesReference)).get('lanes')!.value, 'int16x32');

    // the stack slot behind the memory reference holds the lanes, lane 0 at the lowest address
    const mem = await dc.customRequest('readMemory', { memoryReference: va.memoryReference, offset: 6, count: 4 });
    assert.deepEqual([...Buffer.from(mem.body.data, 'base64')], [3, 0, 4, 0]);

    // the Vector scope: the settings, the frame's vector variables, then the registers
    const vec = await scope(dc, 'Vector');
    const names = vec.list.map((v) => v.name);
    assert.deepEqual(names.slice(0, 2), ['lanes', 'wide lanes']);
    for (const n of ['va', 'vb', 'w']) assert.ok(names.indexOf(n) > 1 && names.indexOf(n) < names.indexOf('v0'), `${n} before the registers: ${names.slice(0, 8).join(', ')}`);
    assert.equal(vec.vars.get('va')!.value, va.value);
    assert.equal(vec.vars.get('va')!.memoryReference, va.memoryReference);

    // edit a lane (written to the stack slot, recorded as an edit of the run); out-of-range is refused
    const set = await dc.setVariableRequest({ variablesReference: va.variablesReference, name: '[1]', value: '1000' });
    assert.equal(set.body.value, '1000 (was 1)');
    await assert.rejects(dc.setVariableRequest({ variablesReference: va.variablesReference, name: '[2]', value: '-40000' }), /outside int16/);
    const back = await dc.customRequest('readMemory', { memoryReference: va.memoryReference, offset: 2, count: 2 });
    assert.deepEqual([...Buffer.from(back.body.data, 'base64')], [0xe8, 0x03]);
    const ev = await dc.evaluateRequest({ expression: 'va[1] + 1', context: 'watch' });
    assert.equal(ev.body.result, '1001');

    // step over the multiply: w = va × vb lane by lane, 48-bit lanes, each lane that changed marked
    await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
    locals = await scope(dc, 'Locals');
    const products = seq(32).map((k) => (k === 1 ? 1000 : k * k));
    const expected = products.map((p, k) => (String(p) === wBefore[k] ? String(p) : `${p} (was ${wBefore[k]})`));
    assert.deepEqual(await lanes(dc, locals.vars.get('w')!), expected);
    const changed = expected.filter((x) => x.includes('(was')).length;
    assert.ok(changed >= 30, `lanes of w marked as changed: ${changed}`);
    assert.match(locals.vars.get('w')!.value, new RegExp(`^int48x32 \\{0, 1000, 4, 9, 16, 25, 36, 49, …\\} · ${changed} changed$`));
    // va: the step left it alone; the edited lane still differs from what the previous stop captured
    assert.deepEqual((await lanes(dc, locals.vars.get('va')!)).slice(0, 3), ['0', '1000 (was 1)', '2']);

    // a variable's own lane view: va as int8×64 (1000 = 0x03e8 → -24, 3: the two bytes that differ from the
    // previous stop's 1 = 0x0001)
    const vaRef = locals.vars.get('va')!.variablesReference;
    await dc.setVariableRequest({ variablesReference: vaRef, name: 'lanes', value: 'int8x64' });
    locals = await scope(dc, 'Locals');
    assert.equal(locals.vars.get('va')!.type, 'xb_vecNx16');
    assert.match(locals.vars.get('va')!.value, /^int8x64 \{0, 0, -24, 3, 2, 0, 3, 0, …\} · 2 changed$/);
    await assert.rejects(dc.setVariableRequest({ variablesReference: locals.vars.get('va')!.variablesReference, name: 'lanes', value: 'int48x32' }), /not a lane type/);
    // the whole vector from text: a broadcast, or one value per lane in braces (in its current view)
    await dc.setVariableRequest({ variablesReference: vaRef, name: 'lanes', value: 'int16x32' });
    const all = await dc.setVariableRequest({ variablesReference: locals.ref, name: 'vb', value: '-3' });
    assert.equal(all.body.value, 'int16x32 {-3, -3, -3, -3, -3, -3, -3, -3, …} · 32 changed');
    const listed = seq(32).map((k) => String(100 - k)).join(', ');
    const some = await dc.setVariableRequest({ variablesReference: locals.ref, name: 'vb', value: `{${listed}}` });
    assert.match(some.body.value, /^int16x32 \{100, 99, 98, 97, 96, 95, 94, 93, …\} · 32 changed$/);
    await assert.rejects(dc.setVariableRequest({ variablesReference: locals.ref, name: 'vb', value: '{1, 2}' }), /one value for every lane or 32 values/);
    await assert.rejects(dc.setVariableRequest({ variablesReference: locals.ref, name: 'vb', value: '70000' }), /outside int16/);
    // the accumulator's view switches among the wide lane types
    await dc.setVariableRequest({ variablesReference: locals.vars.get('w')!.variablesReference, name: 'lanes', value: 'int24x64' });
    locals = await scope(dc, 'Locals');
    assert.deepEqual((await lanes(dc, locals.vars.get('w')!)).slice(0, 4).map((x) => x.replace(/ \(was .*\)$/, '')), ['0', '0', '1000', '0']);
  });

  it('count_max_ivp: the predicate as bits, a bit set, and the select that reads it counts the lane', async () => {
    const fs = await import('node:fs');
    const line = lineOf(fs.readFileSync(COUNT_MAX, 'utf8'), 'counts = IVP_ADDN_2X32(counts, IVP_MOVN_2X32T(one, zero, above));');
    await launchTo(dc, { program: countMax.elf, function: 'count_max_ivp', args: ['shape=64,dtype=int32,init=arange', 5] }, { [COUNT_MAX]: [line] });
    let locals = await scope(dc, 'Locals');
    // x = 0..15 > 5: lanes 6..15; a vboolN_2 lane owns 4 bits of the mask
    const above = locals.vars.get('above')!;
    assert.equal(above.type, 'vboolN_2');
    assert.equal(above.value, `vboolN_2 ${'0'.repeat(6)}${'1'.repeat(10)} (0xffffffffff000000)`);
    assert.deepEqual(await lanes(dc, above), seq(16).map((k) => (k > 5 ? '1' : '0')));
    assert.match(above.memoryReference ?? '', /^0x[0-9a-f]+$/);
    assert.deepEqual(await lanes(dc, locals.vars.get('counts')!), Array(16).fill('0'));

    const set = await dc.setVariableRequest({ variablesReference: above.variablesReference, name: '[0]', value: '1' });
    assert.equal(set.body.value, '1 (was 0)');
    await assert.rejects(dc.setVariableRequest({ variablesReference: above.variablesReference, name: '[1]', value: '2' }), /not a predicate bit/);
    const mask = await dc.customRequest('readMemory', { memoryReference: above.memoryReference, count: 8 });
    assert.equal(Buffer.from(mask.body.data, 'base64').readBigUInt64LE(0), 0xffffffffff00000fn);

    await stopAfter(dc, () => dc.nextRequest({ threadId: 1 }));
    locals = await scope(dc, 'Locals');
    const counts = seq(16).map((k) => (k === 0 || k > 5 ? '1 (was 0)' : '0'));
    assert.deepEqual(await lanes(dc, locals.vars.get('counts')!), counts);
    assert.match(locals.vars.get('counts')!.value, /^int32x16 \{1, 0, 0, 0, 0, 0, 1, 1, …\} · 11 changed$/);
    // the predicate is also in the Vector scope, switchable to another predicate view
    const vec = await scope(dc, 'Vector');
    const vabove = vec.vars.get('above')!;
    await dc.setVariableRequest({ variablesReference: vabove.variablesReference, name: 'lanes', value: 'vboolN' });
    const again = (await scope(dc, 'Vector')).vars.get('above')!;
    assert.match(again.value, /^vboolN 110{10}1{20} /);
  });
});
