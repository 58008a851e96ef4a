// The CLI's one option parser. Each command declares its options (spelling, aliases, type, default,
// value placeholder, description, help group) and positional arguments in a CommandSpec; `parseArgs`
// turns argv into a typed record with clear errors (exit status 2), and `helpText` renders
// `q7 <cmd> --help` from the same declarations (docs/cli.md is rendered from them too: cli/docs.ts).
//
// Spellings accepted: `--name value`, `--name=value`, a short option's value attached or not
// (`-o out`, `-oout`, `-DNAME=1`, `-I dir`); `-h`/`--help` prints the help; `-` is a positional.

import { UsageError } from './process-io';

interface OptionBase {
  /** The main spelling: `--cpu`, `-o`. */
  readonly name: string;
  /** Other spellings of the same option (`-d` for `--disassemble`). */
  readonly aliases?: readonly string[];
  /** Spellings accepted but not shown in help (`-dS` for `-d -S`). */
  readonly alsoAccepted?: readonly string[];
  readonly description: string;
  /** Help section heading (default `options`). */
  readonly group?: string;
}

export interface FlagOption extends OptionBase {
  readonly type: 'flag';
}

interface ValueOptionBase extends OptionBase {
  /** The value's placeholder in help: `FILE`, `N`, `NAME[=V]`. */
  readonly value: string;
  /** The value must be attached to a short option (`-O1`, never `-O 1`). */
  readonly attachedOnly?: boolean;
}

export interface StringOption extends ValueOptionBase {
  readonly type: 'string';
  readonly default?: unknown;
  /** Converts (and checks: throws UsageError) the text; `opt` is the spelling used. */
  readonly parse?: (text: string, opt: string) => unknown;
}

export interface NumberOption extends ValueOptionBase {
  readonly type: 'number';
  readonly default?: number;
  readonly parse?: (text: string, opt: string) => number;
}

/** Given any number of times; the result is the list of values in order. */
export interface RepeatableOption extends ValueOptionBase {
  readonly type: 'repeatable';
  readonly parse?: (text: string, opt: string) => unknown;
}

export interface EnumOption extends ValueOptionBase {
  readonly type: 'enum';
  readonly choices: readonly string[];
  readonly default?: string;
  /** What a choice is (`core`): the error reads `--cpu: unknown core 'z80' (known: …)`. */
  readonly noun?: string;
  /** The whole error message for a value that is not a choice. */
  readonly invalid?: (text: string, opt: string) => string;
}

export type OptionSpec = FlagOption | StringOption | NumberOption | RepeatableOption | EnumOption;

export interface PositionalSpec {
  readonly key: string;
  /** Placeholder in help: `FILE`. */
  readonly name: string;
  readonly description?: string;
  /** Takes every remaining positional argument. */
  readonly repeatable?: boolean;
  /** The message when it is absent; without it the positional is optional. */
  readonly missing?: string;
  /** The message when a single positional is given twice. */
  readonly extra?: (first: string, second: string) => string;
}

export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  /** What follows `usage: q7 <name>`: `FILE [options]`. */
  readonly usage: string;
  /** Paragraph(s) after the usage line. */
  readonly description?: string;
  readonly options: { readonly [key: string]: OptionSpec };
  readonly positionals: readonly PositionalSpec[];
  /** Text after the option list. */
  readonly epilogue?: string;
}

/** Declares a command's interface (keeps the literal types the parser's result is typed from). */
export function defineCommand<const S extends CommandSpec>(spec: S): S {
  return spec;
}

type Parsed<O> = O extends (text: string, opt: string) => infer T ? T : never;
type ValueOf<O> = O extends { type: 'flag' }
  ? boolean
  : O extends { type: 'repeatable'; parse: infer P }
    ? Parsed<P>[]
    : O extends { type: 'repeatable' }
      ? string[]
      : O extends { parse: infer P }
        ? Parsed<P>
        : O extends { type: 'number' }
          ? number
          : O extends { type: 'enum'; choices: readonly (infer C)[] }
            ? C
            : string;
type Absent<O> = O extends { type: 'flag' | 'repeatable' } ? never : O extends { default: unknown } ? never : undefined;
type PositionalValue<P> = P extends { repeatable: true } ? string[] : P extends { missing: string } ? string : string | undefined;

