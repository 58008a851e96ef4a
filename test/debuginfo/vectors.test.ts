// IVP vector locals of a kernel stopped on the emulated device (-O0 and -O1): debuginfo reads their
// DWARF vector types (DW_AT_GNU_vector) as vectors — lane count, lane kind and bits, the bits from one
// lane to the next (a wide accumulator's 64-bit lanes in 96-bit slots, a predicate's lanes 2 bits
// apart) — and their values: lanes as elements (binary16 lanes as numbers, 48/64-bit lanes exact,
// predicate lanes as bools), subscripts in expressions, lane writes, the raw bytes behind a node and
// the frame's vector locals with their storage. Expected lanes are computed here from what the
// intrinsics do.

import { strict as assert } from 'node:assert';
import { Program, ivpDwarfRegister, ivpRegisterName, vectorShape } from '../../debuginfo';
import { InspectError, readPlace, writePlace } from '../../debuginfo/values/value';
import { Inspector, type TargetView, type ValueNode } from '../../debuginfo/values';
import { Device, findKernel } from '../../emulator/device';
import { formatCompileDiagnostic } from '../../compiler';
import { compileSource } from '../compiler/harness';
import { dtypeByScalarType } from '../../tensors';
import type { ElfImage } from '../../xtensa/elf/types';
import { tensorArg } from '../emulator/device/helpers';
import { deviceTarget, lineAddress } from './helpers';

const KERNEL = `#include <torch/torch.h>
#include <xtensa/tie/xt_ivp32.h>
torch::Tensor lanes(const torch::Tensor& t) {
  torch::Tensor out = torch::zeros({2}, torch::kInt);
  xb_vecNx16 h = IVP_SEQNX16();
  xb_vecNx16 five = 5;
  xb_vecN_2xf32 f = -2.25f;
  xb_vecNxf16 hf = IVP_FLOAT16NX16(h, 1);
  xb_vec2Nx8U b = (unsigned char)200;
  xb_vecNx48 w48 = IVP_MULNX16(h, h);
  xb_vecN_2x32v x = IVP_SEQN_2X32();
  xb_vecN_2x32v big = -(1 << 30);
  xb_vecN_2x64w w64 = IVP_MULN_2X32(x, big);
  vboolN p = IVP_LTNX16(h, five);
  auto acc = out.accessor<int, 1>();
  acc[0] = IVP_RADDNX16(IVP_MOVNX16T(h, five, p)) + (int)IVP_RADDN_2XF32(f) + (int)IVP_RADDN_2X32(x);
  acc[1] = IVP_RADDNX16(IVP_PACKVRNX48(w48, 0)) + (int)IVP_RADDU2NX8(b) + IVP_RADDNX16(IVP_TRUNC16NXF16(hf, 0));
  return out;
}
`;
const STOP_LINE = KERNEL.split('\n').findIndex((l) => l.includes('acc[0] =')) + 1;

function byName(nodes: readonly ValueNode[]): Map<string, ValueNode> {
  return new Map(nodes.map((n) => [n.name, n]));
}

function stopInKernel(image: ElfImage): { dev: Device; target: TargetView } {
  const arg = tensorArg('t', { dtype: dtypeByScalarType(6)!, shape: [2], data: new Uint8Array(8) });
  const bp = lineAddress(image, 'v.cpp', STOP_LINE);
  const device = new Device(image, { cores: 1 });
  device.prepare({ opcode: findKernel(image, 'lanes').opcode, args: [arg], returnsTensor: true, kernelName: 'lanes', dst: { shape: [2], scalarType: 3 } });
  device.cores[0].m.addBreakpoint(bp);
  assert.deepEqual(device.runUntil(), { kind: 'breakpoint', core: 0, pc: bp });
  return { dev: device, target: deviceTarget(device) };
}

const seq = (n: number) => Array.from({ length: n }, (_, k) => k);

