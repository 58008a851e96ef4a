// q7 run in kernel mode: a kernel image (built from a .cpp without main, or a kernel ELF) runs on the
// emulated Q7 device. Arguments are marshalled per the kernel's DWARF parameter types (tensors from
// .npy files or generator specs, scalars from numbers), the output is written to .npy and compared
// with an expectation, and a report lists the faults and per-core figures.
// Exit status: 0 clean; 1 on a fault or a mismatch; 2 on bad input (UsageError).

import { CliIO, UsageError } from '../io';
import type { ElfImage } from '../../xtensa/elf/types';
import { Device, DEFAULT_CORE_COUNT, DeviceResult, KernelArg, KernelImageError, ProviderError, SANITIZERS, Sanitizer, findKernel, formatFault, kernelTable } from '../../emulator/device';
import { DEFAULT_WINDOW_COUNT, DEFAULT_WINDOW_SIZE, POLICY } from '../../emulator/device/abi';
import { DeviceMemoryError } from '../../emulator/device/guest-memory';
import { DebugInfo, DwarfError, Parameter, Subprogram, TypeInfo, stripType, typeName, ATE } from '../../debuginfo';
import {
  DTYPE_NAMES, HostTensor, NpyError, SpecError, compareTensors, dtypeByScalarType, formatComparison, generateTensor, isTensorSpec, parseTensorSpec, readNpy,
  shapeText, writeNpy,
} from '../../tensors';

export interface KernelRunArgs {
  file: string;
  fn?: string;
  args: string[];
  out?: string;
  expect?: string;
  rtol: number;
  atol: number;
  cores: number;
  policy: number;
  windowSize: number;
  windowCount: number;
  noSanitize: Sanitizer[];
  streamLog: boolean;
  maxInsns?: number;
  stackSize?: number;
}

export const KERNEL_OPTIONS = `kernel mode (a .cpp without main, or a kernel image):
  --fn NAME          the kernel function to run (default: the only one)
  --arg VALUE        one per parameter, in order: FILE.npy, a generator
                     shape=4x1024,dtype=float32,init=randn|zeros|ones|arange|uniform,seed=1, or a number
  --out FILE.npy     write the returned tensor
  --expect FILE.npy  compare the returned tensor (--rtol R, default 1e-5; --atol A, default 1e-8)
  --multicore        run on ${DEFAULT_CORE_COUNT} cores (--cores N for another count)
  --policy P         coherency policy of the argument tensors: coherent (default), verbose, quiet
  --window-size N    bytes per HBM window (power of two ≥ 65536; default ${DEFAULT_WINDOW_SIZE})
  --windows N        windows per translation context (default ${DEFAULT_WINDOW_COUNT})
  --no-sanitize=K,.. switch sanitizers off: ${SANITIZERS.join(', ')}
  --stream-log       print core 0's log ring while the kernel runs (else after it)
  --stack-size N     stack bytes (also passed to the build as -DSTACK_SIZE)
`;

/** True when an image is a kernel image (has a kernel_info_table). */
export function isKernelImage(image: ElfImage): boolean {
  return image.sections.some((s) => s.name === '.kernel_info_table');
}

