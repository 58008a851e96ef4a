// What the inspector does with what it cannot read: a PC without debug information, a target whose
// memory reads fail, an image without DWARF, malformed expressions — messages, never exceptions —
// and member functions, where names resolve through `this`.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { Program } from '../../debuginfo';
import { Inspector, type TargetView } from '../../debuginfo/values';
import { createMachine, MemoryHost } from '../../emulator';
import type { ElfImage } from '../../xtensa/elf/types';
import { compileSource } from '../compiler/harness';
import { lineAddress, machineTarget } from './helpers';

const SOURCE = `struct Counter {
  int count;
  long long total;
  void add(int v) {
    count += 1;
    total += v;
  }
};
int main() {
  Counter c{0, 5000000000LL};
  c.add(3);
  c.add(4);
  return c.count;
}
`;

describe('debuginfo values: member functions and robustness', function () {
  this.timeout(60_000);
  let image: ElfImage;
  let t: TargetView;
  let ins: Inspector;

  before(async () => {
    const r = await compileSource(SOURCE, '/src/counter.cpp', { optimize: 0, debug: true });
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
    image = r.image!;
    ins = new Inspector(Program.fromElf(image));
    const m = createMachine('q7', { host: new MemoryHost() });
    m.loadElf(image);
    m.addBreakpoint(lineAddress(image, 'counter.cpp', 6));
    assert.equal(m.run({ maxInstructions: 1_000_000 }).kind, 'breakpoint');
    t = machineTarget(m);
  });

  it('resolves members through this', () => {
    const names = ins.locals(t).map((n) => n.name);
    assert.deepEqual(names, ['this', 'v']);
    const ev = (e: string) => {
      const r = ins.evaluate(t, e);
      assert.ok(r.ok, r.ok ? '' : r.error);
      return r.value.value;
    };
    assert.equal(ev('count'), '1');
    assert.equal(ev('this->total + v'), '5000000003');
    assert.equal(ev('(*this).count'), '1');
  });

  it('answers with messages where it cannot read', () => {
    const nowhere: TargetView = { ...t, readMemory: () => undefined };
    const locals = ins.locals(nowhere);
    assert.equal(locals.find((n) => n.name === 'v')?.value.startsWith('<cannot read'), true);
    const r = ins.evaluate(nowhere, 'count');
    assert.ok(!r.ok && /cannot read/.test(r.error), JSON.stringify(r));
    const outside: TargetView = { ...t, pc: 0x10 };
    assert.deepEqual(ins.locals(outside), []);
    const o = ins.evaluate(outside, 'x');
    assert.ok(!o.ok && o.error === "no variable 'x' (no debug information for the PC 0x10)");
    const stale = ins.children(t, 9999);
    assert.ok(!stale.ok && /no variable with reference 9999/.test(stale.error));
    for (const bad of ['', ')', 'a..b', '1 +', '(int', "'x", 'count[', 'this->', '0x', '@']) {
      const e = ins.evaluate(t, bad);
      assert.ok(!e.ok, `${bad} fails`);
      assert.doesNotMatch(e.error, /internal error/, `${bad}: ${e.error}`);
    }
  });

  it('reads an image without DWARF as an empty program', () => {
    const stripped: ElfImage = { ...image, sections: image.sections.filter((s) => !s.name.startsWith('.debug')) };
    const p = Program.fromElf(stripped);
    assert.equal(p.functionAt(t.pc), undefined);
    assert.deepEqual(new Inspector(p).locals(t), []);
  });
});
