// The element types q7 run exchanges with the host: their names, sizes, .npy descriptors and the
// c10::ScalarType value the device stores in a NeuronTensorImpl; conversions between raw little-endian
// elements and JavaScript numbers (float16 and bfloat16 decoded/encoded exactly, round to nearest even).
import { halfToNumber, numberToHalf } from './binary16';

export type DTypeName = 'float32' | 'bfloat16' | 'float16' | 'int32' | 'int16' | 'int8' | 'uint8';

export interface DType {
  readonly name: DTypeName;
  readonly size: 1 | 2 | 4;
  /** The descriptor np.save writes (bfloat16: '|V2', the raw 2-byte void numpy stores for it). */
  readonly descr: string;
  /** c10::ScalarType value. */
  readonly scalarType: number;
  readonly float: boolean;
}

export const DTYPES: Readonly<Record<DTypeName, DType>> = {
  float32: { name: 'float32', size: 4, descr: '<f4', scalarType: 6, float: true },
  bfloat16: { name: 'bfloat16', size: 2, descr: '|V2', scalarType: 15, float: true },
  float16: { name: 'float16', size: 2, descr: '<f2', scalarType: 5, float: true },
  int32: { name: 'int32', size: 4, descr: '<i4', scalarType: 3, float: false },
  int16: { name: 'int16', size: 2, descr: '<i2', scalarType: 2, float: false },
  int8: { name: 'int8', size: 1, descr: '|i1', scalarType: 1, float: false },
  uint8: { name: 'uint8', size: 1, descr: '|u1', scalarType: 0, float: false },
};

export const DTYPE_NAMES = Object.keys(DTYPES) as DTypeName[];

export function dtypeByName(name: string): DType | undefined {
  return (DTYPES as Record<string, DType>)[name];
}

export function dtypeByScalarType(st: number): DType | undefined {
  return DTYPE_NAMES.map((n) => DTYPES[n]).find((d) => d.scalarType === st);
}

/** Descriptors accepted when reading (both byte orders' spellings for one-byte types). */
export function dtypeByDescr(descr: string): DType | undefined {
  const d = descr.replace(/^=/, '<');
  const alias: Record<string, DTypeName> = { '<i1': 'int8', '<u1': 'uint8', '<V2': 'bfloat16', '<bf16': 'bfloat16' };
  if (alias[d]) return DTYPES[alias[d]];
  return DTYPE_NAMES.map((n) => DTYPES[n]).find((t) => t.descr === d);
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

export function bf16ToNumber(h: number): number {
  u32[0] = (h & 0xffff) << 16;
  return f32[0];
}

export function numberToBf16(v: number): number {
  f32[0] = v;
  const x = u32[0];
  if ((x & 0x7f800000) === 0x7f800000 && (x & 0x7fffff)) return ((x >>> 16) | 0x40) & 0xffff;
  const r = x + 0x7fff + ((x >>> 16) & 1);
  return (r >>> 16) & 0xffff;
}

/** Element k of a little-endian buffer as a number. */
export function getElement(dt: DType, bytes: Uint8Array, k: number): number {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const o = k * dt.size;
  switch (dt.name) {
    case 'float32': return v.getFloat32(o, true);
    case 'bfloat16': return bf16ToNumber(v.getUint16(o, true));
    case 'float16': return halfToNumber(v.getUint16(o, true));
    case 'int32': return v.getInt32(o, true);
    case 'int16': return v.getInt16(o, true);
    case 'int8': return v.getInt8(o);
    case 'uint8': return v.getUint8(o);
  }
}

/** Stores `x` as element k (integers wrap as C's conversions of in-range values; floats round to nearest even). */
export function setElement(dt: DType, bytes: Uint8Array, k: number, x: number): void {
  elementWriter(dt, bytes)(k, x);
}

/** setElement for one buffer, the type dispatch and the view made once (for filling whole tensors). */
export function elementWriter(dt: DType, bytes: Uint8Array): (k: number, x: number) => void {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (dt.name) {
    case 'float32': return (k, x) => v.setFloat32(k * 4, x, true);
    case 'bfloat16': return (k, x) => v.setUint16(k * 2, numberToBf16(x), true);
    case 'float16': return (k, x) => v.setUint16(k * 2, numberToHalf(x), true);
    case 'int32': return (k, x) => v.setInt32(k * 4, Math.trunc(x), true);
    case 'int16': return (k, x) => v.setInt16(k * 2, Math.trunc(x), true);
    case 'int8': return (k, x) => v.setInt8(k, Math.trunc(x));
    case 'uint8': return (k, x) => v.setUint8(k, Math.trunc(x));
  }
}