/** What `parseArgs` returns for a spec: one typed field per option key and per positional key. */
export type ParsedArgs<S extends CommandSpec> = {
  -readonly [K in keyof S['options']]: ValueOf<S['options'][K]> | Absent<S['options'][K]>;
} & {
  -readonly [P in S['positionals'][number] as P['key']]: PositionalValue<P>;
};

/** `--help` asked for: the help text, printed to stdout with exit status 0 by cli/main.ts. */
export class HelpRequest extends UsageError {
  constructor(text: string) {
    super(text, 0);
  }
}

/** The short usage line printed after a usage error. */
export function usageLine(spec: CommandSpec): string {
  return `usage: q7 ${spec.name} ${spec.usage}`;
}

function spellings(o: OptionSpec): string[] {
  return [o.name, ...(o.aliases ?? [])];
}

function accepted(o: OptionSpec): string[] {
  return [...spellings(o), ...(o.alsoAccepted ?? [])];
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The declared spelling closest to an unknown option, if one is close (single letters get no guess). */
export function suggest(spec: CommandSpec, unknown: string): string | undefined {
  const bare = (s: string) => s.replace(/^-+/, '');
  const word = bare(unknown);
  if (word.length < 2) return undefined;
  const all = Object.values(spec.options).flatMap(spellings).filter((s) => bare(s).length >= 2);
  const prefixed = all.filter((s) => bare(s).startsWith(word));
  if (prefixed.length === 1) return prefixed[0];
  let best: string | undefined;
  let bestD = Math.min(2, Math.ceil(word.length / 2));
  for (const s of all) {
    const d = editDistance(word, bare(s));
    if (d <= bestD && (best === undefined || d < bestD)) {
      best = s;
      bestD = d;
    }
  }
  return best;
}

function enumValue(o: EnumOption, text: string, opt: string): string {
  if (o.choices.includes(text)) return text;
  if (o.invalid) throw new UsageError(o.invalid(text, opt));
  if (o.noun) throw new UsageError(`${opt}: unknown ${o.noun} '${text}' (known: ${o.choices.join(', ')})`);
  throw new UsageError(`${opt}: '${text}' is not one of ${o.choices.join(', ')}`);
}

function convert(o: Exclude<OptionSpec, FlagOption>, text: string, opt: string): unknown {
  if (o.type === 'enum') return enumValue(o, text, opt);
  if (o.parse) return o.parse(text, opt);
  if (o.type === 'number') {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${opt}: '${text}' is not a number`);
    return n;
  }
  return text;
}

/** Parses `argv` against the declarations: typed values, or a UsageError (exit 2) naming the cause. */
export function parseArgs<const S extends CommandSpec>(spec: S, argv: readonly string[]): ParsedArgs<S> {
  const byName = new Map<string, [string, OptionSpec]>();
  for (const [key, o] of Object.entries(spec.options)) for (const s of accepted(o)) byName.set(s, [key, o]);
  const out: Record<string, unknown> = {};
  for (const [key, o] of Object.entries(spec.options)) {
    if (o.type === 'flag') out[key] = false;
    else if (o.type === 'repeatable') out[key] = [];
    else out[key] = o.default;
  }
  const positional: string[] = [];
  const hint = `\n${usageLine(spec)}  (q7 ${spec.name} --help lists the options)`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') throw new HelpRequest(helpText(spec));
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    // which option, and a value given in the same argument
    let found = byName.get(arg);
    let inline: string | undefined;
    let opt = arg;
    if (!found && arg.startsWith('--') && arg.includes('=')) {
      opt = arg.slice(0, arg.indexOf('='));
      inline = arg.slice(arg.indexOf('=') + 1);
      found = byName.get(opt);
    } else if (!found && !arg.startsWith('--')) {
      const short = byName.get(arg.slice(0, 2));
      if (short && short[1].type !== 'flag') {
        found = short;
        opt = arg.slice(0, 2);
        inline = arg.slice(2);
      }
    }
    if (!found) {
      const guess = suggest(spec, opt);
      throw new UsageError(`unknown option '${arg}'${guess ? ` (did you mean '${guess}'?)` : ''}${hint}`);
    }
    const [key, o] = found;
    if (o.type === 'flag') {
      if (inline !== undefined) throw new UsageError(`${opt} takes no value (got '${arg}')`);
      out[key] = true;
      continue;
    }
    let text = inline;
    if (text === undefined && !o.attachedOnly) text = argv[++i];
    if (text === undefined) throw new UsageError(`${opt} needs a value`);
    const v = convert(o, text, opt);
    if (o.type === 'repeatable') (out[key] as unknown[]).push(v);
    else out[key] = v;
  }
  // positionals, in declaration order
  let next = 0;
  for (const p of spec.positionals) {
    if (p.repeatable) {
      out[p.key] = positional.slice(next);
      next = positional.length;
      if ((out[p.key] as string[]).length === 0 && p.missing) throw new UsageError(`${p.missing}${hint}`);
    } else {
      out[p.key] = positional[next];
      if (positional[next] === undefined && p.missing) throw new UsageError(`${p.missing}${hint}`);
      next++;
    }
  }
  if (next < positional.length) {
    const last = spec.positionals[spec.positionals.length - 1];
    const extra = positional[next];
    if (last?.extra) throw new UsageError(last.extra(positional[next - 1], extra));
    throw new UsageError(`unexpected argument '${extra}'${hint}`);
  }
  return out as ParsedArgs<S>;
}

// ---- help -----------------------------------------------------------------------------------------

const WIDTH = 100;

/** How an option is spelled in help: `-d, --disassemble`, `--cpu NAME`, `-D NAME[=V]`, `-O0|1`. */
export function optionLabel(o: OptionSpec): string {
  const names = spellings(o).sort((a, b) => (a.startsWith('--') ? 1 : 0) - (b.startsWith('--') ? 1 : 0)).join(', ');
  if (o.type === 'flag') return names;
  return o.attachedOnly ? `${names}${o.value}` : `${names} ${o.value}`;
}

/** The option's description with what the declaration adds: its choices and its default. */
export function optionText(o: OptionSpec): string {
  let t = o.description;
  if (o.type === 'enum' && !o.attachedOnly) t += ` (one of: ${o.choices.join(', ')})`;
  if (o.type !== 'flag' && o.type !== 'repeatable' && o.default !== undefined) t += ` (default: ${String(o.default)})`;
  if (o.type === 'repeatable') t += ' (repeatable)';
  return t;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const w of para.split(' ')) {
      if (line !== '' && line.length + 1 + w.length > width) {
        lines.push(line);
        line = w;
      } else line = line === '' ? w : `${line} ${w}`;
    }
    lines.push(line);
  }
  return lines;
}

/** The options by help group, in declaration order of each group's first option. */
export function optionGroups(spec: CommandSpec): [string, OptionSpec[]][] {
  const groups = new Map<string, OptionSpec[]>();
  for (const o of Object.values(spec.options)) {
    const g = o.group ?? 'options';
    groups.set(g, [...(groups.get(g) ?? []), o]);
  }
  return [...groups];
}

/** `q7 <name> --help`, rendered from the declarations. */
export function helpText(spec: CommandSpec): string {
  const parts = [usageLine(spec)];
  if (spec.description) parts.push(wrap(spec.description, WIDTH).join('\n'));
  const described = spec.positionals.filter((p) => p.description);
  if (described.length) {
    const col = Math.max(...described.map((p) => p.name.length)) + 4;
    parts.push(['arguments:', ...described.flatMap((p) => wrap(p.description!, WIDTH - col).map((l, k) => `${k ? '' : `  ${p.name}`.padEnd(col)}${k ? ' '.repeat(col) : ''}${l}`))].join('\n'));
  }
  const groups = optionGroups(spec);
  const labels = Object.values(spec.options).map(optionLabel);
  const col = Math.min(Math.max(0, ...labels.map((l) => l.length)) + 4, 30);
  for (const [g, opts] of groups) {
    const lines = [`${g}:`];
    for (const o of opts) {
      const label = `  ${optionLabel(o)}`;
      const text = wrap(optionText(o), WIDTH - col);
      if (label.length + 1 >= col) lines.push(label, ...text.map((l) => ' '.repeat(col) + l));
      else lines.push(label.padEnd(col) + text[0], ...text.slice(1).map((l) => ' '.repeat(col) + l));
    }
    parts.push(lines.join('\n'));
  }
  if (spec.epilogue) parts.push(wrap(spec.epilogue, WIDTH).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
