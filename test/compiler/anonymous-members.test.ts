// Anonymous unions and structs as members: their DWARF (the union type and the member that holds it
// are unnamed, as GCC describes them, the member at the union's offset, the union's own members
// named), and the clear error for an anonymous union at block scope (not supported yet). Their code
// is checked by the differential corpus (corpus/anonymous_members.cpp).

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { compileSource } from './harness';

const SOURCE = 'struct V { short tag; union { int whole; float real; }; };\nV g;\nint main() { g.whole = 1; return g.tag; }\n';

/** The DIEs of readelf's dump as `tag name? offset?` lines. */
function entries(dump: string): string[] {
  return dump.split(/\n(?=\s*<\d+><[0-9a-f]+>)/).map((block) => {
    const tag = /\(DW_TAG_(\w+)\)/.exec(block)?.[1] ?? '';
    const name = /DW_AT_name\s*:\s*(?:\(indirect string, offset: 0x[0-9a-f]+\): )?(\S+)/.exec(block)?.[1];
    const at = /DW_AT_data_member_location:\s*(\d+)/.exec(block)?.[1];
    return [tag, name ?? '-', at ?? ''].join(' ').trim();
  });
}

describe('compiler: DWARF of anonymous union members', () => {
  it('describes an unnamed union type and an unnamed member at its offset', async function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const r = await compileSource(SOURCE, '/src/anon.cpp');
    assert.ok(r.elf, r.diagnostics.map((d) => d.message).join('\n'));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-anon-')), 'anon.elf');
    fs.writeFileSync(file, r.elf!);
    const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info', file], { encoding: 'utf8' });
    assert.equal(out.stderr, '');
    const dies = entries(out.stdout);
    const v = dies.indexOf('structure_type V');
    assert.ok(v >= 0, dies.join('\n'));
    assert.deepEqual(dies.slice(v + 1, v + 3), ['member tag 0', 'member - 4']);
    const u = dies.indexOf('union_type -');
    assert.ok(u >= 0, dies.join('\n'));
    assert.deepEqual(dies.slice(u + 1, u + 3), ['member whole 0', 'member real 0']);
  });
});

describe('compiler: anonymous unions at block scope', () => {
  it('are reported at the union, not compiled', async () => {
    const r = await compileSource('int main() {\n  union { int a; float b; };\n  a = 1;\n  return 0;\n}\n', '/src/local.cpp');
    assert.equal(r.elf, undefined);
    const d = r.diagnostics.find((x) => /anonymous union at block scope/.test(x.message));
    assert.ok(d, r.diagnostics.map((x) => x.message).join('\n'));
    assert.deepEqual([d.line, d.column], [2, 3]);
  });
});
