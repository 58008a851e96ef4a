// -O2's location lists (.debug_loc, DWARF 4) through binutils: xtensa-lx106-elf-readelf reads them
// without a warning, every variable it shows with a location list is one our reader (debuginfo/)
// finds at the same DIE with the same entries (addresses and registers), every entry lies inside the
// variable's function and names a2..a7; -O0 and -O1 write no location lists.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCompileDiagnostic } from '../../compiler';
import { DebugInfo, Program } from '../../debuginfo';
import { O2_PROGRAMS } from '../debuginfo/o2-locations.programs';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { compileSource } from './harness';

interface Entry {
  readonly lo: number;
  readonly hi: number;
  readonly expr: string;
}

function readelf(elf: Uint8Array, dump: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-loc-')), 'p.elf');
  fs.writeFileSync(file, elf);
  const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, [`--debug-dump=${dump}`, file], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  assert.equal(out.stderr, '', `readelf --debug-dump=${dump} warned`);
  return out.stdout;
}

/** readelf's lists by offset: `offset begin end (expression)` lines, absolute addresses in hex. */
function readelfLists(text: string): Map<number, Entry[]> {
  const out = new Map<number, Entry[]>();
  let current: Entry[] | undefined;
  for (const line of text.split('\n')) {
    const m = /^\s+([0-9a-f]{8}) ([0-9a-f]{8}) ([0-9a-f]{8}) \((.*)\)$/.exec(line);
    if (m) {
      const off = parseInt(m[1], 16);
      if (!current) out.set(off, (current = []));
      current.push({ lo: parseInt(m[2], 16), hi: parseInt(m[3], 16), expr: m[4] });
    } else if (/<End of list>/.test(line)) current = undefined;
  }
  return out;
}

/** The DIE offsets of readelf's variables and parameters located by a list, with the list's offset. */
function listedDies(info: string): Map<number, number> {
  const out = new Map<number, number>();
  let die = -1;
  for (const line of info.split('\n')) {
    const d = /^\s*<\d+><([0-9a-f]+)>: Abbrev Number: \d+ \(DW_TAG_(?:variable|formal_parameter)\)/.exec(line);
    if (d) die = parseInt(d[1], 16);
    else if (/^\s*<\d+><[0-9a-f]+>:/.test(line)) die = -1;
    const l = /DW_AT_location\s*: 0x([0-9a-f]+) \(location list\)|DW_AT_location\s*: (0) \(location list\)/.exec(line);
    if (l && die >= 0) out.set(die, parseInt(l[1] ?? l[2], 16));
  }
  return out;
}

/** readelf's spelling of our expressions: DW_OP_regN, DW_OP_bregN 0, DW_OP_regN DW_OP_piece 4 pairs (a zero high word: DW_OP_lit0 DW_OP_stack_value), DW_OP_fbreg. */
function spell(expr: Uint8Array): string {
  const parts: string[] = [];
  for (let k = 0; k < expr.length; ) {
    const op = expr[k];
    if (op >= 0x50 && op <= 0x5f) {
      parts.push(`DW_OP_reg${op - 0x50} (r${op - 0x50})`);
      k++;
    } else if (op >= 0x70 && op <= 0x7f) {
      parts.push(`DW_OP_breg${op - 0x70} (r${op - 0x70}): ${expr[k + 1]}`);
      k += 2;
    } else if (op === 0x93) {
      parts.push(`DW_OP_piece: ${expr[k + 1]}`);
      k += 2;
    } else if (op === 0x30 || op === 0x9f) {
      // a narrowed loop counter's high word: the constant zero
      parts.push(op === 0x30 ? 'DW_OP_lit0' : 'DW_OP_stack_value');
      k++;
    } else if (op === 0x91) {
      // a variable spilled to its frame home, described by a list where a narrowed loop holds it elsewhere
      let value = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = expr[++k];
        value |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte & 0x80);
      if (byte & 0x40) value -= 1 << shift;
      parts.push(`DW_OP_fbreg: ${value}`);
      k++;
    } else return `unknown op 0x${op.toString(16)}`;
  }
  return parts.join('; ');
}

describe('compiler DWARF: -O2 location lists through readelf', function () {
  this.timeout(120_000);

  for (const file of Object.keys(O2_PROGRAMS)) {
    it(`${file}: readelf's lists are the ones our reader finds, inside the functions, in a2..a7`, async function () {
      requireTool(this, 'xtensa-lx106-elf-readelf');
      const r = await compileSource(O2_PROGRAMS[file], `/src/${file}`, { optimize: 2, debug: true });
      assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
      const lists = readelfLists(readelf(r.elf!, 'loc'));
      const dies = listedDies(readelf(r.elf!, 'info'));
      assert.ok(dies.size >= 3, `${dies.size} variables with location lists`);
      const program = Program.fromElf(r.image!);
      const info = DebugInfo.fromElf(r.image!);
      for (const [die, offset] of dies) {
        const v = program.variableAtDie(die);
        assert.ok(v && Array.isArray(v.location), `DIE 0x${die.toString(16)}: our reader finds no location list`);
        const ours = v.location.map((e) => ({ lo: e.lo, hi: e.hi, expr: spell(e.expr) }));
        assert.deepEqual(ours, lists.get(offset), `${v.name}`);
        for (const e of ours) {
          const fn = info.functionAt(e.lo);
          assert.ok(fn && e.lo < e.hi && e.hi <= fn.highPc, `${v.name}: [0x${e.lo.toString(16)}, 0x${e.hi.toString(16)}) outside its function`);
          for (const reg of e.expr.matchAll(/\(r(\d+)\)/g)) assert.ok(Number(reg[1]) >= 2 && Number(reg[1]) <= 7, `${v.name}: ${e.expr}`);
        }
      }
      assert.equal(lists.size, dies.size, 'every list belongs to a variable');
    });
  }

  it('-O0 and -O1 write no location lists', async function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    for (const optimize of [0, 1] as const) {
      const r = await compileSource(O2_PROGRAMS['loops.cpp'], '/src/loops.cpp', { optimize, debug: true });
      assert.ok(!r.image!.sections.some((s) => s.name === '.debug_loc'), `-O${optimize}`);
      assert.doesNotMatch(readelf(r.elf!, 'info'), /location list/);
    }
  });
});
