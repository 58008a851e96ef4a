// The DWARF reader against real producers: GCC's DWARF 5 (Debian's xtensa-lx106-elf-gcc -g, checked
// row by row against objdump --dwarf=decodedline and against nm for function ranges) and our
// compiler's DWARF 4 (the positions and parameter types it was generated from).

import { strict as assert } from 'node:assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { execFileSync } from 'child_process';
import { ATE, DebugInfo, DwarfError, stripType, typeName } from '../../debuginfo';
import { readElf } from '../../xtensa/elf/reader';
import { buildProgram } from '../../harness/oracle/build';
import { requireTool } from '../../harness/oracle/tools';
import { compileSource } from '../compiler/harness';

interface ObjdumpRow {
  file: string;
  line: number;
  addr: number;
}

/** Rows of `objdump --dwarf=decodedline`: "file.c   12   0x40100010   x". */
function objdumpRows(elf: string): ObjdumpRow[] {
  const text = execFileSync('xtensa-lx106-elf-objdump', ['--dwarf=decodedline', elf], { encoding: 'utf8' });
  const rows: ObjdumpRow[] = [];
  for (const line of text.split('\n')) {
    const m = /^(\S+)\s+(\d+)\s+(0x[0-9a-f]+)/.exec(line);
    if (m) rows.push({ file: m[1], line: Number(m[2]), addr: parseInt(m[3], 16) });
  }
  return rows;
}

describe('debuginfo: GCC DWARF 5 (xtensa-lx106-elf-gcc -g)', function () {
  this.timeout(120000);
  for (const name of ['arith32', 'structs']) {
    it(`${name}: every decoded line row maps back to its line`, function () {
      requireTool(this, ['xtensa-lx106-elf-gcc', 'xtensa-lx106-elf-objdump', 'xtensa-lx106-elf-nm', 'picolibc']);
      const elf = buildProgram(name, '-O0');
      const info = DebugInfo.fromElf(readElf(new Uint8Array(fs.readFileSync(elf)), elf));
      const rows = objdumpRows(elf).filter((r) => r.file === `${name}.c`);
      assert.ok(rows.length > 20, `objdump gave ${rows.length} rows`);
      // the last row at an address wins (objdump lists every row; the lookup gives the final one)
      const last = new Map<number, number>();
      for (const r of rows) last.set(r.addr, r.line);
      let checked = 0;
      for (const [addr, line] of last) {
        const loc = info.locate(addr);
        if (!loc) continue; // an end_sequence address
        assert.equal(path.basename(loc.file), `${name}.c`);
        assert.equal(loc.line, line, `0x${addr.toString(16)}`);
        checked++;
      }
      assert.ok(checked > 20);
      // function ranges agree with the symbol table
      const nm = execFileSync('xtensa-lx106-elf-nm', ['-S', '--defined-only', elf], { encoding: 'utf8' });
      const main = /^([0-9a-f]+) ([0-9a-f]+) T main$/m.exec(nm)!;
      const f = info.functionsNamed('main')[0];
      assert.equal(f.lowPc, parseInt(main[1], 16));
      assert.equal(f.highPc - f.lowPc, parseInt(main[2], 16));
      assert.equal(path.basename(f.declFile ?? ''), `${name}.c`);
    });
  }

  it('reads parameters and their types', function () {
    requireTool(this, ['xtensa-lx106-elf-gcc', 'picolibc']);
    const src = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7dw-')), 'params.c');
    fs.writeFileSync(src, 'struct P { int x; };\nconst char *f(const struct P *p, unsigned short n, float *out, long long w) { out[0] = p->x + n + w; return "x"; }\nint main(void) { struct P p = {1}; float o; f(&p, 2, &o, 3); return 0; }\n');
    execFileSync('xtensa-lx106-elf-gcc', ['-g', '-O0', '-c', 'params.c', '-o', 'params.o'], { cwd: path.dirname(src) });
    const obj = path.join(path.dirname(src), 'params.o');
    const info = DebugInfo.fromElf(readElf(new Uint8Array(fs.readFileSync(obj)), obj));
    const f = info.functionsNamed('f')[0];
    assert.deepEqual(f.params.map((p) => `${typeName(p.type)} ${p.name}`), ['const struct P * p'.replace('struct ', ''), 'short unsigned int n', 'float * out', 'long long int w']);
    assert.equal(typeName(f.returnType), 'const char *');
    assert.equal(f.declLine, 2);
  });
});

describe('debuginfo: our compiler (DWARF 4)', () => {
  it('maps code to the source lines and reads C++ parameter types', async () => {
    const src = [
      '#include <stdint.h>',
      'namespace ns { struct Pt { int x; int y; }; }',
      'int sum(const ns::Pt& p, int64_t k, float* out) {',
      '  int s = p.x + p.y;',
      '  out[0] = (float)k;',
      '  return s;',
      '}',
      'int main() { ns::Pt p{1, 2}; float o; return sum(p, 3, &o); }',
    ].join('\n');
    const { image } = await compileSource(src, '/test/dw.cpp');
    const info = DebugInfo.fromElf(image!);
    const f = info.functionsNamed('sum')[0];
    assert.ok(f, 'sum found');
    // classes sit in their namespace DIEs; typedefs are kept (int64_t → long long)
    const params = f.params.map((p) => `${typeName(p.type)} ${p.name}`);
    assert.deepEqual(params, ['const ns::Pt & p', 'int64_t k', 'float * out']);
    assert.deepEqual(stripType(f.params[1].type), { kind: 'base', name: 'long long', size: 8, encoding: ATE.signed });
    assert.equal(typeName(f.returnType), 'int');
    const lines = new Set<number>();
    for (let pc = f.lowPc; pc < f.highPc; pc++) {
      const loc = info.locate(pc);
      if (loc) {
        assert.match(loc.file, /dw\.cpp$/);
        lines.add(loc.line);
      }
    }
    for (const l of [3, 4, 5, 6]) assert.ok(lines.has(l), `line ${l} in ${[...lines]}`);
    assert.equal(info.functionAt(f.lowPc + 3)?.name, 'sum');
  });

  it('rejects truncated sections with a DwarfError', async () => {
    const image = (await compileSource('int main() { return 0; }\n', '/test/dw2.cpp')).image!;
    const line = image.sections.find((s) => s.name === '.debug_line')!;
    line.data = line.data.subarray(0, 20);
    assert.throws(() => DebugInfo.fromElf(image), (e: unknown) => e instanceof DwarfError && /\.debug_line: truncated/.test((e as Error).message));
  });
});
