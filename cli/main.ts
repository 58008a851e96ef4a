// q7 — the command-line face of Q7 Studio. Dispatches to one module per subcommand.

import { CliIO, Command, nodeIO } from './io';
import { commands } from './commands';
import { versionText } from './version';
import { commandFailure, endOnClosedOutput } from './process-io';
import { useGrammar } from './frontend';
import type { GrammarBinaries } from '../language';

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
    return commandFailure(name, e, io);
  }
}

/** Runs the CLI on this process's arguments and sets its exit status; `grammar`: the grammar's files
 *  read (and compiled) ahead by the loader (cli/start.ts). */
export function runCli(grammar?: Promise<GrammarBinaries | undefined>): void {
  useGrammar(grammar);
  endOnClosedOutput();
  main(process.argv.slice(2), nodeIO).then((code) => {
    process.exitCode = code;
  });
}
