// -O2's location lists against -O0: the same programs (o2-locations.programs.ts) built at both levels
// stop at the first hits of every statement line that has one address in each build; at each stop of
// the -O2 build, every local described by a location list and available there must show the value the
// -O0 build shows at the same hit of the same line in the same function. Variables whose register does
// not hold them at a stop show as optimized out (never another variable's value).

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { DebugInfo, Program } from '../../debuginfo';
import { Inspector } from '../../debuginfo/values';
import { createMachine, MemoryHost } from '../../emulator';
import type { ElfImage } from '../../xtensa/elf/types';
import { compileSource } from '../compiler/harness';
import { machineTarget } from './helpers';
import { O2_PROGRAMS } from './o2-locations.programs';

/** Hits recorded per line (the first ones). */
const HITS_PER_LINE = 10;

interface Stop {
  readonly fn: string;
  readonly values: Map<string, string>;
  /** Names of the locals described by a location list at this stop. */
  readonly listed: Set<string>;
}

/** Each line of `file` with exactly one statement address that no other line shares: line → address. */
function singleStatementLines(image: ElfImage, file: string): Map<number, number> {
  const byLine = new Map<number, Set<number>>();
  const linesAt = new Map<number, Set<number>>();
  for (const u of DebugInfo.fromElf(image).lineUnits) {
    for (const r of u.rows) {
      if (r.endSequence || !r.isStmt || !(u.files.get(r.file) ?? '').endsWith(file)) continue;
      byLine.set(r.line, (byLine.get(r.line) ?? new Set()).add(r.address));
      linesAt.set(r.address, (linesAt.get(r.address) ?? new Set()).add(r.line));
    }
  }
  const out = new Map<number, number>();
  for (const [line, addrs] of byLine) {
    const [a] = [...addrs];
    if (addrs.size === 1 && linesAt.get(a)!.size === 1) out.set(line, a);
  }
  return out;
}

/** Runs `image` with breakpoints at `lines`; the locals at each of the first hits, keyed `line#hit`. */
function stopsOf(image: ElfImage, lines: Map<number, number>): Map<string, Stop> {
  const program = Program.fromElf(image);
  const ins = new Inspector(program);
  const m = createMachine('q7', { host: new MemoryHost() });
  m.loadElf(image);
  const lineAt = new Map([...lines].map(([line, a]) => [a, line]));
  for (const a of lineAt.keys()) m.addBreakpoint(a);
  const hits = new Map<number, number>();
  const out = new Map<string, Stop>();
  for (;;) {
    const why = m.run({ maxInstructions: 20_000_000 });
    if (why.kind === 'exit') return out;
    assert.equal(why.kind, 'breakpoint', JSON.stringify(why));
    const pc = m.pc >>> 0;
    const line = lineAt.get(pc)!;
    const hit = (hits.get(line) ?? 0) + 1;
    hits.set(line, hit);
    if (hit >= HITS_PER_LINE) m.removeBreakpoint(pc);
    const t = machineTarget(m);
    const listed = new Set(program.variablesAt(pc).filter((v) => Array.isArray(v.location)).map((v) => v.name));
    const values = new Map(ins.locals(t).map((n) => [n.name, n.value]));
    out.set(`${line}#${hit}`, { fn: program.functionAt(pc)?.name ?? '', values, listed });
  }
}

