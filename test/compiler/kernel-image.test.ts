// Kernel images (a source without main): the kernel_info_table and thunks, read back with our ELF
// reader and binutils; and the guest side run on the bare q7 machine with a test-side device host —
// dispatch by opcode, printf into the log ring, neuron_translate hits, misses and retries, the TCM pool.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEVICE_CALL, EXIT_UNKNOWN_OPCODE, REPORT, SCALAR_TYPE, TCM_EVENT, TCM_POOL_BASE } from '../../target/q7/abi';
import { readElf } from '../../xtensa/elf/reader';
import type { CompileResult } from '../../compiler';
import { compileSource } from './harness';
import { KernelHost } from './kernel-host';
import { findTool, requireTool } from '../../harness/oracle/tools';

const TWO_KERNELS = `#include <stdio.h>
#include <torch/torch.h>

static int twice(int x) { return 2 * x; }

void hello(int x, double y, bool flag) {
  printf("hello %d %.2f %d\\n", twice(x), y, flag ? 1 : 0);
}

torch::Tensor scale(const torch::Tensor& t, float factor) {
  torch::Tensor out = torch::empty(t.sizes(), torch::kFloat);
  auto in = t.accessor<float, 1>();
  auto o = out.accessor<float, 1>();
  for (int64_t i = 0; i < t.size(0); i++) o[i] = in[i] * factor;
  printf("scaled %d\\n", (int)t.size(0));
  return out;
}
`;

function tableOf(r: CompileResult): Uint8Array {
  const img = readElf(r.elf!, 'k.elf');
  const sec = img.sections.find((s) => s.name === '.kernel_info_table');
  assert.ok(sec, 'the image has a .kernel_info_table section');
  return sec.data.slice(0, sec.size);
}

function symbolValue(r: CompileResult, name: string): number {
  const s = readElf(r.elf!, 'k.elf').symbols.find((x) => x.name === name);
  assert.ok(s, `symbol ${name}`);
  return s.value;
}

function writeTemp(r: CompileResult): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-kernel-')), 'k.elf');
  fs.writeFileSync(file, r.elf!);
  return file;
}

