// q7 as: assembles GNU-syntax Xtensa source files into an executable ELF
// (`q7 as file.S [more.S...] -o out.elf [--section-start .text=0x50000000] [--entry sym] [--defsym sym=val]`).

import { CliIO, Command, UsageError } from '../io';
import { defineCommand, parseArgs } from '../options';
import { AsmError, assemble, formatDiagnostic } from '../../xtensa/asm';
import { writeElf } from '../../xtensa/elf';

function parseNumber(text: string, what: string): number {
  const t = text.trim();
  const neg = t.startsWith('-');
  const body = neg ? t.slice(1) : t;
  let v: number;
  if (/^0x[0-9a-f]+$/i.test(body)) v = parseInt(body.slice(2), 16);
  else if (/^\d+$/.test(body)) v = parseInt(body, 10);
  else throw new UsageError(`${what}: '${text}' is not a number`);
  if (v > 0xffffffff) throw new UsageError(`${what}: '${text}' does not fit in 32 bits`);
  return neg ? -v : v;
}

function parseAssignment(text: string, option: string): [string, number] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`${option} expects NAME=VALUE, got '${text}'`);
  return [text.slice(0, eq), parseNumber(text.slice(eq + 1), option)];
}

const SPEC = defineCommand({
  name: 'as',
  summary: 'assemble Xtensa source files into an ELF executable',
  usage: 'FILE.S [FILE.S...] [-o OUT.elf] [options]',
  description: 'Assembles the files (in order, as one program) into an ELF executable (default a.out).',
  positionals: [{ key: 'files', name: 'FILE.S', repeatable: true, missing: 'no input files' }],
  options: {
    output: { name: '-o', type: 'string', value: 'FILE', default: 'a.out', description: 'output file' },
    sectionStart: {
      name: '--section-start', type: 'repeatable', value: 'SEC=ADDR', parse: (t: string, o: string) => parseAssignment(t, o),
      description: 'address of an output section (.literal .text .rodata .data .bss) or of a named input section (which then stays a section of its own)',
    },
    base: { name: '--base', type: 'number', value: 'ADDR', parse: (t: string, o: string) => parseNumber(t, o) >>> 0, description: 'address of the first section when none is fixed (default 0x50000000)' },
    entry: { name: '--entry', aliases: ['-e'], type: 'string', value: 'SYM|ADDR', description: 'entry point (default _start, else the start of .text)' },
    defsym: { name: '--defsym', type: 'repeatable', value: 'SYM=VALUE', parse: (t: string, o: string) => parseAssignment(t, o), description: 'define an absolute global symbol' },
  },
});

export const asCommand: Command = {
  spec: SPEC,
  run(argv: string[], io: CliIO): number {
    const args = parseArgs(SPEC, argv);
    const sources = args.files.map((name) => ({ name, text: new TextDecoder().decode(io.readFile(name)) }));
    let image;
    try {
      ({ image } = assemble(sources, {
        sectionStart: Object.fromEntries(args.sectionStart.map(([n, a]) => [n, a >>> 0])),
        defsym: Object.fromEntries(args.defsym),
        base: args.base,
        entry: args.entry,
      }));
    } catch (e) {
      if (!(e instanceof AsmError)) throw e;
      for (const d of e.diagnostics) io.stderr(formatDiagnostic(d) + '\n');
      return 1;
    }
    io.writeFile(args.output, writeElf(image));
    return 0;
  },
};
