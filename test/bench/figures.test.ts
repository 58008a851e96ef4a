// The benchmark's figure history (bench/figures.ts): a run's figures against the last recorded run,
// moves beyond the noise margin reported in the right direction, the JSON lines it appends read back,
// malformed lines skipped with their line number.

import { strict as assert } from 'node:assert';
import { compare, historyLine, parseHistory, type Figure } from '../../bench/figures';

const figures: Figure[] = [
  { name: 'debugger.launch.edited', value: 1300, unit: 'ms', lowerIsBetter: true },
  { name: 'emulator.compiled.mips', value: 150, unit: 'M insn/s', lowerIsBetter: false },
  { name: 'language.edit', value: 5.2, unit: 'ms', lowerIsBetter: true },
  { name: 'new.figure', value: 1, unit: 'ms', lowerIsBetter: true },
];

describe('bench: the figure history', () => {
  it('flags a slower time and a lower rate as regressions, a faster time as better, and leaves noise alone', () => {
    const previous = { commit: 'abc', date: 'd', cpus: 2, load: 1, figures: { 'debugger.launch.edited': 1000, 'emulator.compiled.mips': 200, 'language.edit': 5.0 } };
    assert.deepEqual(compare(figures, previous), [
      'REGRESSION  debugger.launch.edited: 1000 → 1300 ms (+30%)',
      'REGRESSION  emulator.compiled.mips: 200 → 150 M insn/s (-25%)',
    ]);
    const better = { ...previous, figures: { 'debugger.launch.edited': 2600, 'emulator.compiled.mips': 100 } };
    assert.deepEqual(compare(figures, better), ['better  debugger.launch.edited: 2600 → 1300 ms (-50%)', 'better  emulator.compiled.mips: 100 → 150 M insn/s (+50%)']);
    assert.match(compare(figures, { ...previous, figures: { 'language.edit': 5.1 } })[0], /^every figure within 10% of abc/);
    assert.match(compare(figures, undefined)[0], /no earlier recorded run/);
  });

  it('appends lines that read back, and skips a malformed line naming it', () => {
    const line = historyLine(figures, { commit: 'c1', date: '2026-12-05T00:00:00Z', cpus: 2, load: 0.5 });
    assert.ok(line.endsWith('\n'));
    const warnings: string[] = [];
    const entries = parseHistory(`${line}{not json\n\n{"date":"x"}\n${line}`, 'h.jsonl', (m) => warnings.push(m));
    assert.equal(entries.length, 2);
    assert.deepEqual(entries[0].figures, { 'debugger.launch.edited': 1300, 'emulator.compiled.mips': 150, 'language.edit': 5.2, 'new.figure': 1 });
    assert.equal(warnings.length, 2);
    assert.match(warnings[0], /^h\.jsonl:2: skipped: /);
    assert.match(warnings[1], /^h\.jsonl:4: skipped: no commit or figures/);
  });
});
