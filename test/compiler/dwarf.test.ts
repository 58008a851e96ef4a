// DWARF of compiled programs: Debian's readelf accepts it without warnings, the line table has a
// statement row for every statement (and the function entries), and .debug_info describes the
// functions, parameters, locals, globals and types with frame-base locations; classes, enums and
// typedefs sit in their namespaces and typedef names are kept (read back by debuginfo/). The ROM's
// assembly and the runtime library's C++ are a second unit with line rows only, which binutils reads as
// it reads an assembler's -g.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DebugInfo, stripType, typeName } from '../../debuginfo';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { compileSource } from './harness';

const SOURCE = `#include <stdio.h>
struct Pair { int a; float b; };
int counter = 3;
int twice(int v) {
  int r = v * 2;
  return r;
}
int main() {
  Pair p = {1, 2.5f};
  int total = 0;
  for (int i = 0; i < 3; i++) {
    total += twice(i);
  }
  printf("%d %d\\n", total, p.a);
  return 0;
}
`;

let elfPath = '';

function readelf(ctx: Mocha.Context, what: string): { out: string; err: string } {
  requireTool(ctx, 'xtensa-lx106-elf-readelf');
  const r = spawnSync(findTool('xtensa-lx106-elf-readelf')!, [`--debug-dump=${what}`, elfPath], { encoding: 'utf8' });
  return { out: r.stdout, err: r.stderr };
}