for (const optimize of [0, 1] as const) {
  describe(`debuginfo: IVP vector locals of a kernel stopped on the device (-O${optimize})`, function () {
    this.timeout(120_000);
    let ins: Inspector;
    let program: Program;
    let target: TargetView;
    let vars: Map<string, ValueNode>;

    const lanesOf = (name: string): string[] => {
      const n = vars.get(name)!;
      assert.ok(n.ref > 0, `${name} has lanes`);
      const r = ins.children(target, n.ref);
      assert.ok(r.ok, r.ok ? '' : r.error);
      return r.value.map((c) => c.value);
    };

    before(async () => {
      const r = await compileSource(KERNEL, '/kernels/v.cpp', { optimize });
      assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
      program = Program.fromElf(r.image!);
      ins = new Inspector(program);
      ({ target } = stopInKernel(r.image!));
      vars = byName(ins.locals(target));
    });

    it('reads each vector type as its lanes: count, kind, value bits and the bits from lane to lane', () => {
      const shape = (n: string) => {
        const v = program.variablesAt(target.pc).find((x) => x.name === n);
        assert.ok(v, n);
        return vectorShape(v.type);
      };
      assert.deepEqual(shape('h'), { lanes: 32, kind: 'int', bits: 16, slotBits: 16, laneName: 'short', size: 64 });
      assert.deepEqual(shape('f'), { lanes: 16, kind: 'float', bits: 32, slotBits: 32, laneName: 'float', size: 64 });
      assert.deepEqual(shape('hf'), { lanes: 32, kind: 'float', bits: 16, slotBits: 16, laneName: '_Float16', size: 64 });
      assert.deepEqual(shape('b'), { lanes: 64, kind: 'uint', bits: 8, slotBits: 8, laneName: 'unsigned char', size: 64 });
      assert.deepEqual(shape('w48'), { lanes: 32, kind: 'int', bits: 48, slotBits: 48, laneName: 'int48', size: 192 });
      assert.deepEqual(shape('w64'), { lanes: 16, kind: 'int', bits: 64, slotBits: 96, laneName: 'int64', size: 192 });
      assert.deepEqual(shape('p'), { lanes: 32, kind: 'bool', bits: 1, slotBits: 2, laneName: 'bool', size: 8 });
      assert.equal(shape('acc'), undefined, 'an accessor is no vector');
      assert.equal(vars.get('h')!.type, 'xb_vecNx16');
      assert.deepEqual(vars.get('h')!.vector, shape('h'));
      assert.equal(vars.get('acc')!.vector, undefined);
    });

    it('shows the lanes as elements: integers, binary16 and float32, exact 48/64-bit lanes, predicate bits', () => {
      assert.deepEqual(lanesOf('h'), seq(32).map(String));
      assert.equal(vars.get('h')!.value, '{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ...}');
      assert.deepEqual(lanesOf('f'), Array(16).fill('-2.25'));
      assert.deepEqual(lanesOf('hf'), seq(32).map((k) => String(k / 2)));
      assert.deepEqual(lanesOf('b'), Array(64).fill('200 \'\\310\''));
      assert.deepEqual(lanesOf('w48'), seq(32).map((k) => String(k * k)));
      assert.deepEqual(lanesOf('w64'), seq(16).map((k) => String(-BigInt(k) * (1n << 30n))));
      assert.deepEqual(lanesOf('p'), seq(32).map((k) => String(k < 5)));
      assert.match(vars.get('h')!.address!, /^0x[0-9a-f]+$/);
    });

    it('evaluates and writes lanes through subscripts', () => {
      const ev = (e: string) => {
        const r = ins.evaluate(target, e);
        assert.ok(r.ok, r.ok ? '' : r.error);
        return r.value.value;
      };
      assert.equal(ev('h[3] + 1'), '4');
      assert.equal(ev('hf[3] * 2'), '3');
      assert.equal(ev('w64[15]'), String(-15n * (1n << 30n)));
      assert.equal(ev('p[4]'), 'true');
      assert.equal(ev('p[5]'), 'false');
      const bad = ins.evaluate(target, 'p[32]');
      assert.ok(!bad.ok && /out of bounds/.test(bad.error));
      const arith = ins.evaluate(target, 'h + 1');
      assert.ok(!arith.ok && /a xb_vecNx16 is a vector, not a number: index one of its lanes/.test(arith.error), arith.ok ? arith.value.value : arith.error);
      for (const [lhs, rhs] of [['h[2]', '-7'], ['hf[1]', '0.25'], ['p[6]', '1'], ['w48[31]', '-5']]) {
        const r = ins.setExpression(target, lhs, rhs);
        assert.ok(r.ok, r.ok ? '' : r.error);
      }
      vars = byName(ins.locals(target));
      assert.deepEqual(lanesOf('h').slice(0, 4), ['0', '1', '-7', '3']);
      assert.deepEqual(lanesOf('hf').slice(0, 3), ['0', '0.25', '1']);
      assert.deepEqual(lanesOf('p').slice(4, 8), ['true', 'false', 'true', 'false']);
      assert.equal(lanesOf('w48')[31], '-5');
      // the bytes behind the nodes: lane 2 of h is -7 (0xfff9); the compare set both bits of lanes 0..4,
      // the write set lane 6's lowest bit (bit 12), the one a vboolN lane is read from
      const h = ins.bytes(target, vars.get('h')!.ref);
      assert.ok(h.ok);
      assert.deepEqual([...h.value.subarray(4, 6)], [0xf9, 0xff]);
      const p = ins.bytes(target, vars.get('p')!.ref);
      assert.ok(p.ok);
      assert.equal(p.value.length, 8);
      assert.equal(new DataView(p.value.buffer).getBigUint64(0, true), 0x3ffn | (1n << 12n));
    });

    it('writes a whole vector and lists the vector locals with their storage', () => {
      const h = vars.get('h')!;
      const bytes = new Uint8Array(64).fill(0x11);
      const w = ins.writeBytes(target, h.ref, bytes);
      assert.ok(w.ok, w.ok ? '' : w.error);
      assert.deepEqual(target.readMemory(Number(h.address), 64), bytes);
      const locals = ins.vectorLocals(target);
      assert.deepEqual(locals.map((v) => v.name).sort(), ['b', 'big', 'f', 'five', 'h', 'hf', 'p', 'w48', 'w64', 'x']);
      const lh = locals.find((v) => v.name === 'h')!;
      assert.equal(lh.place, h.address);
      assert.deepEqual(lh.bytes, bytes);
      assert.equal(h.place, h.address);
    });
  });
}

