// q7 build: compiles a kernel source to an Xtensa ELF executable for the q7 core, with the runtime
// library and ROM linked in and DWARF for the debugger (`q7 build kernel.cpp [-O0|-O1|-O2] [-D NAME[=VALUE]]…
// [-I DIR]… [-g0] [-S] -o kernel.elf`). A file with `main` becomes a program; one without becomes a
// kernel image. Errors print as `file:line:col: error: message`, exit 1.

import { CliIO, Command, UsageError } from '../io';
import { fileHost, loadFrontend } from '../frontend';
import { macroTable } from '../macros';
import { defineCommand, parseArgs, usageLine } from '../options';
import { cachedBuild, compile, formatCompileDiagnostic, RuntimeBuildError } from '../../compiler';

const SPEC = defineCommand({
  name: 'build',
  summary: 'compile a kernel source to an Xtensa ELF (runtime and ROM linked in)',
  usage: 'FILE [-O0|-O1|-O2] [-D NAME[=VALUE]]... [-I DIR]... [-g0] [-S] [--no-cache] -o OUTPUT',
  description:
    'Compiles a C++ source to an Xtensa ELF executable for the q7 core: a program when it defines main (run it with q7 run), ' +
    'else a kernel image with a kernel_info_table entry per kernel function.',
  positionals: [{ key: 'file', name: 'FILE', missing: 'no source file given', extra: (a: string, b: string) => `only one source file can be built (got '${a}' and '${b}')` }],
  options: {
    output: { name: '-o', type: 'string', value: 'FILE', description: 'output file (required)' },
    optimize: {
      name: '-O', type: 'enum', value: '0|1|2', attachedOnly: true, choices: ['0', '1', '2'], default: '0',
      invalid: (t: string) => `-O${t}: only -O0, -O1 and -O2 are supported`,
      description: '-O0: no optimisation, every local lives in its stack slot (what the debugger shows best); -O1: promotion of scalar locals to registers, inlining, constant folding, scalar replacement of aggregates, dead-code removal; -O2: -O1 with larger inlining limits (the SDK accessor chain inlined whole), loop rotation and loop-invariant code motion',
    },
    defines: {
      name: '-D', type: 'repeatable', value: 'NAME[=V]',
      description: "define a preprocessor macro; -D Q7_SANITIZE_BOUNDS and -D Q7_SANITIZE_COPIES compile the SDK's accessor bounds checks and its TCM/stream copy checks in",
    },
    includePaths: { name: '-I', type: 'repeatable', value: 'DIR', description: 'add an include directory' },
    noDebug: { name: '-g0', type: 'flag', description: 'no DWARF debug information' },
    debug: { name: '-g', type: 'flag', description: 'DWARF debug information (the default)' },
    assembly: { name: '-S', type: 'flag', description: 'write the generated assembly of FILE instead of the ELF' },
    noCache: {
      name: '--no-cache', type: 'flag',
      description: 'build from scratch (default: reuse the build cache in $Q7_CACHE_DIR, else $XDG_CACHE_HOME/q7-studio, else ~/.cache/q7-studio)',
    },
  },
});

export const buildCommand: Command = {
  spec: SPEC,
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseArgs(SPEC, argv);
    if (args.output === undefined) throw new UsageError(`no output file given (-o FILE)\n${usageLine(SPEC)}`);
    const host = fileHost(io);
    if (host.readFile(args.file) === undefined) throw new UsageError(`${args.file}: cannot read file`);
    let result;
    try {
      const options = {
        includePaths: args.includePaths, defines: macroTable(args.defines), debug: !args.noDebug, optimize: args.optimize === '1' ? 1 as const : args.optimize === '2' ? 2 as const : 0 as const,
        cache: args.noCache ? undefined : io.buildCache?.(),
      };
      result = (options.cache && cachedBuild(options.cache, args.file, host, options)) || compile(await loadFrontend(io, !args.noCache), args.file, host, options);
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
