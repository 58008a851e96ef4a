// q7 — the command-line face of Q7 Studio. Dispatches to one module per subcommand.

import { CliIO, Command, UsageError, nodeIO } from './io';
import { commands } from './commands';
import { versionText } from './version';

/** `q7 --help`: generated from the commands' declarations. */
export function mainHelp(): string {
  const lines = commands.map((c) => `  ${c.spec.name.padEnd(10)} ${c.spec.summary}\n`).join('');
  return `usage: q7 <command> [options]\n       q7 --version\n\ncommands:\n${lines}\nq7 <command> --help prints the command's options.\n`;
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(mainHelp());
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-V') {
    io.stdout(versionText((p) => io.readFile(p)));
    return 0;
  }
  const cmd: Command | undefined = commands.find((c) => c.spec.name === name);
  if (!cmd) {
    io.stderr(`q7: unknown command '${name}' (try q7 --help)\n`);
    return 2;
  }
  try {
    return await cmd.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError && e.exitCode === 0) {
      // --help (cli/options.ts HelpRequest): the text is the output
      io.stdout(e.message.endsWith('\n') ? e.message : `${e.message}\n`);
      return 0;
    }
    if (e instanceof UsageError) {
      io.stderr(`q7 ${name}: ${e.message}\n`);
      return e.exitCode;
    }
    io.stderr(`q7 ${name}: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 70;
  }
}

/** Runs the CLI on this process's arguments and sets its exit status. */
export function runCli(): void {
  // A reader that goes away (`q7 run prog.elf | head`) ends the output, not with a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
  main(process.argv.slice(2), nodeIO).then((code) => {
    process.exitCode = code;
  });
}
