// The tensor behind an expression, for the tensor viewer (`q7/tensor`): a Tensor's or an accessor's
// dtype, sizes, strides and HBM address as debuginfo's pretty views display them, its elements read
// from HBM in row-major order (at most MAX_ELEMENTS), and the launch's `expect` reference beside them.

import { type DType, type DTypeName, dtypeByName, getElement } from '../tensors';
import type { Q7Runtime } from './runtime';

const MAX_ELEMENTS = 1 << 16;

/** C++ element types and c10 dtype names → the .npy dtypes. */
const ELEMENT: Record<string, DTypeName> = {
  float: 'float32', Float: 'float32', int: 'int32', Int: 'int32', int32_t: 'int32', short: 'int16', Short: 'int16', int16_t: 'int16',
  'signed char': 'int8', Char: 'int8', int8_t: 'int8', 'unsigned char': 'uint8', Byte: 'uint8', uint8_t: 'uint8', Half: 'float16', BFloat16: 'bfloat16',
};

export interface TensorData {
  readonly name: string;
  readonly dtype: string;
  readonly shape: number[];
  readonly values: number[];
  readonly expected?: number[];
  readonly rtol?: number;
  readonly atol?: number;
}

const list = (s: string | undefined) => (s === undefined || s.trim() === '' ? [] : s.split(',').map((x) => Number(x.trim())));

export function tensorData(rt: Q7Runtime, core: number, frame: number, expr: string): TensorData {
  const kernel = rt.kernel;
  if (!kernel) throw new Error(`'${expr}': tensors live in the device's HBM; a plain program has none`);
  const node = rt.frameValues().evaluate(core, frame, expr);
  const text = node.value;
  const type = node.type ?? '';
  const sizes = /sizes = \{([\d, ]*)\}/.exec(text);
  const strides = /strides = \{([\d, ]*)\}/.exec(text);
  const hbm = /hbm_addr = 0x([0-9a-f]+)/.exec(text);
  if (!sizes || !hbm) throw new Error(`'${expr}' is not a tensor or an accessor (${type})`);
  const elem = /dtype = (\w+)/.exec(text)?.[1] ?? /Accessor<([^,>]+)/.exec(type)?.[1]?.trim() ?? '';
  const name = ELEMENT[elem];
  const dt: DType | undefined = name ? dtypeByName(name) : undefined;
  if (!dt) throw new Error(`'${expr}': elements of type ${elem || type} cannot be shown`);
  const shape = list(sizes[1]);
  const st = strides ? list(strides[1]) : shape.map((_, k) => shape.slice(k + 1).reduce((a, b) => a * b, 1));
  const numel = shape.reduce((a, b) => a * b, 1);
  const base = Number(BigInt(`0x${hbm[1]}`));
  const values: number[] = [];
  const idx = shape.map(() => 0);
  for (let k = 0; k < Math.min(numel, MAX_ELEMENTS); k++) {
    const off = idx.reduce((a, i, d) => a + i * st[d], 0);
    values.push(getElement(dt, kernel.device.hbm.read(base + off * dt.size, dt.size), 0));
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  const ex = kernel.expected;
  const expected = ex && ex.shape.reduce((a, b) => a * b, 1) === numel ? values.map((_, k) => getElement(ex.dtype, ex.data, k)) : undefined;
  return { name: expr, dtype: dt.name, shape, values, expected, rtol: rt.plan.rtol, atol: rt.plan.atol };
}
