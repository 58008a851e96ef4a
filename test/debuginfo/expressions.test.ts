// Expressions in a frame's context (watch, hover, REPL) over the locals program of our compiler
// stopped on the emulator: names, members, subscripts, pointers, casts, arithmetic with C++'s
// conversions (64-bit exact), comparisons, logic, ?:; setting values (integers, floats, pointers,
// bit-fields, 64-bit); and the error messages for what cannot be evaluated.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { Program } from '../../debuginfo';
import { Inspector, parseExpr, type TargetView } from '../../debuginfo/values';
import { createMachine, MemoryHost } from '../../emulator';
import { compileSource } from '../compiler/harness';
import { lineAddress, machineTarget } from './helpers';
import { PROGRAM, STOP_LINE } from './program';

describe('debuginfo values: expressions and assignment', function () {
  this.timeout(60_000);
  let ins: Inspector;
  let t: TargetView;
  const ev = (e: string): string => {
    const r = ins.evaluate(t, e);
    assert.ok(r.ok, r.ok ? '' : `${e}: ${r.error}`);
    return r.value.value;
  };
  const err = (e: string): string => {
    const r = ins.evaluate(t, e);
    assert.ok(!r.ok, `${e} should fail, gave ${r.ok ? r.value.value : ''}`);
    return r.error;
  };

  before(async () => {
    const r = await compileSource(PROGRAM, '/src/locals.cpp', { optimize: 0, debug: true });
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
    ins = new Inspector(Program.fromElf(r.image!));
    const m = createMachine('q7', { host: new MemoryHost() });
    m.loadElf(r.image!);
    m.addBreakpoint(lineAddress(r.image!, 'locals.cpp', STOP_LINE));
    assert.equal(m.run({ maxInstructions: 2_000_000 }).kind, 'breakpoint');
    t = machineTarget(m);
  });

  it('evaluates names, members, subscripts and pointers', () => {
    assert.equal(ev('a'), '4');
    assert.equal(ev('r.x'), '-3');
    assert.equal(ev('r.id'), '77');
    assert.equal(ev('p->m[1][2]'), '9');
    assert.equal(ev('(*p).big'), String(2n ** 40n));
    assert.equal(ev('arr[7]'), '49');
    assert.equal(ev('*pa'), '9');
    assert.equal(ev('pa[2]'), '25');
    assert.equal(ev('*(pa + 1)'), '16');
    assert.equal(ev('&arr[3] == pa'), 'true');
    assert.equal(ev('pa - &arr[0]'), '3');
    assert.equal(ev('r.fl.b'), '-3');
    assert.equal(ev('box.v[1]'), '-2');
    assert.equal(ev('g_counter'), '42');
    assert.equal(ev('c == Green'.replace('Green', '5')), 'true');
  });

  it('computes with C++ conversions, 64-bit exact', () => {
    assert.equal(ev('z + 1'), '-1234567890123456788');
    assert.equal(ev('big + 1'), '0');
    assert.equal(ev('u >> 63'), '1');
    assert.equal(ev('w + 1u'), '3735928560');
    assert.equal(ev('(int)w'), '-559038737');
    assert.equal(ev('-1 < 0u'), 'false');
    assert.equal(ev('7 / 2'), '3');
    assert.equal(ev('-7 % 3'), '-1');
    assert.equal(ev('7 / 2.0'), '3.5');
    assert.equal(ev('fl * 2'), '0.2');
    assert.equal(ev('(float)1 / 3'), '0.33333334');
    assert.equal(ev('1.0 / 3'), '0.3333333333333333');
    assert.equal(ev('(char)65'), "65 'A'");
    assert.equal(ev('ch + 1'), '66');
    assert.equal(ev('yes && a > 3 || 0'), 'true');
    assert.equal(ev('!yes'), 'false');
    assert.equal(ev('a > 3 ? r.x : 100'), '-3');
    assert.equal(ev('~0xffffull'), '18446744073709486080');
    assert.equal(ev('0x10 | 1 << 2'), '20');
    assert.match(ev('(int*)pa'), /^0x[0-9a-f]+$/);
    assert.equal(ev('(unsigned char)300'), "44 ','");
  });

  it('gives clear messages for what it cannot evaluate', () => {
    assert.equal(err('nosuch'), "no variable 'nosuch' in this frame");
    assert.equal(err('r.nosuch'), "Pt has no member named 'nosuch'");
    assert.match(err('a.x'), /'x' is not a member: the operand has type int/);
    assert.match(err('p.x'), /use '->'/);
    assert.match(err('sink(3)'), /function calls are not evaluated/);
    assert.match(err('a = 3'), /assignment is not allowed/);
    assert.match(err('a++'), /side effects/);
    assert.match(err('a +'), /expression expected/);
    assert.match(err('1 / 0'), /division by zero/);
    assert.match(err('arr[40]'), /out of bounds/);
    assert.match(err('*(int*)0'), /null pointer/);
    assert.match(err('(nosuchtype)3'), /unexpected '3'/);
    assert.throws(() => parseExpr('a $ b'), /column 3: unexpected character/);
  });

  it('sets integers, 64-bit values, floats, pointers and bit-fields', () => {
    const set = (e: string, v: string) => {
      const r = ins.setExpression(t, e, v);
      assert.ok(r.ok, r.ok ? '' : `${e} = ${v}: ${r.error}`);
      return r.value.value;
    };
    assert.equal(set('a', '-12'), '-12');
    assert.equal(ev('a'), '-12');
    assert.equal(set('z', '0x7fffffffffffffff'), '9223372036854775807');
    assert.equal(set('fl', '3.25'), '3.25');
    assert.equal(set('db', '1e300'), '1e+300');
    assert.equal(set('r.fl.b', '-16'), '-16');
    assert.equal(ev('r.fl.a'), '5');
    assert.equal(ev('r.fl.c'), '200');
    assert.equal(set('arr[39]', 'arr[2] + 1'), '5');
    assert.equal(set('pa', '&arr[4]'), ev('&arr[4]'));
    assert.equal(ev('*pa'), '16');
    assert.equal(set('c', '6'), 'Blue');
    const bad = ins.setExpression(t, 'a + 1', '3');
    assert.ok(!bad.ok && /not an lvalue/.test(bad.error));
    const bad2 = ins.setExpression(t, 'r', '3');
    assert.ok(!bad2.ok && /cannot assign to a value of type/.test(bad2.error));
    const locals = ins.locals(t);
    const rnode = locals.find((n) => n.name === 'r')!;
    const sv = ins.setVariable(t, rnode.ref, 'x', '11');
    assert.ok(sv.ok, sv.ok ? '' : sv.error);
    assert.equal(ev('r.x'), '11');
  });
});
