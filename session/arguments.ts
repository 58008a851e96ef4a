// Kernel arguments from a launch configuration, marshalled by the kernel's DWARF parameter types:
// a tensor parameter takes a .npy file or a generator (spec text `shape=4x8,init=randn,seed=1` or an
// object {shape, dtype, init, seed}); a scalar parameter takes a number (or its text), range-checked
// and encoded at the parameter's width.

import type { KernelArg } from '../emulator/device';
import { type Parameter, type Subprogram, type TypeInfo, stripType, typeName, ATE } from '../debuginfo';
import {
  type DTypeName, type HostTensor, INITS, type Init, NpyError, SpecError, type TensorSpec, dtypeByName, DTYPE_NAMES, generateTensor, isTensorSpec, parseTensorSpec, readNpy,
} from '../tensors';
import { SessionError } from './errors';
import { DEFAULT_HBM_SIZE, formatBytes } from '../emulator/device';

/** A generated tensor as a launch configuration writes it. */
export interface TensorArgObject {
  readonly shape: readonly number[] | string;
  readonly dtype?: string;
  readonly init?: string;
  readonly seed?: number;
}

/** One kernel argument: a .npy path or generator spec text, a number, or a generator object. */
export type ArgValue = string | number | TensorArgObject;

/** Reads a file named by the user (throws an Error whose message names the file and the cause). */
export type ReadFile = (path: string) => Uint8Array;

/** Tensors generated ahead (e.g. beside the build, in a worker): the tensor of a spec, at most once, or
 *  undefined (then it is generated here). It must hold the bytes generateTensor(spec) gives. */
export type GeneratedTensors = (spec: TensorSpec) => HostTensor | undefined;

export function isTensorType(t: TypeInfo): boolean {
  let s = stripType(t);
  if (s.kind === 'reference' || s.kind === 'rvalue-reference') s = stripType(s.target);
  return s.kind === 'class' && /(^|::)(Tensor|TensorBase)$/.test(s.name);
}

function parseNumber(text: string, what: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new SessionError(`${what}: '${text}' is not a number`);
  return n;
}

function scalarBytes(p: Parameter, arg: string | number, fn: string): Uint8Array {
  let t = stripType(p.type);
  if (t.kind === 'reference' || t.kind === 'rvalue-reference') t = stripType(t.target);
  const where = `${fn}: argument '${p.name}' (${typeName(p.type)})`;
  const value = typeof arg === 'number' ? arg : parseNumber(arg, where);
  if (!Number.isFinite(value)) throw new SessionError(`${where}: ${value} is not a finite number`);
  const b = new Uint8Array(8);
  const v = new DataView(b.buffer);
  if (t.kind === 'enum') t = { kind: 'base', name: 'int', size: t.size || 4, encoding: ATE.signed };
  if (t.kind !== 'base') throw new SessionError(`${where}: this parameter type cannot be given on the command line`);
  if (t.encoding === ATE.float) {
    if (t.size === 4) v.setFloat32(0, value, true);
    else v.setFloat64(0, value, true);
    return b.subarray(0, t.size);
  }
  if (!Number.isInteger(value)) throw new SessionError(`${where}: '${arg}' is not an integer`);
  const unsigned = t.encoding === ATE.unsigned || t.encoding === ATE.unsigned_char || t.encoding === ATE.boolean;
  const bits = t.size * 8;
  const lo = unsigned ? 0 : -(2 ** (bits - 1));
  const hi = unsigned ? 2 ** bits - 1 : 2 ** (bits - 1) - 1;
  if (value < lo || value > hi) throw new SessionError(`${where}: ${value} is out of range [${lo}, ${hi}]`);
  v.setBigInt64(0, BigInt(value), true);
  return b.subarray(0, Math.max(1, t.size));
}

