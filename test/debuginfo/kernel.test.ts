// Pretty views of the Neuron types in a real kernel stopped on the emulated device: accessors (data_
// as Q7PtrType with the exact 64-bit HBM address of the tensor the device allocated, sizes, strides,
// enforcer counters, elements read from HBM), tensors (dtype, shape, strides, elements), element
// references, and expressions over them (acc[i][j] through the HBM view, writes into HBM).

import { strict as assert } from 'node:assert';
import { Program } from '../../debuginfo';
import { Inspector, type TargetView, type ValueNode } from '../../debuginfo/values';
import { Device, findKernel } from '../../emulator/device';
import { formatCompileDiagnostic } from '../../compiler';
import { compileSource } from '../compiler/harness';
import { dtypeByScalarType } from '../../tensors';
import type { ElfImage } from '../../xtensa/elf/types';
import { tensorArg } from '../emulator/device/helpers';
import { deviceTarget, lineAddress } from './helpers';

const KERNEL = `#include <torch/torch.h>
torch::Tensor twice(const torch::Tensor& t) {
  torch::Tensor out = torch::zeros({3, 4}, torch::kFloat);
  auto in = t.accessor<float, 2>();
  auto acc = out.accessor<float, 2>();
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      acc[i][j] = in[i][j] * 2.0f;
  auto ref = acc[2][1];
  float probe = ref;
  return out;
}
`;
const STOP_LINE = KERNEL.split('\n').findIndex((l) => l.includes('return out;')) + 1;
const INPUT = Float32Array.from({ length: 12 }, (_, k) => k * 0.5 - 1);

function byName(nodes: readonly ValueNode[]): Map<string, ValueNode> {
  return new Map(nodes.map((n) => [n.name, n]));
}

function stopInKernel(image: ElfImage): { dev: Device; target: TargetView } {
  const dt = dtypeByScalarType(6)!;
  const arg = tensorArg('t', { dtype: dt, shape: [3, 4], data: new Uint8Array(INPUT.buffer.slice(0)) });
  const bp = lineAddress(image, 'k.cpp', STOP_LINE);
  const device = new Device(image, { cores: 1 });
  device.prepare({ opcode: findKernel(image, 'twice').opcode, args: [arg], returnsTensor: true, kernelName: 'twice', dst: { shape: [3, 4], scalarType: 6 } });
  device.cores[0].m.addBreakpoint(bp);
  const stop = device.runUntil();
  assert.deepEqual(stop, { kind: 'breakpoint', core: 0, pc: bp });
  return { dev: device, target: deviceTarget(device) };
}

async function kernel(optimize: 0 | 1): Promise<ElfImage> {
  const r = await compileSource(KERNEL, '/kernels/k.cpp', { optimize });
  assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
  return r.image!;
}

