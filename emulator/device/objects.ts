// The objects the device builds in a core's memory with the layouts of abi.ts: c10::NeuronTensorImpl
// (sizes, contiguous strides, dim, numel, HBM address, translation context, dtype) and at::Tensor
// handles (impl pointer + CoherencyEnforcer); and reading them back.

import { COHERENCY_ENFORCER, TENSOR_HANDLE, TENSOR_IMPL } from '../../target/q7/abi';
import { GuestMemory } from './guest-memory';

export interface ImplFields {
  readonly sizes: readonly number[];
  readonly strides: readonly number[];
  readonly numel: number;
  readonly hbmAddr: number;
  readonly ctxPtr: number;
  readonly scalarType: number;
}

export function contiguousStrides(sizes: readonly number[]): number[] {
  const strides = new Array<number>(sizes.length).fill(1);
  for (let d = sizes.length - 2; d >= 0; d--) strides[d] = strides[d + 1] * sizes[d + 1];
  return strides;
}

export function writeImpl(g: GuestMemory, at: number, f: ImplFields): void {
  if (f.sizes.length > TENSOR_IMPL.maxDims) throw new RangeError(`a tensor has at most ${TENSOR_IMPL.maxDims} dimensions (got ${f.sizes.length})`);
  f.sizes.forEach((s, d) => g.setU64(at + TENSOR_IMPL.sizes + 8 * d, s));
  f.strides.forEach((s, d) => g.setU64(at + TENSOR_IMPL.strides + 8 * d, s));
  g.setU64(at + TENSOR_IMPL.dim, f.sizes.length);
  g.setU64(at + TENSOR_IMPL.numel, f.numel);
  g.setU64(at + TENSOR_IMPL.hbmAddr, f.hbmAddr);
  g.setU32(at + TENSOR_IMPL.ctxPtr, f.ctxPtr);
  g.write(at + TENSOR_IMPL.dtype, new Uint8Array([f.scalarType]));
}

export function allocImpl(g: GuestMemory, f: ImplFields): number {
  const at = g.alloc(TENSOR_IMPL.size, 8);
  writeImpl(g, at, f);
  return at;
}

export function readImpl(g: GuestMemory, at: number): ImplFields {
  const dim = g.i64(at + TENSOR_IMPL.dim);
  if (dim < 0 || dim > TENSOR_IMPL.maxDims) throw new RangeError(`NeuronTensorImpl at 0x${at.toString(16)} has dim ${dim}`);
  const sizes: number[] = [];
  const strides: number[] = [];
  for (let d = 0; d < dim; d++) {
    sizes.push(g.i64(at + TENSOR_IMPL.sizes + 8 * d));
    strides.push(g.i64(at + TENSOR_IMPL.strides + 8 * d));
  }
  return {
    sizes,
    strides,
    numel: g.i64(at + TENSOR_IMPL.numel),
    hbmAddr: g.u64(at + TENSOR_IMPL.hbmAddr),
    ctxPtr: g.u32(at + TENSOR_IMPL.ctxPtr),
    scalarType: g.bytes(at + TENSOR_IMPL.dtype, 1)[0],
  };
}

/** A Tensor handle (impl pointer, enforcer with no open accessors and the given policy). */
export function allocHandle(g: GuestMemory, impl: number, policy: number): number {
  const at = g.alloc(TENSOR_HANDLE.size, 4);
  g.setU32(at + TENSOR_HANDLE.impl, impl);
  g.setU32(at + TENSOR_HANDLE.enforcer + COHERENCY_ENFORCER.policy, policy);
  return at;
}