/** A generator object checked field by field (errors name the field). */
export function tensorSpecOf(o: TensorArgObject, where: string): TensorSpec {
  const shape = typeof o.shape === 'string' ? parseTensorSpec(`shape=${o.shape}`).shape : o.shape;
  if (!Array.isArray(shape) || shape.some((d) => !Number.isInteger(d) || d < 0)) throw new SessionError(`${where}.shape: expected non-negative integers, e.g. [4, 8] or "4x8"`);
  if (o.dtype !== undefined && !dtypeByName(o.dtype)) throw new SessionError(`${where}.dtype: unknown dtype '${o.dtype}' (known: ${DTYPE_NAMES.join(', ')})`);
  if (o.init !== undefined && !(INITS as readonly string[]).includes(o.init)) throw new SessionError(`${where}.init: unknown init '${o.init}' (known: ${INITS.join(', ')})`);
  if (o.seed !== undefined && !(Number.isInteger(o.seed) && o.seed >= 0)) throw new SessionError(`${where}.seed: '${o.seed}' is not a non-negative integer`);
  return { shape: [...shape], dtype: (o.dtype ?? 'float32') as DTypeName, init: (o.init ?? 'randn') as Init, seed: o.seed ?? 1 };
}

function looksLikeTensor(a: ArgValue): boolean {
  return typeof a === 'object' || (typeof a === 'string' && (isTensorSpec(a) || /\.npy$/i.test(a)));
}

/** A generated tensor, refused before it is made when the device's HBM (hbmSize bytes) cannot hold it. */
function generate(spec: TensorSpec, where: string, hbmSize: number, made?: GeneratedTensors): HostTensor {
  const numel = spec.shape.reduce((x, y) => x * y, 1);
  const bytes = numel * dtypeByName(spec.dtype)!.size;
  const shape = spec.shape.join('x');
  if (bytes > hbmSize) throw new SessionError(`${where}: shape=${shape} ${spec.dtype} is ${formatBytes(bytes)}, more than the device's HBM holds (${formatBytes(hbmSize)}; --hbm-size)`);
  const ahead = made?.(spec);
  if (ahead) return ahead;
  try {
    return generateTensor(spec);
  } catch (e) {
    if (e instanceof RangeError) throw new SessionError(`${where}: shape=${shape} ${spec.dtype} (${formatBytes(bytes)}) cannot be generated in this process's memory`);
    throw e;
  }
}

/** A host tensor from a .npy path, a spec text or a generator object (generated ones at most hbmSize
 *  bytes; taken from `made` when it has them). */
export function loadTensor(arg: ArgValue, readFile: ReadFile, where: string, hbmSize = DEFAULT_HBM_SIZE, made?: GeneratedTensors): HostTensor {
  try {
    if (typeof arg === 'object') return generate(tensorSpecOf(arg, where), where, hbmSize, made);
    if (typeof arg === 'string' && isTensorSpec(arg)) return generate(parseTensorSpec(arg), where, hbmSize, made);
    if (typeof arg === 'string' && /\.npy$/i.test(arg)) return readNpy(readFile(arg), arg);
  } catch (e) {
    if (e instanceof NpyError || e instanceof SpecError) throw new SessionError(`${where}: ${e.message}`);
    throw e;
  }
  throw new SessionError(`${where}: '${arg}' is neither a .npy file nor a generator spec (shape=...,dtype=...)`);
}

/** The kernel's arguments, one per DWARF parameter, in order. */
export function marshalArgs(fn: Subprogram, values: readonly ArgValue[], readFile: ReadFile, hbmSize = DEFAULT_HBM_SIZE, made?: GeneratedTensors): KernelArg[] {
  const sig = `${fn.name}(${fn.params.map((p) => `${typeName(p.type)} ${p.name}`).join(', ')})`;
  if (values.length !== fn.params.length) {
    throw new SessionError(`${sig} takes ${fn.params.length} argument${fn.params.length === 1 ? '' : 's'}, ${values.length} given (--arg)`, 'args');
  }
  return fn.params.map((p, k): KernelArg => {
    const where = `${fn.name}: argument ${k + 1} '${p.name}' (${typeName(p.type)})`;
    const arg = values[k];
    if (isTensorType(p.type)) {
      if (!looksLikeTensor(arg)) throw new SessionError(`${where}: expects a tensor (FILE.npy or shape=...), got '${arg}'`, `args[${k}]`);
      const t = loadTensor(arg, readFile, where, hbmSize, made);
      return { kind: 'tensor', name: p.name, tensor: { shape: t.shape, scalarType: t.dtype.scalarType, data: t.data } };
    }
    if (looksLikeTensor(arg)) throw new SessionError(`${where}: expects a number, got the tensor '${typeof arg === 'object' ? JSON.stringify(arg) : arg}'`, `args[${k}]`);
    return { kind: 'scalar', name: p.name, bytes: scalarBytes(p, arg as string | number, fn.name) };
  });
}
