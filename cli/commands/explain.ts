// q7 explain: prints the page of a diagnostic code (docs/diagnostics/<code>.md: what it means on the
// device, a wrong and a right example), as `rustc --explain` does; without a code, lists the codes.

import { CliIO, Command, UsageError } from '../io';
import { defineCommand, parseArgs } from '../options';
import { CHECKS } from '../../language/checks';
import { diagnosticPage } from '../diagnostic-docs';

const SPEC = defineCommand({
  name: 'explain',
  summary: 'explain a diagnostic code (Q7-A002, ...): what it means on the device, a wrong and a right example',
  usage: 'CODE',
  description: 'Prints the page of a diagnostic code (e.g. q7 explain Q7-A002; Q7-A002, q7-a002 and A002 all name it); without CODE, the list of codes.',
  positionals: [{ key: 'code', name: 'CODE', extra: (): string => 'one code at a time\nusage: q7 explain CODE' }],
  options: {},
});

/** `Q7-A002`, `q7-a002`, `A002` and `a002` all name Q7-A002. */
function normalise(arg: string): string {
  const up = arg.trim().toUpperCase();
  return up.startsWith('Q7-') ? up : `Q7-${up}`;
}

export const explainCommand: Command = {
  spec: SPEC,
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseArgs(SPEC, argv);
    if (args.code === undefined) {
      for (const c of CHECKS) io.stdout(`${c.code}  ${c.summary}\n`);
      return 0;
    }
    const code = normalise(args.code);
    const check = CHECKS.find((c) => c.code === code);
    if (!check) throw new UsageError(`unknown diagnostic code '${args.code}' (the codes are ${CHECKS[0].code} … ${CHECKS[CHECKS.length - 1].code}; q7 explain lists them)`);
    const read = (p: string) => {
      try {
        return io.readFile(p);
      } catch {
        return undefined;
      }
    };
    const page = diagnosticPage(code, read);
    if (!page) throw new UsageError(`no page for ${code} (docs/diagnostics/${code}.md is missing from this installation)`);
    io.stdout(page.endsWith('\n') ? page : `${page}\n`);
    return 0;
  },
};
