// `q7 objdump -d -S`: the rows it takes from debuginfo's .debug_line reader against binutils' decoded line table,
// and the interleaved listing against the source it names.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../cli/main';
import { UsageError, type CliIO } from '../../cli/io';
import { readElfLineTable, sourceRows } from '../../debuginfo';
import { readElf } from '../../xtensa/elf/reader';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { compileSource } from './harness';

const SOURCE = `#include <torch/torch.h>

torch::Tensor twice(const torch::Tensor& t) {
  torch::Tensor out = torch::empty(t.sizes(), torch::kFloat);
  auto in = t.accessor<float, 1>();
  auto o = out.accessor<float, 1>();
  for (int64_t i = 0; i < t.size(0); i++) {
    float x = in[i];
    o[i] = x + x;
  }
  return out;
}
`;
const FILE = 'src/twice.cpp';

async function objdump(args: string[], files: Record<string, string | Uint8Array>): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    readFile: (p) => {
      const f = files[p];
      if (f !== undefined) return typeof f === 'string' ? new TextEncoder().encode(f) : f;
      throw new UsageError(`${p}: cannot read file: ENOENT`);
    },
    writeFile: () => undefined,
  };
  const code = await main(['objdump', ...args], io);
  return { code, out, err };
}

describe('q7 objdump -S', function () {
  this.timeout(120_000);
  let elf: Uint8Array;

  before(async () => {
    const r = await compileSource(SOURCE, FILE);
    assert.deepEqual(r.diagnostics, []);
    elf = r.elf!;
  });

  it('reads the same line rows as binutils decodes', function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const image = readElf(elf, 'k.elf');
    const ours = sourceRows(readElfLineTable(image)!)
      .filter((r) => !r.endSequence)
      .map((r) => `${path.basename(r.file)} ${r.line} 0x${r.address.toString(16)}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-objdump-'));
    try {
      const file = path.join(dir, 'k.elf');
      fs.writeFileSync(file, elf);
      const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=decodedline', file], { encoding: 'utf8' }).stdout;
      const theirs = [...out.matchAll(/^(\S+) +(\d+) +(0x[0-9a-f]+)/gm)].map((m) => `${path.basename(m[1])} ${m[2]} ${m[3]}`);
      assert.ok(theirs.length > 10);
      assert.deepEqual(ours, theirs);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('interleaves each statement line of the source before its first instruction', async () => {
    const r = await objdump(['-d', '-S', '--core', 'q7', 'k.elf'], { 'k.elf': elf, [FILE]: SOURCE });
    assert.deepEqual([r.code, r.err], [0, '']);
    const lines = r.out.split('\n');
    const start = lines.findIndex((l) => /^[0-9a-f]+ <_Z5twiceRKN2at6TensorE>:$/.test(l));
    const end = lines.findIndex((l, i) => i > start && l === '');
    const body = lines.slice(start + 1, end);
    const src = SOURCE.split('\n');
    // every non-instruction line of the function's listing is a line of the source, in source order at first
    const printed = body.filter((l) => !/^[0-9a-f]+:\t/.test(l));
    for (const l of printed) assert.ok(src.includes(l), `'${l}' is a source line`);
    for (const n of [3, 4, 5, 6, 7, 8, 9, 11]) assert.ok(printed.includes(src[n - 1]), `line ${n} '${src[n - 1]}' printed`);
    assert.equal(body[0], src[2], 'the function header line comes first');
    assert.match(body[1], /^[0-9a-f]+:\t[0-9a-f]+ +\tentry\ta1, (?:0x[0-9a-f]+|\d+)$/);
    // SDK headers are read from the built-in SDK
    const sdk = await objdump(['-S', '--core', 'q7', 'k.elf'], { 'k.elf': elf, [FILE]: SOURCE });
    assert.match(sdk.out, /^ {2}TensorElementReference\(Q7PtrType data, size_t index\) : data_\(data\), index_\(index\) \{\}$/m);
  });

  it('interleaves the ROM\'s assembly lines, from the target\'s embedded guest files', async () => {
    const r = await objdump(['-S', '--core', 'q7', 'k.elf'], { 'k.elf': elf });
    const lines = r.out.split('\n');
    const start = lines.findIndex((l) => /^[0-9a-f]+ <_Z16neuron_translatePvy>:$/.test(l));
    assert.ok(start > 0, 'neuron_translate is listed');
    assert.match(lines[start + 1], /^\s+entry\s+a1, 32$/, 'the source line of its first instruction comes first');
    assert.match(lines[start + 2], /^[0-9a-f]+:\t[0-9a-f]+ +\tentry\ta1, 32$/);
    const rom = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'target', 'q7', 'guest', 'rom', 'device-calls.S'), 'utf8').split('\n');
    const end = lines.findIndex((l, i) => i > start && l === '');
    // (a run of zero bytes prints as `\t...`, as in binutils)
    const printed = lines.slice(start + 1, end).filter((l) => !/^[0-9a-f]+:\t/.test(l) && l !== '\t...');
    assert.ok(printed.length > 10);
    for (const l of printed) assert.ok(rom.includes(l), `'${l}' is a line of device-calls.S`);
  });

  it('without the source file prints the plain listing; without .debug_line it warns', async () => {
    const plain = await objdump(['-d', '--core', 'q7', 'k.elf'], { 'k.elf': elf });
    const noSource = await objdump(['-S', '--core', 'q7', 'k.elf'], { 'k.elf': elf });
    assert.equal(noSource.code, 0);
    assert.doesNotMatch(noSource.out, /torch::Tensor twice/);
    assert.ok(noSource.out.length > plain.out.length, 'SDK header lines are still interleaved');
    const stripped = (await compileSource(SOURCE, FILE, { debug: false })).elf!;
    const r = await objdump(['-S', '--core', 'q7', 'k.elf'], { 'k.elf': stripped });
    assert.equal(r.code, 0);
    assert.match(r.err, /has no \.debug_line/);
  });
});
