// Helpers for the device tests: kernels compiled from C++ held in memory (with the sanitizer defines
// q7 run passes), launched on the emulated device with host tensors, and results read back.

import * as path from 'node:path';
import type { ElfImage } from '../../../xtensa/elf/types';
import { Device, DeviceOptions, DeviceResult, KernelArg, findKernel, formatFault } from '../../../emulator/device';
import { compileSource } from '../../compiler/harness';
import { deviceSymbols, readDebugInfo } from '../../../session';
import { HostTensor, generateTensor, parseTensorSpec, dtypeByScalarType } from '../../../tensors';

export const EXAMPLES = path.join(__dirname, '..', '..', '..', '..', 'examples', 'kernels');
export const SANITIZE_DEFINES = { Q7_SANITIZE_BOUNDS: '1', Q7_SANITIZE_COPIES: '1' };

const cache = new Map<string, ElfImage>();

/** Compiles a kernel source (cached per text and defines). */
export async function kernelImage(source: string, file = '/kernels/k.cpp', defines: Record<string, string> = SANITIZE_DEFINES): Promise<ElfImage> {
  const key = `${file}\n${JSON.stringify(defines)}\n${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = await compileSource(source, file, { defines });
  if (!r.image) throw new Error(`kernel build failed:\n${r.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`).join('\n')}`);
  cache.set(key, r.image);
  return r.image;
}

export function tensorArg(name: string, t: HostTensor): KernelArg {
  return { kind: 'tensor', name, tensor: { shape: t.shape, scalarType: t.dtype.scalarType, data: t.data } };
}

export function specArg(name: string, spec: string): KernelArg {
  return tensorArg(name, generateTensor(parseTensorSpec(spec)));
}

export function f32Scalar(name: string, v: number): KernelArg {
  return { kind: 'scalar', name, bytes: new Uint8Array(new Float32Array([v]).buffer) };
}

export interface Launched {
  readonly device: Device;
  readonly result: DeviceResult;
  /** Faults as q7 run prints them. */
  readonly lines: string[];
}

export function launch(image: ElfImage, fn: string, args: KernelArg[], options: DeviceOptions = {}, extra: { returnsTensor?: boolean; dst?: boolean } = {}): Launched {
  const device = new Device(image, { symbols: deviceSymbols(readDebugInfo(image)), ...options });
  const k = findKernel(image, fn);
  const first = args.find((a) => a.kind === 'tensor');
  const result = device.launch({
    opcode: k.opcode, args, returnsTensor: extra.returnsTensor ?? true, kernelName: fn,
    dst: extra.dst !== false && first && first.kind === 'tensor' ? { shape: first.tensor.shape, scalarType: first.tensor.scalarType } : undefined,
  });
  return { device, result, lines: result.faults.map((f) => formatFault(f, 'kernel')) };
}

export function outputOf(r: DeviceResult): HostTensor {
  if (!r.output) throw new Error(`no output; faults: ${r.faults.map((f) => formatFault(f, 'k')).join('\n')}`);
  return { dtype: dtypeByScalarType(r.output.scalarType)!, shape: r.output.shape, data: r.output.data };
}

export function f32(t: HostTensor): number[] {
  return [...new Float32Array(t.data.buffer.slice(t.data.byteOffset, t.data.byteOffset + t.data.byteLength))];
}

/** The aws-neuron-sdk #1019 program: `acc[15][20][30]` on a {5, 5, 5} tensor, out of bounds at line 6. */
export const ISSUE_1019 = `#include <torch/torch.h>
torch::Tensor fill3(const torch::Tensor& t) {
  torch::Tensor out = torch::zeros({5, 5, 5}, torch::kFloat);
  auto acc = out.accessor<float, 3>();
  acc[1][2][3] = 1.0f;
  acc[15][20][30] = 2.0f;
  return out;
}
`;
