// DWARF of structured-binding names bound to subobjects of a local object: each name has its own
// variable entry whose frame-base location is the hidden object's plus the subobject's offset. At a
// stop on a statement after the binding (in the emulator), the location read back from our DWARF
// holds the name's value; readelf accepts the entries.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCompileDiagnostic, type CompileResult } from '../../compiler';
import { DebugInfo } from '../../debuginfo';
import { AT, TAG, readInfoSection, type Die } from '../../debuginfo/info';
import { createMachine, MemoryHost } from '../../emulator';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { compileSource } from './harness';

const PROGRAM = `struct P { int x; int y; };
int sink(int v) { return v; }
int main() {
  P pt{11, 22};
  auto [vx, vy] = pt;
  int arr[3] = {5, 6, 7};
  auto [a0, a1, a2] = arr;
  sink(vx + vy + a0 + a1 + a2);
  return vy - vx;
}
`;
const STOP_LINE = 8;
const EXPECTED: Record<string, number> = { vx: 11, vy: 22, a0: 5, a1: 6, a2: 7 };

function section(r: CompileResult, name: string): Uint8Array {
  const s = r.image!.sections.find((x) => x.name === name)!;
  return s.data.subarray(0, s.size);
}

/** Every DW_TAG_variable of the image, by name. */
function variables(r: CompileResult): Map<string, Die> {
  const units = readInfoSection(section(r, '.debug_info'), section(r, '.debug_abbrev'), { str: section(r, '.debug_str') });
  const out = new Map<string, Die>();
  const walk = (d: Die): void => {
    const name = d.attrs.get(AT.name);
    if (d.tag === TAG.variable && typeof name === 'string') out.set(name, d);
    d.children.forEach(walk);
  };
  units.forEach((u) => walk(u.root));
  return out;
}

/** A DW_OP_fbreg location's offset (signed LEB128), or undefined for another form or none. */
function fbreg(d: Die | undefined): number | undefined {
  const loc = d?.attrs.get(AT.location);
  if (!(loc instanceof Uint8Array) || loc[0] !== 0x91) return undefined;
  let v = 0;
  let shift = 0;
  let k = 1;
  for (;;) {
    const b = loc[k++];
    v |= (b & 0x7f) << shift;
    shift += 7;
    if (!(b & 0x80)) return b & 0x40 ? v - (1 << shift) : v;
  }
}

/** Runs to the first address of `line` in main and returns the words at each name's frame-base location (a1-relative). */
function valuesAtStop(r: CompileResult, offsets: Map<string, number>): Map<string, number> {
  const info = DebugInfo.fromElf(r.image!);
  const main = info.functionsNamed('main')[0];
  let stop: number | undefined;
  for (let pc = main.lowPc; pc < main.highPc && stop === undefined; pc++) if (info.locate(pc)?.line === STOP_LINE) stop = pc;
  assert.ok(stop !== undefined, `an address for line ${STOP_LINE}`);
  const m = createMachine('q7', { host: new MemoryHost() });
  m.loadElf(r.image!);
  m.addBreakpoint(stop);
  const why = m.run({ maxInstructions: 1_000_000 });
  assert.equal(why.kind, 'breakpoint', JSON.stringify(why));
  const base = m.readAR(1);
  return new Map([...offsets].map(([name, off]) => [name, m.read32(base + off)! | 0]));
}

describe('compiler DWARF: structured-binding names', function () {
  this.timeout(60_000);

  it('locates each name at its subobject within the hidden object (-O0), holding its value at a stop', async () => {
    const r = await compileSource(PROGRAM, '/src/sb.cpp', { optimize: 0, debug: true });
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
    const vars = variables(r);
    const pt = fbreg(vars.get('[vx, vy]'));
    const arr = fbreg(vars.get('[a0, a1, a2]'));
    assert.ok(pt !== undefined && arr !== undefined, 'the hidden objects have frame-base locations');
    const offsets = new Map(Object.keys(EXPECTED).map((n) => [n, fbreg(vars.get(n))!]));
    assert.deepEqual([...offsets.values()], [pt, pt + 4, arr, arr + 4, arr + 8]);
    const values = valuesAtStop(r, offsets);
    assert.deepEqual(Object.fromEntries(values), EXPECTED);
  });

  it('keeps a location or none, never a wrong one, at -O1', async () => {
    const r = await compileSource(PROGRAM, '/src/sb.cpp', { optimize: 1, debug: true });
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
    const vars = variables(r);
    for (const n of Object.keys(EXPECTED)) assert.ok(vars.has(n), `a variable entry for ${n}`);
    const located = new Map([...Object.keys(EXPECTED)].flatMap((n) => {
      const off = fbreg(vars.get(n));
      return off === undefined ? [] : [[n, off] as [string, number]];
    }));
    const values = valuesAtStop(r, located);
    for (const [n, v] of values) assert.equal(v, EXPECTED[n], `${n} at its frame-base location`);
  });

  it('readelf accepts the entries without warnings', async function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const r = await compileSource(PROGRAM, '/src/sb.cpp', { optimize: 0, debug: true });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-sb-')), 'sb.elf');
    fs.writeFileSync(file, r.elf!);
    const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info', file], { encoding: 'utf8' });
    assert.equal(out.stderr, '');
    for (const n of Object.keys(EXPECTED)) assert.match(out.stdout, new RegExp(`DW_AT_name\\s*:.*\\b${n}\\b`));
  });
});