function parseNumber(text: string, what: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${what}: '${text}' is not a number`);
  return n;
}

export function parsePolicy(text: string): number {
  const p = ({ coherent: POLICY.COHERENT, verbose: POLICY.INCOHERENT_VERBOSE, quiet: POLICY.INCOHERENT_QUIET } as Record<string, number>)[text];
  if (p === undefined) throw new UsageError(`--policy: '${text}' is not one of coherent, verbose, quiet`);
  return p;
}

export function parseSanitizers(text: string): Sanitizer[] {
  return text.split(',').filter((s) => s !== '').map((s) => {
    if (!(SANITIZERS as readonly string[]).includes(s)) throw new UsageError(`--no-sanitize: unknown sanitizer '${s}' (known: ${SANITIZERS.join(', ')})`);
    return s as Sanitizer;
  });
}

export function parseSize(text: string, what: string): number {
  const m = /^(0x[0-9a-f]+|\d+)([kKmM]?)$/.exec(text);
  if (!m) throw new UsageError(`${what}: '${text}' is not a size (e.g. 65536, 64K, 0x10000)`);
  const mul = m[2] === '' ? 1 : /k/i.test(m[2]) ? 1024 : 1024 * 1024;
  return Number(m[1]) * mul;
}

// ---- argument marshalling -------------------------------------------------------------------------

function isTensorType(t: TypeInfo): boolean {
  let s = stripType(t);
  if (s.kind === 'reference' || s.kind === 'rvalue-reference') s = stripType(s.target);
  return s.kind === 'class' && /(^|::)(Tensor|TensorBase)$/.test(s.name);
}

function scalarBytes(p: Parameter, text: string, fn: string): Uint8Array {
  let t = stripType(p.type);
  if (t.kind === 'reference' || t.kind === 'rvalue-reference') t = stripType(t.target);
  const where = `${fn}: argument '${p.name}' (${typeName(p.type)})`;
  const value = parseNumber(text, where);
  const b = new Uint8Array(8);
  const v = new DataView(b.buffer);
  if (t.kind === 'enum') t = { kind: 'base', name: 'int', size: t.size || 4, encoding: ATE.signed };
  if (t.kind !== 'base') throw new UsageError(`${where}: this parameter type cannot be given on the command line`);
  if (t.encoding === ATE.float) {
    if (t.size === 4) v.setFloat32(0, value, true);
    else v.setFloat64(0, value, true);
    return b.subarray(0, t.size);
  }
  if (!Number.isInteger(value)) throw new UsageError(`${where}: '${text}' is not an integer`);
  const unsigned = t.encoding === ATE.unsigned || t.encoding === ATE.unsigned_char || t.encoding === ATE.boolean;
  const bits = t.size * 8;
  const lo = unsigned ? 0 : -(2 ** (bits - 1));
  const hi = unsigned ? 2 ** bits - 1 : 2 ** (bits - 1) - 1;
  if (value < lo || value > hi) throw new UsageError(`${where}: ${value} is out of range [${lo}, ${hi}]`);
  v.setBigInt64(0, BigInt(value), true);
  return b.subarray(0, Math.max(1, t.size));
}

function loadTensorArg(text: string, io: CliIO, where: string): HostTensor {
  try {
    if (isTensorSpec(text)) return generateTensor(parseTensorSpec(text));
    if (/\.npy$/i.test(text)) return readNpy(io.readFile(text), text);
  } catch (e) {
    if (e instanceof NpyError || e instanceof SpecError) throw new UsageError(`${where}: ${e.message}`);
    throw e;
  }
  throw new UsageError(`${where}: '${text}' is neither a .npy file nor a generator spec (shape=...,dtype=...)`);
}

export function marshalArgs(fn: Subprogram, texts: readonly string[], io: CliIO): KernelArg[] {
  const sig = `${fn.name}(${fn.params.map((p) => `${typeName(p.type)} ${p.name}`).join(', ')})`;
  if (texts.length !== fn.params.length) {
    throw new UsageError(`${sig} takes ${fn.params.length} argument${fn.params.length === 1 ? '' : 's'}, ${texts.length} given (--arg)`);
  }
  return fn.params.map((p, k): KernelArg => {
    const where = `${fn.name}: argument ${k + 1} '${p.name}' (${typeName(p.type)})`;
    if (isTensorType(p.type)) {
      if (!isTensorSpec(texts[k]) && !/\.npy$/i.test(texts[k])) throw new UsageError(`${where}: expects a tensor (FILE.npy or shape=...), got '${texts[k]}'`);
      const t = loadTensorArg(texts[k], io, where);
      return { kind: 'tensor', name: p.name, tensor: { shape: t.shape, scalarType: t.dtype.scalarType, data: t.data } };
    }
    if (isTensorSpec(texts[k]) || /\.npy$/i.test(texts[k])) throw new UsageError(`${where}: expects a number, got the tensor '${texts[k]}'`);
    return { kind: 'scalar', name: p.name, bytes: scalarBytes(p, texts[k], fn.name) };
  });
}

// ---- running and reporting ------------------------------------------------------------------------

function kernelFunction(image: ElfImage, debug: DebugInfo, name: string | undefined): { fn: Subprogram; opcode: number } {
  let rec;
  try {
    const table = kernelTable(image);
    if (name === undefined) {
      if (table.length !== 1) throw new UsageError(`the image has ${table.length} kernels (${table.map((r) => r.name).join(', ')}): choose one with --fn NAME`);
      rec = table[0];
    } else rec = findKernel(image, name);
  } catch (e) {
    if (e instanceof KernelImageError) throw new UsageError(e.message);
    throw e;
  }
  const fn = debug.functionsNamed(rec.name ?? '').find((f) => !f.name.startsWith('__q7_kernel_'));
  if (!fn) throw new UsageError(`kernel '${rec.name}': no debug information for its parameters (build with -g)`);
  return { fn, opcode: rec.opcode };
}

function formatReport(res: DeviceResult, file: string, fnName: string): string {
  let s = '';
  for (const f of res.faults) s += formatFault(f, file) + '\n';
  const cores = res.cores.length;
  s += `${fnName} on ${cores} core${cores > 1 ? 's' : ''}: ${res.faults.filter((f) => f.fatal).length ? 'FAULT' : 'ok'}\n`;
  for (const c of res.cores) {
    const hits = c.translates > 0 ? `${(((c.translates - c.windowMaps) / c.translates) * 100).toFixed(1)}%` : 'n/a';
    s += `  core ${c.core}: ${c.instructions} instructions, ${c.translates} translates, window hit rate ${hits} (${c.windowMaps} maps), DMA ${c.dmaBytes} bytes, TCM high-water ${c.tcmHighWater} bytes, stack high-water ${c.stackHighWater} bytes\n`;
  }
  return s;
}

export function runKernel(args: KernelRunArgs, image: ElfImage, io: CliIO): number {
  let debug: DebugInfo;
  try {
    debug = DebugInfo.fromElf(image);
  } catch (e) {
    if (e instanceof DwarfError) throw new UsageError(`${args.file}: ${e.message}`);
    throw e;
  }
  const { fn, opcode } = kernelFunction(image, debug, args.fn);
  const kernelArgs = marshalArgs(fn, args.args, io);
  const expected = args.expect !== undefined ? loadTensorArg(args.expect, io, '--expect') : undefined;
  const returnsTensor = isTensorType(fn.returnType);
  const firstTensor = kernelArgs.find((a) => a.kind === 'tensor');
  let device: Device;
  try {
    device = new Device(image, {
      cores: args.cores, policy: args.policy, windowSize: args.windowSize, windowCount: args.windowCount,
      sanitize: SANITIZERS.filter((s) => !args.noSanitize.includes(s)), stackSize: args.stackSize, maxInstructions: args.maxInsns,
      onLog: args.streamLog ? (t) => io.stdout(t) : undefined, onOutput: (_fd, d) => io.stdout(new TextDecoder().decode(d)),
    });
  } catch (e) {
    if (e instanceof RangeError || e instanceof ProviderError || e instanceof KernelImageError) throw new UsageError(`${args.file}: ${e.message}`);
    throw e;
  }
  let res: DeviceResult;
  try {
    res = device.launch({
      opcode, args: kernelArgs, returnsTensor, kernelName: fn.name,
      dst: firstTensor && firstTensor.kind === 'tensor' ? { shape: firstTensor.tensor.shape, scalarType: firstTensor.tensor.scalarType } : undefined,
    });
  } catch (e) {
    // arguments the device cannot hold (more than 8 dimensions, the device heap exhausted)
    if (e instanceof RangeError || e instanceof DeviceMemoryError) throw new UsageError(`${args.file}: ${e.message}`);
    throw e;
  }
  if (res.logLost > 0) io.stdout(`[log: ${res.logLost} bytes lost: the log ring wrapped]\n`);
  if (res.log) io.stdout(res.log);
  io.stderr(formatReport(res, args.file, fn.name));
  let status = res.faults.some((f) => f.fatal) ? 1 : 0;
  if (res.output) {
    const dtype = dtypeByScalarType(res.output.scalarType);
    if (!dtype) {
      io.stderr(`${fn.name}: the result has dtype ${res.output.scalarType}, which .npy output does not support (${DTYPE_NAMES.join(', ')})\n`);
      return 1;
    }
    const out: HostTensor = { dtype, shape: res.output.shape, data: res.output.data };
    if (args.out) io.writeFile(args.out, writeNpy(out));
    if (expected) {
      const c = compareTensors(out, expected, args.rtol, args.atol);
      io.stderr(formatComparison(c, 'result'));
      if (!c.ok) status = 1;
    } else if (!args.out) io.stderr(`result: ${dtype.name} ${shapeText(out.shape)} (write it with --out FILE.npy)\n`);
  } else if ((args.out || args.expect) && status === 0) {
    io.stderr(`${fn.name} returns no tensor: nothing to write or compare\n`);
    status = 1;
  }
  return status;
}
