// Every example kernel (examples/kernels/*.cpp) builds into a kernel image at -O0 and -O1: one table record per
// kernel function with its thunk, and DWARF that binutils' readelf accepts without warnings, with a
// location for every variable and parameter.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CompileResult } from '../../compiler';
import { readElf } from '../../xtensa/elf/reader';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { compileSource } from './harness';

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');
const EXPECTED: Record<string, string[]> = {
  'relu.cpp': ['relu_forward', 'relu_backward'],
  'relu_ivp.cpp': ['relu_ivp_forward'],
  'mul_q15_ivp.cpp': ['mul_q15_scalar', 'mul_q15_ivp'],
  'count_max_ivp.cpp': ['count_max_scalar', 'count_max_ivp'],
  'relu_multicore.cpp': ['relu_multicore_forward'],
  'relu_tcm.cpp': ['relu_tcm_forward'],
  'rnn_cell.cpp': ['wkv_forward'],
  'stream_scale.cpp': ['stream_scale'],
};

/** The variables -O2 leaves without a location (never held by their register); may only shrink. */
const OPTIMIZED_OUT_AT_O2: Record<string, string[]> = {
  'count_max_ivp.cpp': ['limit', 'vbest'],
  'mul_q15_ivp.cpp': ['buf_b', 'n'],
  'relu_multicore.cpp': ['buffer', 'end'],
  'rnn_cell.cpp': ['kv', 'state'],
  'stream_scale.cpp': ['factor'],
};

describe('compiler example kernels', function () {
  this.timeout(300_000);
  const built = new Map<string, CompileResult>();

  it('the expectations cover every example', () => {
    assert.deepEqual(fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.cpp')).sort(), Object.keys(EXPECTED).sort());
  });

  for (const [file, names] of Object.entries(EXPECTED)) {
    for (const optimize of [0, 1, 2] as const) {
      it(`${file} builds at -O${optimize} with a table record and thunk per kernel`, async () => {
        const r = await compileSource(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'), `/examples/${file}`, { optimize });
        assert.deepEqual(r.diagnostics, []);
        built.set(`${file} -O${optimize}`, r);
        assert.deepEqual(r.kernels!.map((k) => [k.name, k.opcode]), names.map((n, i) => [n, i + 1]));
        const img = readElf(r.elf!, file);
        const table = img.sections.find((s) => s.name === '.kernel_info_table')!;
        const dv = new DataView(table.data.buffer, table.data.byteOffset, table.size);
        const value = (name: string) => img.symbols.find((s) => s.name === name)?.value;
        names.forEach((n, i) => {
          assert.equal(dv.getUint32(8 * i, false), i + 1);
          assert.equal(dv.getUint32(8 * i + 4, true), value(`__q7_kernel_${n}`));
        });
        assert.equal(value('__q7_kernel_info_end')! - value('__q7_kernel_info_start')!, 8 * names.length);
      });
    }
  }

  it('readelf accepts the DWARF of every example at -O0, -O1 and -O2 without warnings and lists the kernels', function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-examples-'));
    try {
      for (const [key, names] of Object.entries(EXPECTED).flatMap(([f, n]) => [[`${f} -O0`, n], [`${f} -O1`, n], [`${f} -O2`, n]] as const)) {
        const file = key;
        const r = built.get(file);
        assert.ok(r?.elf, `${key} was built`);
        const elf = path.join(dir, key.replace(/[ .]/g, '_') + '.elf');
        fs.writeFileSync(elf, r.elf);
        const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info,line', elf], { encoding: 'utf8' });
        assert.equal(out.stderr, '', `${file}: readelf warnings`);
        const dies = out.stdout.split(/Abbrev Number: /).slice(1);
        const vars = dies.filter((d) => /^\d+ \(DW_TAG_(variable|formal_parameter)\)/.test(d));
        assert.ok(vars.length > 5, `${file}: variables described`);
        // -O2: a variable in a register is described where the register holds it (a location list),
        // so one the register never holds (optimized out) has none: exactly those listed, no parameter
        const unlocated = vars.filter((d) => !/DW_AT_location/.test(d));
        const nameOf = (ds: string[]) => ds.map((d) => /DW_AT_name +: \([^)]*\): (\S+)/.exec(d)?.[1] ?? '?').sort();
        const expected = file.endsWith('-O2') ? (OPTIMIZED_OUT_AT_O2[file.replace(/ -O2$/, '')] ?? []) : [];
        assert.deepEqual(nameOf(unlocated), [...expected].sort(), `${file}: the variables without a location`);
        assert.ok(unlocated.every((d) => /\(DW_TAG_variable\)/.test(d)), `${file}: every parameter has a location`);
        for (const n of names) assert.match(out.stdout, new RegExp(`DW_AT_name +: \\(indirect string, offset: 0x[0-9a-f]+\\): ${n}\\n`), `${file}: ${n} in .debug_info`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