describe('debuginfo: -O2 location lists against -O0, stepping the same programs', function () {
  this.timeout(180_000);
  let compared = 0;
  let unavailable = 0;
  let stops = 0;

  for (const [file, source] of Object.entries(O2_PROGRAMS)) {
    it(`${file}: every listed variable available at a -O2 stop has its -O0 value`, async () => {
      const build = async (optimize: 0 | 2) => {
        const r = await compileSource(source, `/src/${file}`, { optimize, debug: true });
        assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
        return r.image!;
      };
      const [o0, o2] = [await build(0), await build(2)];
      const lines0 = singleStatementLines(o0, file);
      const lines2 = singleStatementLines(o2, file);
      // a closing brace is the return, which a window underflow runs twice (once before the exception)
      const text = source.split('\n');
      const common = new Map([...lines2].filter(([line]) => lines0.has(line) && text[line - 1].trim() !== '}'));
      assert.ok(common.size >= 5, `${file}: ${common.size} lines to stop at`);
      const at0 = stopsOf(o0, new Map([...common.keys()].map((l) => [l, lines0.get(l)!])));
      const at2 = stopsOf(o2, common);
      const mismatches: string[] = [];
      for (const [key, s2] of at2) {
        const s0 = at0.get(key);
        assert.ok(s0, `${file}: -O0 never stopped at ${key}`);
        stops++;
        if (s0.fn !== s2.fn) continue; // a stop inside an inlined call: -O2 shows the caller's frame
        for (const name of s2.listed) {
          const v2 = s2.values.get(name)!;
          if (v2 === '<optimized out>') {
            unavailable++;
            continue;
          }
          compared++;
          if (s0.values.get(name) !== v2) mismatches.push(`${file}:${key} in ${s2.fn}: ${name} = ${v2} at -O2, ${s0.values.get(name)} at -O0`);
        }
      }
      assert.deepEqual(mismatches, []);
    });
  }

  it('counters.cpp: the int64_t counter narrowed to one 32-bit register shows its value at every iteration', async () => {
    const source = O2_PROGRAMS['counters.cpp'];
    const r = await compileSource(source, '/src/counters.cpp', { optimize: 2, debug: true });
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
    const image = r.image!;
    const line = source.split('\n').findIndex((l) => l.includes('sum += w * 3;')) + 1;
    // the narrowed loop and its 64-bit fallback copy (in total and where main inlines it): one statement address each
    const addrs = new Set<number>();
    for (const u of DebugInfo.fromElf(image).lineUnits) {
      for (const row of u.rows) if (!row.endSequence && row.isStmt && row.line === line && (u.files.get(row.file) ?? '').endsWith('counters.cpp')) addrs.add(row.address);
    }
    assert.ok(addrs.size >= 2, `line ${line}: ${[...addrs].map((a) => a.toString(16)).join(', ')}`);
    const program = Program.fromElf(image);
    const ins = new Inspector(program);
    const m = createMachine('q7', { host: new MemoryHost() });
    m.loadElf(image);
    for (const a of addrs) m.addBreakpoint(a);
    for (let hit = 0; hit < 24; hit++) {
      const why = m.run({ maxInstructions: 20_000_000 });
      assert.equal(why.kind, 'breakpoint', JSON.stringify(why));
      const pc = m.pc >>> 0;
      // the bound (24) fits: every stop is in the narrowed loop, where j is its low word's register and
      // a constant zero high word (DW_OP_regN DW_OP_piece 4 DW_OP_lit0 DW_OP_stack_value DW_OP_piece 4)
      const j = program.variablesAt(pc).find((v) => v.name === 'j');
      assert.ok(j && Array.isArray(j.location), 'j has a location list');
      const entry = (j.location as { lo: number; hi: number; expr: Uint8Array }[]).find((e) => e.lo <= pc && pc < e.hi);
      assert.ok(entry, `j has a location at 0x${pc.toString(16)}`);
      assert.match(Buffer.from(entry.expr).toString('hex'), /^5[0-9a-f]9304309f9304$/);
      const values = new Map(ins.locals(machineTarget(m)).map((n) => [n.name, n.value]));
      assert.equal(values.get('j'), String(hit), [...values].map(([n, v]) => `${n} = ${v}`).join(', '));
    }
  });

  it('compared many values, and some listed variables were unavailable where their register did not hold them', () => {
    assert.ok(stops >= 150, `${stops} stops`);
    assert.ok(compared >= 75, `${compared} values compared`);
    assert.ok(unavailable > 0, 'no listed variable was ever unavailable');
  });
});
