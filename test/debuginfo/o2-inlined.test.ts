// -O2's inlined calls of functions of the same file as DW_TAG_inlined_subroutine: readelf reads the
// entry (abstract origin with DW_AT_inline, call file and line, address range) without a warning; a
// program stopped inside the inlined code on the emulator has the inlined function innermost in the
// stack of its frame, called from the caller's line, with its own parameter and local (and main its
// own); -O1 (whose output stays as it was) has none.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCompileDiagnostic } from '../../compiler';
import { DebugInfo, Program } from '../../debuginfo';
import { createMachine, MemoryHost } from '../../emulator';
import type { ElfImage } from '../../xtensa/elf/types';
import { compileSource } from '../compiler/harness';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { CALLEE_LINE, CALL_LINE, SOURCE } from './o2-inlined.program';


async function build(optimize: 1 | 2): Promise<{ image: ElfImage; elf: Uint8Array }> {
  const r = await compileSource(SOURCE, '/src/inl.cpp', { optimize, debug: true });
  assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
  return { image: r.image!, elf: r.elf! };
}

function readelfInfo(elf: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-inl-')), 'p.elf');
  fs.writeFileSync(file, elf);
  const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info', file], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  assert.equal(out.stderr, '');
  return out.stdout;
}

/** Every statement address of `line`. */
function statementAddresses(image: ElfImage, line: number): number[] {
  const out: number[] = [];
  for (const u of DebugInfo.fromElf(image).lineUnits) for (const r of u.rows) if (!r.endSequence && r.isStmt && r.line === line && (u.files.get(r.file) ?? '').endsWith('inl.cpp')) out.push(r.address);
  return out;
}

describe('debuginfo: -O2 inlined calls as DW_TAG_inlined_subroutine', function () {
  this.timeout(120_000);

  it('readelf reads the inlined call: its abstract origin, call line and range', async function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const info = readelfInfo((await build(2)).elf);
    const inlined = /DW_TAG_inlined_subroutine\)\n\s+<[0-9a-f]+>\s+DW_AT_abstract_origin: <0x([0-9a-f]+)>\n\s+<[0-9a-f]+>\s+DW_AT_low_pc\s+: 0x[0-9a-f]+\n\s+<[0-9a-f]+>\s+DW_AT_high_pc\s+: 0x([0-9a-f]+)\n\s+<[0-9a-f]+>\s+DW_AT_call_file\s+: 1\n\s+<[0-9a-f]+>\s+DW_AT_call_line\s+: (\d+)/.exec(info);
    assert.ok(inlined, info);
    assert.ok(parseInt(inlined[2], 16) > 0);
    assert.equal(Number(inlined[3]), CALL_LINE);
    const origin = new RegExp(`<1><${inlined[1]}>: Abbrev Number: \\d+ \\(DW_TAG_subprogram\\)\\n(?:\\s+<[0-9a-f]+>.*\\n)*?\\s+<[0-9a-f]+>\\s+DW_AT_inline\\s+: 1\\s+\\(inlined\\)`).exec(info);
    assert.ok(origin, `no abstract subprogram at <0x${inlined[1]}>`);
    assert.match(origin[0], /DW_AT_name\s+: \(indirect string, offset: 0x[0-9a-f]+\): square_plus/);
    assert.doesNotMatch(readelfInfo((await build(1)).elf), /DW_TAG_inlined_subroutine/);
  });

  it('a stop inside the inlined code has the inlined function innermost, called from the caller\'s line', async () => {
    const { image } = await build(2);
    const program = Program.fromElf(image);
    const m = createMachine('q7', { host: new MemoryHost() });
    m.loadElf(image);
    for (const a of statementAddresses(image, CALLEE_LINE)) m.addBreakpoint(a);
    for (let k = 0; k < 3; k++) {
      const why = m.run({ maxInstructions: 1_000_000 });
      assert.equal(why.kind, 'breakpoint', JSON.stringify(why));
      assert.equal(program.functionAt(m.pc)?.name, 'main', 'the stop is in the inlined copy, in main');
      assert.deepEqual(program.inlinedFramesAt(m.pc), [{ name: 'square_plus', callLine: CALL_LINE, callFile: '/src/inl.cpp' }, { name: 'main' }]);
      // each function of the stack has its own variables: the inlined call's parameter and local, then main's
      assert.deepEqual(program.variablesAt(m.pc).map((v) => v.name).sort(), ['r', 'v']);
      assert.deepEqual(program.variablesAt(m.pc, 1).map((v) => v.name).sort(), ['i', 's', 'total']);
    }
  });
});
