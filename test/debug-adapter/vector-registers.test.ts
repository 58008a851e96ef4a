// A vector variable the compiler keeps in a register at -O1, through the real adapter process: in
// count_max_ivp the loop-carried accumulators `counts` and `maxima` live in the IVP register file
// across the loop (compiler/xtensa/vector-homes.ts) and their DWARF location names the register
// (DW_OP_regx). Stopped in the loop, Locals shows their lanes read from the register (memory
// reference `ivp:vN`), a lane edited in the register is still there one iteration later and has been
// counted on. Expected lanes come from the input (arange, limit 5).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { writeElf } from '../../xtensa/elf/writer';
import { compileSource } from '../compiler/harness';
import { EXAMPLES, SANITIZE_DEFINES } from '../emulator/device/helpers';
import { launchTo, startClient, stopAfter, TMP } from './helpers';

const COUNT_MAX = path.join(EXAMPLES, 'count_max_ivp.cpp');

async function locals(dc: DebugClient): Promise<Map<string, DebugProtocol.Variable>> {
  const frameId = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].id;
  const s = (await dc.scopesRequest({ frameId })).body.scopes.find((x) => x.name === 'Locals')!;
  const list = (await dc.variablesRequest({ variablesReference: s.variablesReference })).body.variables;
  return new Map(list.map((v) => [v.name, v]));
}

async function lanes(dc: DebugClient, v: DebugProtocol.Variable): Promise<string[]> {
  const all = (await dc.variablesRequest({ variablesReference: v.variablesReference })).body.variables;
  return all.filter((x) => /^\[\d+\]$/.test(x.name)).map((x) => x.value.replace(/ \(was .*\)$/, ''));
}

describe('debug adapter: a vector variable held in a register at -O1', function () {
  this.timeout(180_000);
  let dc: DebugClient;
  let elf: string;

  before(async () => {
    const r = await compileSource(fs.readFileSync(COUNT_MAX, 'utf8'), COUNT_MAX, { optimize: 1, defines: SANITIZE_DEFINES });
    assert.ok(r.image, r.diagnostics.map((d) => d.message).join('\n'));
    elf = path.join(TMP, 'count_max_ivp-O1.elf');
    fs.writeFileSync(elf, writeElf(r.image));
  });
  beforeEach(async () => {
    dc = await startClient();
  });
  afterEach(async () => {
    await dc.stop();
  });

  it('count_max_ivp: counts lives in a vector register across the loop; its lanes are shown, edited and kept', async () => {
    const source = fs.readFileSync(COUNT_MAX, 'utf8').split('\n');
    const line = source.findIndex((l) => l.includes('maxima = IVP_MAXN_2X32(maxima, IVP_MOVN_2X32T(x, lowest, above));')) + 1;
    assert.ok(line > 0);
    await launchTo(dc, { program: elf, function: 'count_max_ivp', args: ['shape=64,dtype=int32,init=arange', 5] }, { [COUNT_MAX]: [line] });
    let vars = await locals(dc);
    const counts = vars.get('counts')!;
    assert.ok(counts, `Locals: ${[...vars.keys()].join(', ')}`);
    // held in a register of the vector file, not in a stack slot
    assert.match(counts.memoryReference ?? '', /^ivp:v(2[4-9]|3[01])$/);
    // first iteration: x = 0..15, counted where x > 5
    assert.deepEqual(await lanes(dc, counts), Array.from({ length: 16 }, (_, k) => (k > 5 ? '1' : '0')));
    const reg = await dc.customRequest('readMemory', { memoryReference: counts.memoryReference, count: 64 });
    const words = Buffer.from(reg.body.data, 'base64');
    assert.deepEqual(Array.from({ length: 16 }, (_, k) => words.readInt32LE(4 * k)), Array.from({ length: 16 }, (_, k) => (k > 5 ? 1 : 0)));

    const set = await dc.setVariableRequest({ variablesReference: counts.variablesReference, name: '[0]', value: '100' });
    assert.equal(set.body.value, '100 (was 0)');

    // one iteration later (x = 16..31, all above the limit): every lane counted once more, the edit kept
    await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
    vars = await locals(dc);
    assert.equal(vars.get('counts')!.memoryReference, counts.memoryReference);
    assert.deepEqual(await lanes(dc, vars.get('counts')!), Array.from({ length: 16 }, (_, k) => String(k === 0 ? 101 : k > 5 ? 2 : 1)));
    // maxima (in a register too), before this iteration's update: the first iteration's elements above the limit
    assert.match(vars.get('maxima')!.memoryReference ?? '', /^ivp:v(2[4-9]|3[01])$/);
    assert.deepEqual(await lanes(dc, vars.get('maxima')!), Array.from({ length: 16 }, (_, k) => (k > 5 ? String(k) : '-2147483648')));
  });
});
