// -O2: the inlining limits (IR in → IR out), and every example kernel built at -O2 computing what
// -O0 computes on the emulated device through the same SDK path: identical output bytes, the same
// number of neuron_translate calls and window maps, no fault — with fewer instructions retired.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FunctionBuilder, slotAddr } from '../../compiler/ir/builder';
import { INLINE_LIMITS, inlineCalls, instrCount } from '../../compiler/opt/inline';
import { compileSource } from './harness';
import { launch, outputOf } from '../emulator/device/helpers';
import { CASES, EXAMPLES, NOT_BUILT } from './example-cases';

const POS = { file: '/t/a.cpp', line: 1, column: 1 };

/** A callee of `n` stores and loads through a slot (2n + 1 instructions), returning the last load. */
function calleeOfSize(n: number): FunctionBuilder {
  const callee = new FunctionBuilder('big', 'big', POS, true);
  const p = callee.addParam('i32');
  callee.setReturn('i32');
  const s = callee.slot(4, 4, 'x');
  let v = p;
  for (let k = 0; k < n; k++) {
    callee.store('i32', v, slotAddr(s));
    v = callee.load('i32', slotAddr(s), 'i32');
  }
  callee.terminate({ op: 'ret', value: v });
  return callee;
}

function callerOf(): FunctionBuilder {
  const caller = new FunctionBuilder('main', 'main', POS, true);
  caller.setReturn('i32');
  const r = caller.call('big', [caller.const('i32', 7)], 'i32')!;
  caller.terminate({ op: 'ret', value: r });
  return caller;
}

describe('compiler -O2 inlining limits (IR in → IR out)', () => {
  it('a callee past -O1\'s limit and within -O2\'s is inlined at -O2 only', () => {
    const callee = calleeOfSize(100);
    const size = instrCount(callee.func);
    assert.ok(size > INLINE_LIMITS[1].callee && size <= INLINE_LIMITS[2].callee, `callee size ${size}`);
    const ready = (n: string) => (n === 'big' ? { body: callee.func, size } : undefined);
    const o1 = callerOf();
    assert.equal(inlineCalls(o1.func, ready, INLINE_LIMITS[1]), 0);
    assert.equal(inlineCalls(o1.func, ready), 0, 'the default limits are -O1\'s');
    const o2 = callerOf();
    assert.equal(inlineCalls(o2.func, ready, INLINE_LIMITS[2]), 1);
    assert.ok(!o2.func.blocks.some((b) => b.instrs.some((i) => i.op === 'call')), 'no call left');
    assert.equal(instrCount(o2.func), size + 3, 'the callee body, the argument copy, the constant and the result copy');
  });

  it('a callee past -O2\'s limit stays a call', () => {
    const callee = calleeOfSize(INLINE_LIMITS[2].callee);
    const size = instrCount(callee.func);
    const caller = callerOf();
    assert.equal(inlineCalls(caller.func, (n) => (n === 'big' ? { body: callee.func, size } : undefined), INLINE_LIMITS[2]), 0);
  });
});

describe('compiler -O2 (example kernels on the device, against -O0)', function () {
  this.timeout(600_000);

  it('the cases cover every example kernel file the compiler builds', async () => {
    assert.deepEqual([...new Set(CASES.map((c) => c.file)), ...NOT_BUILT].sort(), fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.cpp')).sort());
    for (const file of NOT_BUILT) {
      const r = await compileSource(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'), `/examples/${file}`, { optimize: 2 });
      assert.ok(r.diagnostics.length > 0, `${file} builds now: give it a case`);
    }
  });

  for (const c of CASES) {
    it(`${c.file} ${c.fn}: same output bytes, translates and window maps at -O2 as at -O0, fewer instructions`, async () => {
      const text = fs.readFileSync(path.join(EXAMPLES, c.file), 'utf8');
      const runs = [];
      for (const optimize of [0, 2] as const) {
        const r = await compileSource(text, `/examples/${c.file}`, { optimize });
        assert.deepEqual(r.diagnostics, [], `-O${optimize}`);
        const { result } = launch(r.image!, c.fn, c.args(), { countTranslates: true });
        assert.deepEqual(result.faults.map((f) => f.message), [], `-O${optimize}: no fault`);
        const out = outputOf(result);
        runs.push({ bytes: Buffer.from(out.data).toString('hex'), translates: result.cores[0].translates, maps: result.cores[0].windowMaps, insns: result.cores[0].instructions });
      }
      const [o0, o2] = runs;
      assert.equal(o2.bytes, o0.bytes, 'output bytes');
      if (c.accessors ?? /\.accessor</.test(text)) assert.ok(o0.translates > 0, 'an accessor kernel translates');
      assert.equal(o2.translates, o0.translates, 'neuron_translate calls');
      assert.equal(o2.maps, o0.maps, 'window maps');
      assert.ok(o2.insns < o0.insns, `-O2 ${o2.insns} vs -O0 ${o0.insns} instructions`);
    });
  }
});
