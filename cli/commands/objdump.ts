// q7 objdump: disassembles ELF files exactly as `xtensa-lx106-elf-objdump -d` prints them
// (`q7 objdump -d [-S] [-j SECTION]... [--core NAME] FILE...`); -S interleaves the source lines the
// image's .debug_line names (SDK headers come from the built-in SDK, other files from disk).

import { CliIO, Command, UsageError } from '../io';
import { ElfError } from '../../xtensa/elf/types';
import { readElf } from '../../xtensa/elf/reader';
import { DisasmTarget, LX106_TARGET, disassembleElf, interleaveSource, targetForCore } from '../../xtensa/disasm';
import { DwarfError, readElfLineTable, sourceRows } from '../../debuginfo';
import { isSdkFile, sdkHost } from '../../language/sdk';
import { CORE_FEATURES } from '../../xtensa/isa/features';

const USAGE = `usage: q7 objdump -d [options] FILE...

Prints the disassembly of the code sections of each ELF file, in the format of
xtensa-lx106-elf-objdump -d.

options:
  -d, --disassemble      disassemble the code sections (required unless -S)
  -S, --source           interleave source lines (implies -d; needs .debug_line)
  -j, --section NAME     only this section (repeatable; also lists non-code sections)
  --core NAME            ISA options to decode (${Object.keys(CORE_FEATURES).join(', ')}; default lx106)
`;

interface ObjdumpArgs {
  disassemble: boolean;
  source: boolean;
  sections: string[];
  target: DisasmTarget;
  files: string[];
}

function coreTarget(name: string): DisasmTarget {
  const t = targetForCore(name);
  if (!t) throw new UsageError(`--core: unknown core '${name}' (known: ${Object.keys(CORE_FEATURES).join(', ')})`);
  return t;
}

function parseArgs(argv: string[]): ObjdumpArgs | 'help' {
  const r: ObjdumpArgs = { disassemble: false, source: false, sections: [], target: LX106_TARGET, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (option: string): string => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${option} needs a value\n${USAGE}`);
      return v;
    };
    if (arg === '--help') return 'help';
    else if (arg === '-d' || arg === '--disassemble') r.disassemble = true;
    else if (arg === '-S' || arg === '--source') r.disassemble = r.source = true;
    else if (arg === '-dS' || arg === '-Sd') r.disassemble = r.source = true;
    else if (arg === '-j' || arg === '--section') r.sections.push(value(arg));
    else if (arg.startsWith('--section=')) r.sections.push(arg.slice('--section='.length));
    else if (arg.startsWith('-j') && arg.length > 2) r.sections.push(arg.slice(2));
    else if (arg === '--core') r.target = coreTarget(value(arg));
    else if (arg.startsWith('--core=')) r.target = coreTarget(arg.slice('--core='.length));
    else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option '${arg}'\n${USAGE}`);
    else r.files.push(arg);
  }
  if (!r.disassemble) throw new UsageError(`nothing to do: give -d\n${USAGE}`);
  if (r.files.length === 0) throw new UsageError(`no input file\n${USAGE}`);
  return r;
}

/** The listing of one file; a malformed file becomes a UsageError naming the file and the cause. */
function listFile(file: string, args: ObjdumpArgs, io: CliIO): string {
  const bytes = io.readFile(file);
  try {
    const image = readElf(bytes, file);
    const listing = disassembleElf(image, file, {
      target: args.target,
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

/** A source file named by a line table: the built-in SDK's headers, or a file on disk (none if unreadable). */
function readSource(path: string, io: CliIO): string | undefined {
  if (isSdkFile(path)) return sdkHost.readFile(path);
  try {
    return new TextDecoder().decode(io.readFile(path));
  } catch {
    return undefined;
  }
}

export const objdumpCommand: Command = {
  name: 'objdump',
  summary: 'disassemble ELF files (objdump -d format)',
  usage: USAGE,
  run(argv: string[], io: CliIO): number {
    const args = parseArgs(argv);
    if (args === 'help') {
      io.stdout(USAGE);
      return 0;
    }
    for (const file of args.files) io.stdout(listFile(file, args, io));
    return 0;
  },
};
