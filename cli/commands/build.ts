// q7 build: compiles a kernel source to an Xtensa ELF executable for the q7 core, with the runtime
// library and ROM linked in and DWARF for the debugger (`q7 build kernel.cpp [-O0|-O1] [-D NAME[=VALUE]]…
// [-I DIR]… [-g0] [-S] -o kernel.elf`). A file with `main` becomes a program; one without becomes a
// kernel image. Errors print as `file:line:col: error: message`, exit 1.

import { CliIO, Command, UsageError } from '../io';
import { fileHost, loadFrontend } from '../frontend';
import { cachedBuild, compile, formatCompileDiagnostic, RuntimeBuildError } from '../../compiler';

const USAGE = `usage: q7 build FILE [-O0|-O1] [-D NAME[=VALUE]]... [-I DIR]... [-g0] [-S] [--no-cache] -o OUTPUT

Compiles a C++ source to an Xtensa ELF executable for the q7 core: a program when it defines main
(run it with q7 run), else a kernel image with a kernel_info_table entry per kernel function.

options:
  -o FILE       output file (required)
  -O0           no optimisation: every local lives in its stack slot (the default)
  -O1           scalar locals whose address is not taken live in registers
  -D NAME[=V]   define a preprocessor macro; -D Q7_SANITIZE_BOUNDS and -D Q7_SANITIZE_COPIES compile
                the SDK's accessor bounds checks and its TCM/stream copy checks in
  -I DIR        add an include directory
  -g0           no DWARF debug information
  -S            write the generated assembly of FILE instead of the ELF
  --no-cache    build from scratch (default: reuse the build cache in $Q7_CACHE_DIR,
                else $XDG_CACHE_HOME/q7-studio, else ~/.cache/q7-studio)
`;

interface BuildArgs {
  file: string;
  output: string;
  includePaths: string[];
  defines: Record<string, string>;
  debug: boolean;
  assembly: boolean;
  optimize: 0 | 1;
  cache: boolean;
}

function parseArgs(argv: string[]): BuildArgs | 'help' {
  let file: string | undefined;
  let output: string | undefined;
  const includePaths: string[] = [];
  const defines: Record<string, string> = {};
  let debug = true;
  let assembly = false;
  let optimize: 0 | 1 = 0;
  let cache = true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (flag: string): string => {
      if (a.length > flag.length) return a.slice(flag.length).replace(/^=/, '');
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    if (a === '-h' || a === '--help') return 'help';
    else if (a === '-O0') optimize = 0;
    else if (a === '-O1') optimize = 1;
    else if (/^-O/.test(a)) throw new UsageError(`${a}: only -O0 and -O1 are supported`);
    else if (a === '-g0') debug = false;
    else if (a === '-g') debug = true;
    else if (a === '-S') assembly = true;
    else if (a === '--no-cache') cache = false;
    else if (a.startsWith('-o')) output = value('-o');
    else if (a.startsWith('-I')) includePaths.push(value('-I'));
    else if (a.startsWith('-D')) {
      const d = value('-D');
      const eq = d.indexOf('=');
      defines[eq < 0 ? d : d.slice(0, eq)] = eq < 0 ? '1' : d.slice(eq + 1);
    } else if (a.startsWith('-')) throw new UsageError(`unknown option '${a}'\n${USAGE}`);
    else if (file === undefined) file = a;
    else throw new UsageError(`only one source file can be built (got '${file}' and '${a}')`);
  }
  if (file === undefined) throw new UsageError(`no source file given\n${USAGE}`);
  if (output === undefined) throw new UsageError(`no output file given (-o FILE)\n${USAGE}`);
  return { file, output, includePaths, defines, debug, assembly, optimize, cache };
}


export const buildCommand: Command = {
  name: 'build',
  summary: 'compile a kernel source to an Xtensa ELF (runtime and ROM linked in)',
  usage: USAGE,
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseArgs(argv);
    if (args === 'help') {
      io.stdout(USAGE);
      return 0;
    }
    const host = fileHost(io);
    if (host.readFile(args.file) === undefined) throw new UsageError(`${args.file}: cannot read file`);
    let result;
    try {
      const options = { includePaths: args.includePaths, defines: args.defines, debug: args.debug, optimize: args.optimize, cache: args.cache ? io.buildCache?.() : undefined };
      result = (options.cache && cachedBuild(options.cache, args.file, host, options)) || compile(await loadFrontend(io), args.file, host, options);
    } catch (e) {
      if (e instanceof RuntimeBuildError) throw new UsageError(e.message, 70);
      throw e;
    }
    if (args.assembly && result.assembly !== undefined && !result.diagnostics.length) {
      io.writeFile(args.output, result.assembly);
      return 0;
    }
    if (!result.elf) {
      for (const d of result.diagnostics) io.stderr(`${formatCompileDiagnostic(d)}\n`);
      return 1;
    }
    io.writeFile(args.output, result.elf);
    return 0;
  },
};
