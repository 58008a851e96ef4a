// The entry of the small program-mode bundle (dist/q7-run-main.js, which bin/q7 loads through
// dist/q7-run.js and V8's code cache, cli/program-start.ts): `q7 run prog.elf [options]` of a plain
// program ELF runs with the emulator alone loaded, not the compiler, the front-end or tree-sitter, so
// the process starts in a fraction of the full CLI's time. bin/q7 asks it first for `q7 run`; anything
// it does not take (C++ or assembly source, a kernel image, a file that is not a readable ELF, --help,
// a usage error) it leaves to the full CLI (dist/cli.js), which then does all of it, messages included.

import * as fs from 'node:fs';
import { commandFailure, endOnClosedOutput, processIO } from './process-io';
import { type RunArgs, isCppSource, runArgs } from './commands/run-spec';
import { readImage, runProgram } from './commands/run-program';
import { isAssemblySource, isKernelImage } from '../session/program';
import type { ElfImage } from '../xtensa/elf';

/** The program image `args` name, or undefined when the full CLI should handle the command. */
function programImage(args: RunArgs): ElfImage | undefined {
  if (isCppSource(args.file) || isAssemblySource(args.file)) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(args.file);
  } catch {
    return undefined;
  }
  try {
    const image = readImage(args.file, bytes);
    return isKernelImage(image) ? undefined : image;
  } catch {
    return undefined;
  }
}

/**
 * Runs `q7 run` with `argv` (the arguments after `run`) when it names a program ELF and sets the
 * process's exit status; false (nothing done, nothing printed) when the full CLI should run it.
 */
export function runProgramCli(argv: string[]): boolean {
  let args: RunArgs;
  try {
    args = runArgs(argv);
  } catch {
    return false;
  }
  const image = programImage(args);
  if (image === undefined || args.kernel.shapeSrc !== undefined) return false;
  endOnClosedOutput();
  try {
    process.exitCode = runProgram(args, image, processIO);
  } catch (e) {
    process.exitCode = commandFailure('run', e, processIO);
  }
  return true;
}
