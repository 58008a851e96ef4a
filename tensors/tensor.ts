// A host-side tensor: dtype, shape and the raw little-endian bytes of its elements in C order.

import { DType, getElement } from './dtype';

export interface HostTensor {
  readonly dtype: DType;
  readonly shape: readonly number[];
  /** numel · dtype.size bytes, C (row-major) order, little-endian. */
  readonly data: Uint8Array;
}

export function numelOf(shape: readonly number[]): number {
  return shape.reduce((n, s) => n * s, 1);
}

export function shapeText(shape: readonly number[]): string {
  return shape.length === 0 ? '()' : shape.join('x');
}

/** Every element as a number (for comparison and printing). */
export function toNumbers(t: HostTensor): Float64Array {
  const n = numelOf(t.shape);
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = getElement(t.dtype, t.data, k);
  return out;
}

/** The multi-index of flat element k, as "[i][j]". */
export function indexText(shape: readonly number[], k: number): string {
  const idx: number[] = [];
  for (let d = shape.length - 1; d >= 0; d--) {
    idx.unshift(k % shape[d]);
    k = Math.floor(k / shape[d]);
  }
  return idx.map((i) => `[${i}]`).join('');
}
