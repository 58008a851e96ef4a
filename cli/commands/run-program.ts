// q7 run in program mode: an Xtensa program's image runs on one emulated core through a session/
// ProgramSession; its semihosting output streams to the CLI, --trace prints every instruction, and the
// exit status says how it ended (see run.ts). Shared by the full CLI and the small program-mode bundle
// (cli/program-main.ts), which is why it imports neither the compiler nor the front-end.

import { type CliIO, UsageError } from '../process-io';
import { ElfError, type ElfImage, readElf } from '../../xtensa/elf';
import { decode } from '../../xtensa/isa';
import { formatInsn } from '../../xtensa/disasm';
import type { Machine, StopReason } from '../../emulator';
import { ProgramSession, SessionError, endMessage, exitStatus } from '../../session/program';
import type { RunArgs } from './run-spec';

function hex(v: number): string {
  return `0x${(v >>> 0).toString(16).padStart(8, '0')}`;
}

/** Streams fd 1/2 output to the CLI as text (UTF-8, decoded incrementally per descriptor). */
function streamTo(io: CliIO): (fd: 1 | 2, data: Uint8Array) => void {
  const decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
  return (fd, data) => {
    const text = decoders[fd].decode(data, { stream: true });
    if (text) (fd === 1 ? io.stdout : io.stderr)(text);
  };
}

function traceTo(m: Machine, io: CliIO): void {
  m.trace = (ev) => {
    const bytes = m.readMemory(ev.pc, ev.size);
    const d = bytes ? decode(bytes[0], bytes[1] ?? 0, bytes[2] ?? 0, ev.pc) : undefined;
    io.stderr(`${hex(ev.pc)}  ${d ? formatInsn(d, ev.pc).replace('\t', ' ') : '(invalid)'}\n`);
  };
}

/** Reports how the run ended and returns the exit status. */
function report(file: string, stop: StopReason, io: CliIO): number {
  const message = endMessage(file, stop);
  if (message) io.stderr(`${message}\n`);
  return exitStatus(stop);
}

/** The ELF image in `bytes`; a malformed file is a UsageError naming it. */
export function readImage(file: string, bytes: Uint8Array): ElfImage {
  try {
    return readElf(bytes, file);
  } catch (e) {
    if (e instanceof ElfError) throw new UsageError(e.message);
    throw e;
  }
}

/** Runs a program image (not a kernel image) and returns q7 run's exit status. */
export function runProgram(args: RunArgs, image: ElfImage, io: CliIO): number {
  if (args.kernel.shapeSrc !== undefined) throw new UsageError(`--shape-src: ${args.file} is a program, not a kernel`);
  let program: ProgramSession;
  try {
    program = ProgramSession.open(image, { file: args.file, cpu: args.cpu, onOutput: streamTo(io) });
  } catch (e) {
    if (e instanceof SessionError) throw new UsageError(e.message);
    throw e;
  }
  if (args.trace) traceTo(program.machine, io);
  const stop = program.runUntil({ budget: args.maxInsns });
  return report(args.file, stop.kind === 'done' ? stop.stop : { kind: 'limit', pc: program.machine.pc }, io);
}
