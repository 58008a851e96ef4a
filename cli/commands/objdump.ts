// q7 objdump: disassembles ELF files exactly as `xtensa-lx106-elf-objdump -d` prints them
// (`q7 objdump -d [-S] [-j SECTION]... [--core NAME] FILE...`); -S interleaves the source lines the
// image's .debug_line names (SDK headers come from the built-in SDK, other files from disk).

import { CliIO, Command, UsageError } from '../io';
import { defineCommand, parseArgs, usageLine } from '../options';
import { ElfError, readElf } from '../../xtensa/elf';
import { DisasmTarget, LX106_TARGET, disassembleElf, interleaveSource, targetForCore } from '../../xtensa/disasm';
import { DwarfError, readElfLineTable, sourceRows } from '../../debuginfo';
import { guestSourceText } from '../../target/q7/guest';
import { isSdkFile, sdkHost } from '../../language/sdk';
import { CORE_FEATURES } from '../../xtensa/isa';
import { guessCore } from '../../emulator';

const SPEC = defineCommand({
  name: 'objdump',
  summary: 'disassemble ELF files (objdump -d format)',
  usage: '-d [options] FILE...',
  description:
    'Prints the disassembly of the code sections of each ELF file, in the format of xtensa-lx106-elf-objdump -d. ' +
    'With --core q7, IVP vector instructions are decoded in Q7 Studio\'s own 32-bit encoding (docs/ivp-encoding.md): ' +
    'Cadence\'s FLIX bundles are not publicly decodable, so vector code built by Cadence\'s toolchain is shown as .byte.',
  positionals: [{ key: 'files', name: 'FILE', repeatable: true }],
  options: {
    disassemble: { name: '--disassemble', aliases: ['-d'], type: 'flag', description: 'disassemble the code sections (required unless -S)' },
    source: { name: '--source', aliases: ['-S'], alsoAccepted: ['-dS', '-Sd'], type: 'flag', description: 'interleave source lines (implies -d; needs .debug_line)' },
    sections: { name: '--section', aliases: ['-j'], type: 'repeatable', value: 'NAME', description: 'only this section (also lists non-code sections)' },
    core: {
      name: '--core', type: 'enum', value: 'NAME', choices: Object.keys(CORE_FEATURES), noun: 'core',
      description: 'ISA options to decode (default: from each ELF, as q7 run picks its core — code at 0x50000000 ⇒ lx106, at 0xfe000000 ⇒ de233_fpu, otherwise q7, so a kernel image decodes its windowed code)',
    },
  },
});

interface ObjdumpArgs {
  disassemble: boolean;
  source: boolean;
  sections: string[];
  /** The --core given; none: each file's own (guessCore). */
  target?: DisasmTarget;
  files: string[];
}

function checkArgs(argv: string[]): ObjdumpArgs {
  const a = parseArgs(SPEC, argv);
  if (!a.disassemble && !a.source) throw new UsageError(`nothing to do: give -d\n${usageLine(SPEC)}`);
  if (a.files.length === 0) throw new UsageError(`no input file\n${usageLine(SPEC)}`);
  return { disassemble: true, source: a.source, sections: a.sections, target: a.core === undefined ? undefined : targetForCore(a.core) ?? LX106_TARGET, files: a.files };
}

/** The listing of one file; a malformed file becomes a UsageError naming the file and the cause. */
function listFile(file: string, args: ObjdumpArgs, io: CliIO): string {
  const bytes = io.readFile(file);
  try {
    const image = readElf(bytes, file);
    const listing = disassembleElf(image, file, {
      target: args.target ?? targetForCore(guessCore(image)) ?? LX106_TARGET,
      sections: args.sections.length > 0 ? args.sections : undefined,
      onWarning: (message) => io.stderr(`q7 objdump: warning: ${message}\n`),
    });
    if (!args.source) return listing;
    const lines = readElfLineTable(image);
    if (!lines) {
      io.stderr(`q7 objdump: warning: ${file} has no .debug_line: no source to interleave\n`);
      return listing;
    }
    return interleaveSource(listing, sourceRows(lines), (path) => readSource(path, io));
  } catch (e) {
    if (e instanceof ElfError) throw new UsageError(e.message);
    if (e instanceof DwarfError) throw new UsageError(`${file}: ${e.message}`);
    throw e;
  }
}

/** A source file named by a line table: the built-in SDK's headers, a file on disk, else the target's
 *  embedded guest file of that name (ROM, runtime library); none if neither. */
function readSource(path: string, io: CliIO): string | undefined {
  if (isSdkFile(path)) return sdkHost.readFile(path);
  try {
    return new TextDecoder().decode(io.readFile(path));
  } catch {
    return guestSourceText(path);
  }
}

export const objdumpCommand: Command = {
  spec: SPEC,
  run(argv: string[], io: CliIO): number {
    const args = checkArgs(argv);
    for (const file of args.files) io.stdout(listFile(file, args, io));
    return 0;
  },
};
