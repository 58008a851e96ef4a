// Locals and parameters of a program built by our compiler (-O0 and -O1), stopped at a known line on
// the emulator: exact values of integers of every width (64-bit exact), chars, bools, floats and
// doubles, enums, bit-fields, structs with bases, multi-dimensional arrays, pointers and references,
// and the variables tree (children, paging, stable references).

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { Program } from '../../debuginfo';
import { Inspector, type TargetView, type ValueNode } from '../../debuginfo/values';
import { createMachine, MemoryHost } from '../../emulator';
import { compileSource } from '../compiler/harness';
import { lineAddress, machineTarget } from './helpers';
import { PROGRAM, STOP_LINE } from './program';

function stop(image: import('../../xtensa/elf/types').ElfImage, file: string, line: number): TargetView {
  const m = createMachine('q7', { host: new MemoryHost() });
  m.loadElf(image);
  m.addBreakpoint(lineAddress(image, file, line));
  const why = m.run({ maxInstructions: 2_000_000 });
  assert.equal(why.kind, 'breakpoint', JSON.stringify(why));
  return machineTarget(m);
}

function byName(nodes: readonly ValueNode[]): Map<string, ValueNode> {
  return new Map(nodes.map((n) => [n.name, n]));
}

function kids(ins: Inspector, t: TargetView, n: ValueNode | undefined, start?: number, count?: number): Map<string, ValueNode> {
  assert.ok(n && n.ref > 0, `${n?.name} has children`);
  const r = ins.children(t, n.ref, start, count);
  assert.ok(r.ok, r.ok ? '' : r.error);
  return byName(r.value);
}

for (const optimize of [0, 1] as const) {
  describe(`debuginfo values: locals of our compiler's -O${optimize} output at a breakpoint`, function () {
    this.timeout(60_000);
    let ins: Inspector;
    let t: TargetView;
    let vars: Map<string, ValueNode>;

    before(async () => {
      const r = await compileSource(PROGRAM, '/src/locals.cpp', { optimize, debug: true });
      assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
      const program = Program.fromElf(r.image!);
      ins = new Inspector(program);
      t = stop(r.image!, 'locals.cpp', STOP_LINE);
      vars = byName(ins.locals(t));
    });

    it('lists the block local first, then the function locals and the parameters', () => {
      const names = [...vars.keys()];
      assert.equal(names[0], 'inner');
      for (const n of ['a', 'r', 'p', 'u', 'z', 'big', 'c', 'mo', 'w', 'yes', 'ch', 'sc', 'fl', 'db', 'box', 'arr', 'pa', 'ra', 'r2']) assert.ok(names.includes(n), n);
    });

    it('shows scalars exactly', () => {
      const v = (n: string) => vars.get(n)?.value;
      assert.equal(v('a'), '4');
      assert.equal(v('z'), '-1234567890123456789');
      assert.equal(v('big'), '18446744073709551615');
      assert.equal(v('u'), '9223372036854775809');
      assert.equal(v('c'), 'Green');
      assert.equal(v('mo'), 'On');
      assert.equal(v('w'), '3735928559');
      assert.equal(v('yes'), 'true');
      assert.equal(v('ch'), "65 'A'");
      assert.equal(v('sc'), "-7 '\\371'");
      assert.equal(v('fl'), '0.1');
      assert.equal(v('db'), '-2.5e-300');
      assert.equal(v('r2'), String(4 + -3 + 9));
      assert.equal(v('inner'), String(2 * (4 + -3 + 9)));
      assert.equal(vars.get('w')?.type, 'u32');
      assert.equal(vars.get('z')?.type, 'long long');
    });

    it('shows pointers in hex, references through to their value', () => {
      const arr = vars.get('arr')!;
      assert.match(arr.address!, /^0x[0-9a-f]+$/);
      const base = Number(arr.address);
      assert.equal(vars.get('pa')?.value, `0x${(base + 12).toString(16)}`);
      assert.equal(vars.get('ra')?.value, '25');
      const pkids = kids(ins, t, vars.get('pa'));
      assert.equal(pkids.get('*')?.value, '9');
    });

    it('expands structs with bases, bit-fields, char arrays and 2-D arrays', () => {
      const r = kids(ins, t, vars.get('r'));
      assert.equal(kids(ins, t, r.get('<Base>')).get('id')?.value, '77');
      assert.equal(r.get('x')?.value, '-3');
      assert.equal(r.get('big')?.value, String(2n ** 40n));
      assert.equal(r.get('f')?.value, '1.5');
      assert.equal(r.get('d')?.value, '0.1');
      assert.equal(r.get('name')?.value, '"hi"');
      const m = kids(ins, t, r.get('m'));
      assert.equal(m.get('[1]')?.value, '{0, 0, 9}');
      assert.equal(m.get('[0]')?.value, '{0, -4, 0}');
      assert.equal(kids(ins, t, m.get('[1]')).get('[2]')?.value, '9');
      const fl = kids(ins, t, r.get('fl'));
      assert.equal(fl.get('a')?.value, '5');
      assert.equal(fl.get('b')?.value, '-3');
      assert.equal(fl.get('c')?.value, '200');
      const p = kids(ins, t, vars.get('p'));
      assert.equal(p.get('*')?.value, vars.get('r')?.value.replace(/^@0x[0-9a-f]+: /, ''));
      assert.equal(vars.get('box')?.value, '{v = {1, -2, 3}}');
    });

    it('pages big arrays and keeps references stable', () => {
      const arr = vars.get('arr')!;
      assert.equal(arr.indexedCount, 40);
      const page = ins.children(t, arr.ref, 30, 5);
      assert.ok(page.ok);
      assert.deepEqual(page.value.map((n) => [n.name, n.value]), [30, 31, 32, 33, 34].map((k) => [`[${k}]`, String(k * k)]));
      const again = byName(ins.locals(t));
      assert.equal(again.get('arr')?.ref, arr.ref);
      assert.equal(again.get('r')?.ref, vars.get('r')?.ref);
    });

    it('reads globals', () => {
      const g = byName(ins.globals(t));
      assert.equal(g.get('g_counter')?.value, '42');
    });
  });
}