describe('debuginfo: values held in IVP registers (DW_OP_regx with the project numbers)', () => {
  it('numbers the IVP files after the core registers and names them back', () => {
    const names = ['v0', 'v31', 'wv0', 'wv3', 'vb0', 'vb15', 'u0', 'u3'];
    assert.deepEqual(names.map(ivpDwarfRegister), [256, 287, 288, 291, 292, 307, 308, 311]);
    assert.deepEqual([256, 287, 288, 291, 292, 307, 308, 311].map(ivpRegisterName), names);
    for (const bad of ['v32', 'wv4', 'vb16', 'u4', 'a3', 'f0']) assert.equal(ivpDwarfRegister(bad), undefined, bad);
    for (const n of [0, 15, 255, 312]) assert.equal(ivpRegisterName(n), undefined, String(n));
  });

  it('reads and writes a whole register through the target; a frame without it says so', () => {
    const regs = new Map<number, Uint8Array>([[259, Uint8Array.from({ length: 64 }, (_, k) => k)]]);
    const target: TargetView = {
      pc: 0,
      readMemory: () => undefined,
      readRegister: (r) => (r === 3 ? 0xdead : undefined),
      readVectorRegister: (r) => regs.get(r),
      writeVectorRegister: (r, b) => (regs.has(r) ? (regs.set(r, Uint8Array.from(b)), true) : false),
    };
    const ctx = { program: undefined as unknown as Program, target };
    assert.deepEqual([...readPlace(ctx, { kind: 'register', reg: 259 }, 64)], Array.from({ length: 64 }, (_, k) => k));
    // an AR keeps its 4-byte words (reg 3 is a3, not v3)
    assert.deepEqual([...readPlace(ctx, { kind: 'register', reg: 3 }, 4)], [0xad, 0xde, 0, 0]);
    writePlace(ctx, { kind: 'register', reg: 259 }, new Uint8Array(64).fill(7));
    assert.deepEqual([...regs.get(259)!], Array(64).fill(7));
    assert.throws(() => readPlace(ctx, { kind: 'register', reg: 260 }, 64), (e: Error) => e instanceof InspectError && /v4 is not available in this frame/.test(e.message));
    assert.throws(() => writePlace(ctx, { kind: 'register', reg: 289 }, new Uint8Array(192)), /cannot write wv1 in this frame/);
  });
});