for (const optimize of [0, 1] as const) {
  describe(`debuginfo values: Neuron pretty views in a kernel stopped on the device (-O${optimize})`, function () {
    this.timeout(120_000);
    let ins: Inspector;
    let target: TargetView;
    let dev: Device;
    let vars: Map<string, ValueNode>;
    let outAddr: number;
    let inAddr: number;

    before(async () => {
      const image = await kernel(optimize);
      ins = new Inspector(Program.fromElf(image));
      ({ dev, target } = stopInKernel(image));
      vars = byName(ins.locals(target));
      const hbmOut = dev.hbm.tensors.find((t) => t.name.startsWith('created ') && t.shape.join('x') === '3x4');
      const hbmIn = dev.hbm.tensors.find((t) => t.name === 't');
      assert.ok(hbmOut && hbmIn, `tensors in HBM: ${dev.hbm.tensors.map((t) => t.name).join(', ')}`);
      outAddr = hbmOut.addr;
      inAddr = hbmIn.addr;
    });

    it('shows an accessor: data_ as Q7PtrType (exact HBM address), sizes, strides, enforcer counters', () => {
      const acc = vars.get('acc')!;
      assert.ok(acc, `locals: ${[...vars.keys()].join(', ')}`);
      assert.match(acc.value, new RegExp(`^\\{data_ = \\{hbm_addr = 0x${outAddr.toString(16)}, ctx_ptr = 0x[0-9a-f]+, is_nullptr = false\\}, sizes = \\{3, 4\\}, strides = \\{4, 1\\}, enforcer = \\{readers = 0, writers = 0, unbuffered = 1, policy = COHERENT\\}\\}$`));
      assert.ok(outAddr >= 2 ** 32, 'a 64-bit HBM address');
      const kids = ins.children(target, acc.ref);
      assert.ok(kids.ok);
      const named = byName(kids.value);
      assert.equal(named.get('sizes')?.value, '{3, 4}');
      assert.equal(named.get('strides')?.value, '{4, 1}');
      assert.match(named.get('data_')!.value, new RegExp(`hbm_addr = 0x${outAddr.toString(16)}`));
      const dataKids = byName((ins.children(target, named.get('data_')!.ref) as { value: ValueNode[] }).value);
      assert.equal(dataKids.get('hbm_addr')?.value, `0x${outAddr.toString(16)}`);
      assert.equal(dataKids.get('is_nullptr')?.value, 'false');
      assert.equal(acc.indexedCount, 3);
      const row2 = kids.value.find((n) => n.name === '[2]')!;
      const elems = ins.children(target, row2.ref);
      assert.ok(elems.ok);
      assert.deepEqual(elems.value.map((n) => n.value), [8, 9, 10, 11].map((k) => String(Math.fround(INPUT[k] * 2))));
      assert.equal(elems.value[1].address, `hbm:0x${(outAddr + 4 * 9).toString(16)}`);
    });

    it('shows the input accessor of a const tensor and the tensors themselves', () => {
      assert.match(vars.get('in')!.value, new RegExp(`hbm_addr = 0x${inAddr.toString(16)}`));
      const out = vars.get('out')!;
      assert.equal(out.value, `{dtype = Float, sizes = {3, 4}, strides = {4, 1}, hbm_addr = 0x${outAddr.toString(16)}}`);
      const t = vars.get('t')!;
      assert.match(t.value, new RegExp(`dtype = Float, sizes = \\{3, 4\\}, strides = \\{4, 1\\}, hbm_addr = 0x${inAddr.toString(16)}`));
      const tk = ins.children(target, t.ref);
      assert.ok(tk.ok);
      const r1 = tk.value.find((n) => n.name === '[1]')!;
      const els = ins.children(target, r1.ref, 1, 2);
      assert.ok(els.ok);
      assert.deepEqual(els.value.map((n) => n.value), ['1.5', '2']);
    });

    it('shows an element reference with its value and HBM address', () => {
      const ref = vars.get('ref')!;
      assert.equal(ref.value, `${Math.fround(INPUT[9] * 2)} (HBM 0x${(outAddr + 36).toString(16)})`);
      assert.equal(vars.get('probe')?.value, String(Math.fround(INPUT[9] * 2)));
    });

    it('evaluates acc[i][j], arithmetic and members over the HBM view, and writes an element', () => {
      const ev = (e: string) => {
        const r = ins.evaluate(target, e);
        assert.ok(r.ok, r.ok ? '' : `${e}: ${r.error}`);
        return r.value.value;
      };
      assert.equal(ev('acc[1][3]'), String(Math.fround(INPUT[7] * 2)));
      assert.equal(ev('in[1][3] * 2'), String(INPUT[7] * 2));
      assert.equal(ev('acc[2][1] == ref'), 'true');
      assert.equal(ev('acc.data_.hbm_addr'), String(outAddr));
      assert.equal(ev('(int)acc.sizes_[1] + 1'), '5');
      const bad = ins.evaluate(target, 'acc[3][0]');
      assert.ok(!bad.ok && /out of bounds/.test(bad.error));
      const set = ins.setExpression(target, 'acc[0][0]', '42.25');
      assert.ok(set.ok, set.ok ? '' : set.error);
      const bytes = dev.hbm.read(outAddr, 4);
      assert.equal(new DataView(bytes.buffer, bytes.byteOffset).getFloat32(0, true), 42.25);
      assert.equal(ev('acc[0][0]'), '42.25');
    });
  });
}
