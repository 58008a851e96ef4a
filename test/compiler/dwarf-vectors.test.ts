// DWARF of the IVP vector types: each vector local is a DW_TAG_variable whose type (through its
// typedef) is a DW_TAG_array_type with DW_AT_GNU_vector over the lane's base type, its lanes in one
// subrange, as GCC describes vector types; read back through debuginfo/ (DIEs and the DebugInfo
// model), and the bytes at each variable's frame-base location at a stop hold its lanes.

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

const DW_AT_GNU_vector = 0x2107;

const PROGRAM = `#include <xtensa/tie/xt_ivp32.h>
int sink(int v) { return v; }
int main() {
  xb_vecN_2xf32 f = 1.5f;
  xb_vecNx16 h = IVP_SEQNX16();
  xb_vec2Nx8U b = (unsigned char)200;
  xb_vecN_2x32v w = IVP_SEQN_2X32();
  w = w + w;
  sink(IVP_EXTRN_2X32(w, 3));
  return 0;
}
`;
const STOP_LINE = 9;

function section(r: CompileResult, name: string): Uint8Array {
  const s = r.image!.sections.find((x) => x.name === name)!;
  return s.data.subarray(0, s.size);
}

function dies(r: CompileResult): { vars: Map<string, Die>; at: Map<number, Die> } {
  const units = readInfoSection(section(r, '.debug_info'), section(r, '.debug_abbrev'), { str: section(r, '.debug_str') });
  const vars = new Map<string, Die>();
  const at = new Map<number, Die>();
  const walk = (d: Die): void => {
    at.set(d.offset, d);
    const name = d.attrs.get(AT.name);
    if (d.tag === TAG.variable && typeof name === 'string') vars.set(name, d);
    d.children.forEach(walk);
  };
  units.forEach((u) => walk(u.root));
  return { vars, at };
}

/** The DW_OP_fbreg offset of a variable's location. */
function fbreg(d: Die): number {
  const loc = d.attrs.get(AT.location);
  assert.ok(loc instanceof Uint8Array && loc[0] === 0x91, 'a frame-base location');
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

/** typedef name, then the vector's lane base type, encoding and lane count. */
function vectorType(d: Die, at: Map<number, Die>): { typedef: string; lane: string; lanes: number; size: number } {
  const ref = (x: Die) => at.get((x.attrs.get(AT.type) as { ref: number }).ref)!;
  const t = ref(d);
  assert.equal(t.tag, TAG.typedef);
  const arr = ref(t);
  assert.equal(arr.tag, TAG.array_type);
  assert.ok(arr.attrs.has(DW_AT_GNU_vector), 'DW_AT_GNU_vector');
  const lane = ref(arr);
  const sub = arr.children.find((c) => c.tag === TAG.subrange_type)!;
  return { typedef: t.attrs.get(AT.name) as string, lane: lane.attrs.get(AT.name) as string, lanes: (sub.attrs.get(AT.upper_bound) as number) + 1, size: arr.attrs.get(AT.byte_size) as number };
}

describe('compiler DWARF: IVP vector types', function () {
  this.timeout(60_000);

  for (const optimize of [0, 1] as const) {
    it(`describes vector locals as GNU vector arrays of their lanes and locates them (-O${optimize})`, async () => {
      const r = await compileSource(PROGRAM, '/src/v.cpp', { optimize, debug: true });
      assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
      const { vars, at } = dies(r);
      const want: Record<string, { typedef: string; lane: string; lanes: number; size: number }> = {
        f: { typedef: 'xb_vecN_2xf32', lane: 'float', lanes: 16, size: 64 },
        h: { typedef: 'xb_vecNx16', lane: 'short', lanes: 32, size: 64 },
        b: { typedef: 'xb_vec2Nx8U', lane: 'unsigned char', lanes: 64, size: 64 },
        w: { typedef: 'xb_vecN_2x32v', lane: 'int', lanes: 16, size: 64 },
      };
      for (const [n, d] of Object.entries(want)) assert.deepEqual(vectorType(vars.get(n)!, at), d, n);
      const info = DebugInfo.fromElf(r.image!);
      const main = info.functionsNamed('main')[0];
      if (optimize === 1) return;
      // the lanes in memory at a stop on line 9
      let stop: number | undefined;
      for (let pc = main.lowPc; pc < main.highPc && stop === undefined; pc++) if (info.locate(pc)?.line === STOP_LINE) stop = pc;
      assert.ok(stop !== undefined, `an address for line ${STOP_LINE}`);
      const m = createMachine('q7', { host: new MemoryHost() });
      m.loadElf(r.image!);
      m.addBreakpoint(stop);
      assert.equal(m.run({ maxInstructions: 1_000_000 }).kind, 'breakpoint');
      const base = m.readAR(1);
      const bytes = (n: string) => {
        const off = fbreg(vars.get(n)!);
        assert.equal((base + off) % 64, 0, `${n} is 64-byte aligned`);
        return Uint8Array.from(m.readMemory(base + off, 64)!);
      };
      const f = new Float32Array(bytes('f').buffer);
      const h = new Int16Array(bytes('h').buffer);
      const b = bytes('b');
      const w = new Int32Array(bytes('w').buffer);
      assert.deepEqual([...f], Array(16).fill(1.5));
      assert.deepEqual([...h], Array.from({ length: 32 }, (_, k) => k));
      assert.deepEqual([...b], Array(64).fill(200));
      assert.deepEqual([...w], Array.from({ length: 16 }, (_, k) => 2 * k));
    });
  }

  it('readelf reads the vector entries without warnings', async function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const r = await compileSource(PROGRAM, '/src/v.cpp', { optimize: 0, debug: true });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-vec-')), 'v.elf');
    fs.writeFileSync(file, r.elf!);
    const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info', file], { encoding: 'utf8' });
    assert.equal(out.stderr, '');
    assert.match(out.stdout, /DW_AT_GNU_vector/);
    assert.match(out.stdout, /DW_AT_upper_bound +: 15/);
  });
});