describe('compiler kernel images', function () {
  it('iterates c10::IntArrayRef with range-based for (sizes, strides)', async () => {
    const src = '#include <stdio.h>\n#include <torch/torch.h>\nvoid shape(const torch::Tensor& t) {\n  int64_t n = 1;\n  for (int64_t s : t.sizes()) n *= s;\n  printf("prod %d\\n", (int)n);\n  for (const auto& s : t.strides()) printf("stride %d\\n", (int)s);\n}\n';
    for (const optimize of [0, 1] as const) {
      const r = await compileSource(src, '/test/shape.cpp', { optimize });
      assert.deepEqual(r.diagnostics, []);
      const host = new KernelHost(r.image!, { logSize: 256 });
      const impl = host.tensorImpl([2, 3, 4], SCALAR_TYPE.Float, 4);
      const argv = host.alloc(4);
      host.m.write32(argv, host.handle(impl));
      host.launch('opcode', 1);
      host.launch('argv', argv);
      host.launch('argc', 1);
      assert.equal(host.run().exitCode, 0);
      assert.equal(host.logText(), 'prod 24\nstride 12\nstride 4\nstride 1\n');
    }
  });

  this.timeout(120_000);
  let image: CompileResult;

  before(async () => {
    image = await compileSource(TWO_KERNELS, '/test/kernels.cpp');
    assert.deepEqual(image.diagnostics, []);
  });

  it('lists the kernels in source order with opcodes from 1 (static helpers are not kernels)', () => {
    assert.deepEqual(
      image.kernels!.map((k) => [k.name, k.opcode, k.thunk, k.params.join(','), k.returnsTensor]),
      [
        ['hello', 1, '__q7_kernel_hello', 'i32,f64,u8', false],
        ['scale', 2, '__q7_kernel_scale', 'tensor,f32', true],
      ],
    );
  });

  it('writes kernel_info_table records [u32 big-endian opcode | u32 little-endian thunk address]', () => {
    const t = tableOf(image);
    assert.equal(t.length, 16);
    const dv = new DataView(t.buffer, t.byteOffset, t.length);
    assert.equal(dv.getUint32(0, false), 1);
    assert.equal(dv.getUint32(4, true), symbolValue(image, '__q7_kernel_hello'));
    assert.equal(dv.getUint32(8, false), 2);
    assert.equal(dv.getUint32(12, true), symbolValue(image, '__q7_kernel_scale'));
    assert.equal(symbolValue(image, '__q7_kernel_info_end') - symbolValue(image, '__q7_kernel_info_start'), 16);
  });

  it('binutils reads the same table bytes, the thunk symbols and the DWARF without warnings', function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const readelf = findTool('xtensa-lx106-elf-readelf')!;
    const file = writeTemp(image);
    try {
      const hex = spawnSync(readelf, ['-x', '.kernel_info_table', file], { encoding: 'utf8' });
      const words = [...hex.stdout.matchAll(/^\s*0x[0-9a-f]+ ((?:[0-9a-f]{8} ?){1,4})/gm)].flatMap((m) => m[1].trim().split(' '));
      const le = (v: number) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, v >>> 24].map((b) => b.toString(16).padStart(2, '0')).join('');
      assert.deepEqual(words, ['00000001', le(symbolValue(image, '__q7_kernel_hello')), '00000002', le(symbolValue(image, '__q7_kernel_scale'))]);
      const syms = spawnSync(readelf, ['-sW', file], { encoding: 'utf8' }).stdout;
      assert.match(syms, /FUNC +GLOBAL +DEFAULT +\d+ __q7_kernel_hello\n/);
      assert.match(syms, /FUNC +GLOBAL +DEFAULT +\d+ __q7_kernel_scale\n/);
      const dwarf = spawnSync(readelf, ['--debug-dump=info,line', file], { encoding: 'utf8' });
      assert.equal(dwarf.stderr, '', 'no readelf warnings');
      assert.match(dwarf.stdout, /DW_AT_name +: \(indirect string, offset: 0x[0-9a-f]+\): scale/);
      assert.match(dwarf.stdout, /kernels\.cpp/);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('dispatches opcode 1 with scalar arguments and prints into the log ring', () => {
    const host = new KernelHost(image.image!, { logSize: 8 });
    const x = host.alloc(4);
    const y = host.alloc(8);
    const flag = host.alloc(1);
    host.m.write32(x, 21);
    host.m.writeMemory(y, new Uint8Array(new Float64Array([2.5]).buffer));
    host.m.writeMemory(flag, new Uint8Array([1]));
    const argv = host.alloc(12);
    [x, y, flag].forEach((p, i) => host.m.write32(argv + 4 * i, p));
    host.launch('opcode', 1);
    host.launch('argv', argv);
    host.launch('argc', 3);
    const { exitCode } = host.run();
    assert.equal(exitCode, 0);
    const text = 'hello 42 2.50 1\n';
    assert.equal(host.logHead, text.length, 'head counts every byte written');
    assert.equal(host.logText(), text.slice(text.length - 8), 'the ring keeps the newest 8 bytes');
    const heads = host.callsOf(DEVICE_CALL.logWritten).map((e) => e.args[0]);
    assert.equal(heads[heads.length - 1], text.length);
  });

  it('dispatches opcode 2: the accessor path translates through windows (miss → mapWindow → retry, then hits)', () => {
    const host = new KernelHost(image.image!, { windowSize: 0x40, windowCount: 2, logSize: 256 });
    const n = 40;
    const inImpl = host.tensorImpl([n], SCALAR_TYPE.Float, 4);
    host.writeFloats(inImpl, Array.from({ length: n }, (_, i) => i - 3.5));
    const factor = host.alloc(4);
    host.m.writeMemory(factor, new Uint8Array(new Float32Array([1.5]).buffer));
    const argv = host.alloc(8);
    host.m.write32(argv, host.handle(inImpl));
    host.m.write32(argv + 4, factor);
    const result = host.alloc(20);
    host.launch('opcode', 2);
    host.launch('argv', argv);
    host.launch('argc', 2);
    host.launch('result', result);
    assert.equal(host.run().exitCode, 0);
    const outImpl = host.m.read32(result)!;
    assert.notEqual(outImpl, 0, 'the returned Tensor was constructed in *result');
    assert.deepEqual(host.readFloats(outImpl, n), Array.from({ length: n }, (_, i) => (i - 3.5) * 1.5));
    assert.equal(host.logText(), 'scaled 40\n');
    const maps = host.callsOf(DEVICE_CALL.mapWindow);
    // 160 bytes per tensor in 64-byte windows: at least 3 windows each; element accesses (80) far exceed maps
    assert.ok(maps.length >= 6 && maps.length < 80, `mapWindow calls: ${maps.length}`);
    assert.ok(maps.every((e) => e.args[0] === host.ctx), 'mapWindow gets the tensor\'s translation context');
    assert.equal(host.callsOf(DEVICE_CALL.tensorCreate).length, 1);
  });

  it('thunks pass arguments beyond the six register words on the stack', async () => {
    const r = await compileSource(
      `#include <stdio.h>
#include <torch/torch.h>
void many(const torch::Tensor& a, torch::Tensor& b, torch::Tensor c, const torch::Tensor& d, const torch::Tensor& e,
          const torch::Tensor& f, const torch::Tensor& g, double x, int64_t big, float y, short s, signed char ch) {
  printf("%d %d %d %d %d %d %d %.3f %lld %.2f %d %d\\n", (int)a.numel(), (int)b.numel(), (int)c.numel(), (int)d.numel(),
         (int)e.numel(), (int)f.numel(), (int)g.numel(), x, big, (double)y, s, ch);
}
`,
      '/test/many.cpp',
    );
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(r.kernels![0].params, ['tensor', 'tensor', 'tensor', 'tensor', 'tensor', 'tensor', 'tensor', 'f64', 'i64', 'f32', 'i16', 'i8']);
    const host = new KernelHost(r.image!, { logSize: 256 });
    const argv = host.alloc(4 * 12);
    for (let i = 0; i < 7; i++) host.m.write32(argv + 4 * i, host.handle(host.tensorImpl([i + 1], SCALAR_TYPE.Float, 4)));
    const values: Uint8Array[] = [
      new Uint8Array(new Float64Array([-2.125]).buffer),
      new Uint8Array(new BigInt64Array([-12345678901234n]).buffer),
      new Uint8Array(new Float32Array([0.75]).buffer),
      new Uint8Array(new Int16Array([-300]).buffer),
      new Uint8Array([0xf6]),
    ];
    values.forEach((v, k) => {
      const at = host.alloc(8);
      host.m.writeMemory(at, v);
      host.m.write32(argv + 4 * (7 + k), at);
    });
    host.launch('opcode', 1);
    host.launch('argv', argv);
    host.launch('argc', 12);
    assert.equal(host.run().exitCode, 0);
    assert.equal(host.logText(), '1 2 3 4 5 6 7 -2.125 -12345678901234 0.75 -300 -10\n');
  });

  it('exits with EXIT_UNKNOWN_OPCODE for an opcode with no record', () => {
    const host = new KernelHost(image.image!);
    host.launch('opcode', 9);
    assert.equal(host.run().exitCode, EXIT_UNKNOWN_OPCODE);
  });

  it('TCM pool: nullptr when exhausted, events on alloc and free, a foreign free reported', async () => {
    const r = await compileSource(
      `#include <stdio.h>
#include <torch/torch.h>
void pool() {
  void* a[5];
  for (int i = 0; i < 5; i++) a[i] = torch::neuron::tcm_malloc(4096);
  printf("%d %d\\n", a[3] != nullptr ? 1 : 0, a[4] == nullptr ? 1 : 0);
  torch::neuron::tcm_free(a[1]);
  void* again = torch::neuron::tcm_malloc(100);
  printf("%d\\n", again == a[1] ? 1 : 0);
  int local = 0;
  torch::neuron::tcm_free(&local);
}
`,
      '/test/pool.cpp',
    );
    assert.deepEqual(r.diagnostics, []);
    const host = new KernelHost(r.image!, { logSize: 256 });
    host.launch('opcode', 1);
    const { exitCode } = host.run();
    assert.equal(exitCode, 134, 'a fatal report the host returns from ends the program');
    assert.equal(host.logText(), '1 1\n1\n');
    const events = host.callsOf(DEVICE_CALL.tcmEvent).map((e) => e.args.slice(0, 3));
    assert.deepEqual(events.slice(0, 4), [0, 1, 2, 3].map((i) => [TCM_EVENT.alloc, TCM_POOL_BASE + 4096 * i, 4096]));
    assert.deepEqual(events.slice(4), [
      [TCM_EVENT.free, TCM_POOL_BASE + 4096, 4096],
      [TCM_EVENT.alloc, TCM_POOL_BASE + 4096, 100],
    ]);
    const reports = host.callsOf(DEVICE_CALL.report);
    assert.equal(reports.length, 1);
    assert.equal(reports[0].args[0], REPORT.badTcmFree);
    assert.ok(reports[0].args[2] > 0x3fff4000, 'arg0 is the freed (stack) pointer');
  });
});