describe('compiler DWARF', function () {
  this.timeout(60_000);

  before(async () => {
    const r = await compileSource(SOURCE, '/src/dw.cpp');
    assert.deepEqual(r.diagnostics, []);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-dwarf-'));
    elfPath = path.join(dir, 'dw.elf');
    fs.writeFileSync(elfPath, r.elf!);
  });

  it('has the four debug sections and the ROM unit\'s ranges, none of them empty', async () => {
    const r = await compileSource(SOURCE, '/src/dw.cpp');
    const names = r.image!.sections.filter((s) => s.name.startsWith('.debug_')).map((s) => [s.name, s.size > 0]);
    assert.deepEqual(names, [['.debug_info', true], ['.debug_abbrev', true], ['.debug_line', true], ['.debug_str', true], ['.debug_ranges', true]]);
  });

  it('leaves the debug sections out with debug: false', async () => {
    const r = await compileSource(SOURCE, '/src/dw.cpp', { debug: false });
    assert.equal(r.image!.sections.filter((s) => s.name.startsWith('.debug_')).length, 0);
  });

  it('readelf accepts .debug_info and .debug_line without warnings', function () {
    const r = readelf(this, 'info,line');
    assert.equal(r.err, '');
    assert.match(r.out, /DW_TAG_compile_unit/);
  });

  it('the line table has a statement row for each statement and function entry', function () {
    const r = readelf(this, 'decodedline');
    const rows = r.out.split('\n').map((l) => /^dw\.cpp\s+(\d+)\s+(0x[0-9a-f]+)\s+x?$/.exec(l.trim())).filter((m): m is RegExpExecArray => !!m);
    const stmtLines = new Set(r.out.split('\n').filter((l) => /^dw\.cpp\s.*\sx\s*$/.test(l.trim())).map((l) => Number(/^dw\.cpp\s+(\d+)/.exec(l.trim())?.[1])));
    assert.deepEqual([...stmtLines].sort((a, b) => a - b), [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16]);
    const addresses = rows.map((m) => parseInt(m[2], 16));
    assert.ok(addresses.every((a) => a >= 0x40000400 && a < 0x40100000), 'rows are in IRAM');
  });

  it('describes the ROM\'s assembly and the runtime library as a second unit: their files\' lines, ranges that binutils resolves', function () {
    requireTool(this, 'xtensa-lx106-elf-nm');
    requireTool(this, 'xtensa-lx106-elf-addr2line');
    const info = readelf(this, 'info');
    assert.equal(info.err, '');
    const units = info.out.split(/Compilation Unit @/).slice(1);
    assert.equal(units.length, 2);
    assert.match(units[0], /DW_AT_name\s*:.*\/src\/dw\.cpp/, 'the user\'s unit comes first (faults are attributed to it)');
    assert.match(units[1], /DW_AT_language\s*: 32769\s+\(MIPS assembler\)/);
    assert.match(units[1], /DW_AT_ranges/);
    const lines = readelf(this, 'decodedline').out;
    for (const f of ['start.S', 'launch-program.S', 'exit.S', 'printf.S', 'window-vectors.S']) assert.match(lines, new RegExp(`^${f.replace('.', '\\.')}\\s+\\d+\\s+0x4000`, 'm'), f);
    // addr2line goes through the units' ranges: a ROM address names its .S line, a user address its .cpp line
    const nm = spawnSync(findTool('xtensa-lx106-elf-nm')!, [elfPath], { encoding: 'utf8' }).stdout;
    const at = (name: string) => /^([0-9a-f]+) T (\S+)$/m.exec(nm.split('\n').filter((l) => l.endsWith(` ${name}`)).join('\n'))![1];
    const a2l = spawnSync(findTool('xtensa-lx106-elf-addr2line')!, ['-e', elfPath, at('__q7_exit'), at('_Z5twicei'), at('__q7_vprintf')], { encoding: 'utf8' }).stdout.trim().split('\n');
    assert.match(a2l[0], /target\/q7\/guest\/rom\/exit\.S:\d+$/);
    const exitLine = Number(/:(\d+)$/.exec(a2l[0])![1]);
    const exitText = fs.readFileSync(path.join(__dirname, '../../../target/q7/guest/rom/exit.S'), 'utf8').split('\n')[exitLine - 1];
    assert.match(exitText, /^\s+entry\b/, `exit.S:${exitLine} is the function's first instruction`);
    assert.match(a2l[1], /dw\.cpp:4$/);
    // the runtime library, linked as assembly, has the C++ lines its .loc directives give
    assert.match(a2l[2], /target\/q7\/guest\/runtime\/libc\.cpp:\d+$/);
    const libcLine = Number(/:(\d+)$/.exec(a2l[2])![1]);
    const libcText = fs.readFileSync(path.join(__dirname, '../../../target/q7/guest/runtime/libc.cpp'), 'utf8').split('\n')[libcLine - 1];
    assert.match(libcText, /\b__q7_vprintf\(/, `libc.cpp:${libcLine} declares __q7_vprintf`);
  });

  it('.debug_info describes functions, parameters, locals, globals and types', function () {
    const out = readelf(this, 'info').out;
    const names = [...out.matchAll(/DW_AT_name\s+:\s+(?:\(indirect string, offset: 0x[0-9a-f]+\): )?(\S+)/g)].map((m) => m[1]);
    for (const n of ['/src/dw.cpp', 'Pair', 'a', 'b', 'int', 'float', 'counter', 'twice', 'v', 'r', 'main', 'p', 'total', 'i']) {
      assert.ok(names.includes(n), `DW_AT_name ${n} missing (have ${names.join(' ')})`);
    }
    assert.match(out, /DW_AT_linkage_name\s*: \(indirect string, offset: 0x[0-9a-f]+\): _Z5twicei/);
    assert.match(out, /DW_AT_frame_base\s*: 2 byte block: 71 0\s+\(DW_OP_breg1 \(r1\): 0\)/);
    assert.match(out, /DW_AT_location\s*: 5 byte block: 3 [0-9a-f ]+\s*\(DW_OP_addr: 3fe[0-9a-f]{5}\)/);
    assert.equal((out.match(/DW_OP_fbreg/g) ?? []).length, 5, 'v, r, p, total and i have frame-base locations');
    assert.match(out, /DW_AT_data_member_location: 4/);
  });

  it('puts block-scoped locals in lexical blocks nested as the source', async function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const src = 'int main() {\n  int x = 1;\n  {\n    int x = 2;\n    x++;\n  }\n  for (int i = 0; i < 2; i++) {\n    int y = i * x;\n    y++;\n  }\n  return x;\n}\n';
    const r = await compileSource(src, '/src/scopes.cpp');
    const file = path.join(path.dirname(elfPath), 'scopes.elf');
    fs.writeFileSync(file, r.elf!);
    const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info', file], { encoding: 'utf8' });
    assert.equal(out.stderr, '');
    const entries = [...out.stdout.matchAll(/<(\d+)><[0-9a-f]+>: Abbrev Number: \d+ \(DW_TAG_(\w+)\)\n(?:.*\n)*?\s+<[0-9a-f]+>\s+DW_AT_(?:name|low_pc)\s+: (?:\(indirect string, offset: 0x[0-9a-f]+\): )?(\S+)/g)]
      .map((m) => `${m[1]}:${m[2]}${m[2] === 'variable' ? `:${m[3]}` : ''}`)
      .filter((e) => /lexical_block|variable|subprogram/.test(e));
    assert.deepEqual(entries, [
      '1:subprogram', '2:lexical_block', '3:variable:x', '3:lexical_block', '4:variable:x',
      '3:lexical_block', '4:variable:i', '4:lexical_block', '5:variable:y',
    ]);
  });

  it('nests classes, enums and typedefs in their namespaces and keeps typedef names', async function () {
    const src = `#include <stdint.h>
namespace geo {
struct Point { int x; int y; };
enum Kind { A, B };
typedef long long Wide;
namespace inner { struct Deep { Wide w; struct Leaf { short s; } leaf; }; }
}
int64_t f(geo::Point p, geo::Kind k, geo::Wide w, geo::inner::Deep* d, int64_t n, const uint8_t* bytes) {
  return p.x + k + w + d->w + d->leaf.s + n + bytes[0];
}
int main() {
  geo::inner::Deep d = {5, {6}};
  const uint8_t b[1] = {7};
  unsigned int u = 1;
  return (int)u + (int)f(geo::Point{1, 2}, geo::B, 3, &d, 4, b);
}
`;
    const r = await compileSource(src, '/src/ns.cpp');
    assert.deepEqual(r.diagnostics, []);
    const fn = DebugInfo.fromElf(r.image!).functionsNamed('f')[0];
    assert.ok(fn, 'f is described');
    assert.deepEqual(fn.params.map((p) => typeName(p.type)), ['geo::Point', 'geo::Kind', 'geo::Wide', 'geo::inner::Deep *', 'int64_t', 'const uint8_t *']);
    assert.equal(typeName(fn.returnType), 'int64_t');
    assert.deepEqual(stripType(fn.params[4].type), { kind: 'base', name: 'long long', size: 8, encoding: 0x05 });
    assert.deepEqual(stripType(fn.params[2].type), { kind: 'base', name: 'long long', size: 8, encoding: 0x05 });
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const file = path.join(path.dirname(elfPath), 'ns.elf');
    fs.writeFileSync(file, r.elf!);
    const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info', file], { encoding: 'utf8' });
    assert.equal(out.stderr, '');
    // the tree of namespaces and named types, as readelf shows it: depth, tag, name
    const tree = [...out.stdout.matchAll(/<(\d+)><[0-9a-f]+>: Abbrev Number: \d+ \(DW_TAG_(namespace|structure_type|typedef|enumeration_type)\)\n\s+<[0-9a-f]+>\s+DW_AT_name\s+: (?:\(indirect string, offset: 0x[0-9a-f]+\): )?(\S+)/g)].map((m) => `${m[1]}:${m[2]}:${m[3]}`);
    for (const e of ['1:namespace:geo', '2:structure_type:Point', '2:enumeration_type:Kind', '2:typedef:Wide', '2:namespace:inner', '3:structure_type:Deep', '4:structure_type:Leaf', '1:typedef:int64_t', '1:typedef:uint8_t']) {
      assert.ok(tree.includes(e), `${e} in ${tree.join(' ')}`);
    }
    assert.equal(tree.filter((e) => e === '1:namespace:geo').length, 1, 'one DIE per namespace');
    assert.match(out.stdout, /DW_AT_name\s+: \(indirect string, offset: 0x[0-9a-f]+\): unsigned char\n\s+<[0-9a-f]+>\s+DW_AT_encoding\s+: 8\s+\(unsigned char\)/);
    assert.match(out.stdout, /DW_AT_name\s+: \(indirect string, offset: 0x[0-9a-f]+\): unsigned int\n\s+<[0-9a-f]+>\s+DW_AT_encoding\s+: 7\s+\(unsigned\)/);
  });
});
