// The op's registered output: the shape function a shape file registers for the kernel (NEURON_LIBRARY's
// `m.def("op", &shape_fn, "compute_fn")`, found by the kernel's name as the compute function, else as the
// op) is run on the emulated device — a launch of the shape file's kernel image, one core, with the
// kernel's own arguments — and the tensor it returns gives the output's shape and dtype, as the framework
// takes them. Building the shape file is the front end's job (injected: session/ does no I/O and does not
// compile).

import type { ElfImage } from '../xtensa/elf';
import { formatFault } from '../emulator/device';
import { DTYPE_NAMES, dtypeByScalarType, shapeText } from '../tensors';
import type { ArgValue, ReadFile } from './arguments';
import { SessionError } from './errors';

/** One `m.def(op, &shapeFn, compute)` of a shape file. */
export interface ShapeRegistration {
  readonly op: string;
  readonly shapeFn: string;
  readonly compute: string;
  readonly line: number;
}

/** A shape file built into a kernel image, with its registrations. */
export interface ShapeProgram {
  readonly file: string;
  readonly image: ElfImage;
  readonly registrations: readonly ShapeRegistration[];
}

/** Builds a shape file (throws SessionError naming the file and the first errors when it does not build). */
export type BuildShape = (file: string) => ShapeProgram;

/** The output the op registers: shape and dtype, and where they came from. */
export interface RegisteredOutput {
  readonly shape: readonly number[];
  readonly scalarType: number;
  readonly registration: ShapeRegistration;
  readonly file: string;
}

/** What the shape-function launch needs from session.ts (passed in to keep the modules acyclic). */
export interface ShapeLauncher {
  (image: ElfImage, file: string, fn: string, args: readonly ArgValue[], readFile: ReadFile): {
    output?: { shape: readonly number[]; scalarType: number };
    faults: readonly import('../emulator/device').DeviceFault[];
  };
}

export function registeredOutput(program: ShapeProgram, kernelName: string, args: readonly ArgValue[], readFile: ReadFile, launch: ShapeLauncher): RegisteredOutput {
  const regs = program.registrations;
  const reg = regs.find((r) => r.compute === kernelName) ?? regs.find((r) => r.op === kernelName);
  if (!reg) {
    const known = regs.length ? `it registers ${regs.map((r) => `'${r.op}' (compute function '${r.compute}')`).join(', ')}` : 'it has no NEURON_LIBRARY registration (m.def("op", &shape_fn, "compute_fn"))';
    throw new SessionError(`${program.file}: no registration names the kernel '${kernelName}': ${known}`, 'shapeSrc');
  }
  const where = `${program.file}:${reg.line}: shape function '${reg.shapeFn}' of '${reg.op}'`;
  let run;
  try {
    run = launch(program.image, program.file, reg.shapeFn, args, readFile);
  } catch (e) {
    if (e instanceof SessionError) throw new SessionError(`${where}: ${e.message}`, 'shapeSrc');
    throw e;
  }
  const fatal = run.faults.filter((f) => f.fatal);
  if (fatal.length) throw new SessionError(`${where} faulted on the device:\n${fatal.map((f) => formatFault(f, program.file)).join('\n')}`, 'shapeSrc');
  if (!run.output) throw new SessionError(`${where} returns no tensor`, 'shapeSrc');
  if (!dtypeByScalarType(run.output.scalarType)) {
    throw new SessionError(`${where} returns a tensor of dtype ${run.output.scalarType}, which .npy output does not support (${DTYPE_NAMES.join(', ')})`, 'shapeSrc');
  }
  return { shape: run.output.shape, scalarType: run.output.scalarType, registration: reg, file: program.file };
}

/** Why a returned tensor is not the registered output (undefined when it is). */
export function outputMismatch(kernelName: string, got: { shape: readonly number[]; scalarType: number }, want: RegisteredOutput): string | undefined {
  const same = got.scalarType === want.scalarType && got.shape.length === want.shape.length && got.shape.every((d, i) => d === want.shape[i]);
  if (same) return undefined;
  const text = (t: { shape: readonly number[]; scalarType: number }) => `${dtypeByScalarType(t.scalarType)?.name ?? `dtype ${t.scalarType}`} ${shapeText(t.shape)}`;
  return `${kernelName} returned a ${text(got)} tensor, but its shape function '${want.registration.shapeFn}' (${want.file}:${want.registration.line}) registers ${text(want)}`;
}
