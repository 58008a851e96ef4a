// q7 as: assembles GNU-syntax Xtensa source files into an executable ELF
// (`q7 as file.S [more.S...] -o out.elf [--section-start .text=0x50000000] [--entry sym] [--defsym sym=val]`).

import { CliIO, Command, UsageError } from '../io';
import { AsmError, assemble, formatDiagnostic } from '../../xtensa/asm';
import { writeElf } from '../../xtensa/elf/writer';

const USAGE = `usage: q7 as FILE.S [FILE.S...] [-o OUT.elf] [options]

Assembles the files (in order, as one program) into an ELF executable (default a.out).

options:
  -o FILE                    output file
  --section-start SEC=ADDR   address of an output section (.literal .text .rodata .data .bss)
                             or of a named input section (which then stays a section of its own)
  --base ADDR                address of the first section when none is fixed (default 0x50000000)
  --entry SYM|ADDR           entry point (default _start, else the start of .text)
  --defsym SYM=VALUE         define an absolute global symbol
`;

interface AsArgs {
  files: string[];
  output: string;
  sectionStart: Record<string, number>;
  defsym: Record<string, number>;
  base?: number;
  entry?: string;
}

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

function parseArgs(argv: string[]): AsArgs | 'help' {
  const r: AsArgs = { files: [], output: 'a.out', sectionStart: {}, defsym: {} };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let inline: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      inline = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    const value = (): string => {
      if (inline !== undefined) return inline;
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`option ${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '-h':
      case '--help':
        return 'help';
      case '-o':
        r.output = value();
        break;
      case '--section-start': {
        const [name, addr] = parseAssignment(value(), '--section-start');
        r.sectionStart[name] = addr >>> 0;
        break;
      }
      case '--defsym': {
        const [name, v] = parseAssignment(value(), '--defsym');
        r.defsym[name] = v;
        break;
      }
      case '--entry':
      case '-e':
        r.entry = value();
        break;
      case '--base':
        r.base = parseNumber(value(), '--base') >>> 0;
        break;
      default:
        if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option '${argv[i]}'\n${USAGE}`);
        r.files.push(argv[i]);
    }
  }
  if (r.files.length === 0) throw new UsageError(`no input files\n${USAGE}`);
  return r;
}

export const asCommand: Command = {
  name: 'as',
  summary: 'assemble Xtensa source files into an ELF executable',
  usage: USAGE,
  run(argv: string[], io: CliIO): number {
    const args = parseArgs(argv);
    if (args === 'help') {
      io.stdout(USAGE);
      return 0;
    }
    const sources = args.files.map((name) => ({ name, text: new TextDecoder().decode(io.readFile(name)) }));
    let image;
    try {
      ({ image } = assemble(sources, { sectionStart: args.sectionStart, defsym: args.defsym, base: args.base, entry: args.entry }));
    } catch (e) {
      if (!(e instanceof AsmError)) throw e;
      for (const d of e.diagnostics) io.stderr(formatDiagnostic(d) + '\n');
      return 1;
    }
    io.writeFile(args.output, writeElf(image));
    return 0;
  },
};
