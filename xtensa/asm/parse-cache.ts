// Reuse of source parsing between assembler runs. A program is often assembled again and again from
// mostly the same text (a compiler links the same runtime library into every build, and an edited
// unit keeps most of its lines), so two least-recently-used caches keep parses: whole files, keyed by
// name and exact text, and single lines, keyed by their text (and whether a block comment is open).
// The parse of a line does not depend on where it is: the file name and line number are added per
// file. Per line statement, the operand split and an instruction parse that used no symbol are
// memoized too. Everything that depends on the assembly's state is redone on every run, so the
// output (image, listing, diagnostics) is the same with or without the caches.

import type { ParsedInsn } from './instructions';
import { Arg, LineParse, Statement, StatementShape, parseLine, splitArgs, splitStatements } from './source';

const argsMemo = new WeakMap<StatementShape, readonly Arg[]>();
const insnMemo = new WeakMap<StatementShape, ParsedInsn>();

/** A source file split into statements, with access to the memos of their line statements. */
export class ParsedSource {
  constructor(
    readonly statements: readonly Statement[],
    private readonly shapes: readonly StatementShape[],
  ) {}

  /** The operands of statement `i` split at top-level commas (a fresh array, callers may keep it). */
  argsOf(i: number): Arg[] {
    const shape = this.shapes[i];
    let a = argsMemo.get(shape);
    if (!a) argsMemo.set(shape, (a = splitArgs(shape.args, shape.argsColumn)));
    return [...a];
  }

  /** The instruction of statement `i` if an earlier parse of its text used no symbol. */
  instructionOf(i: number): ParsedInsn | undefined {
    return insnMemo.get(this.shapes[i]);
  }

  /** Records a parse of statement `i` that depends on its text only. */
  rememberInstruction(i: number, insn: ParsedInsn): void {
    insnMemo.set(this.shapes[i], insn);
  }
}

interface Limits {
  /** Most files kept. */
  entries: number;
  /** Most characters of source text kept in all files together. */
  chars: number;
  /** Most distinct lines kept. */
  lines: number;
}

const DEFAULT_LIMITS: Readonly<Limits> = { entries: 8, chars: 1_000_000, lines: 10_000 };
/** Lines longer than this are parsed every time. */
const LONGEST_CACHED_LINE = 1000;
let limits: Limits = { ...DEFAULT_LIMITS };

/** Insertion order is recency order in both maps: the first key is the least recently used. */
const files = new Map<string, { text: string; parsed: ParsedSource }>();
let fileChars = 0;
const lines = new Map<string, LineParse>();

/** `parseLine` through the line cache. */
function cachedLine(raw: string, inBlock: boolean): LineParse {
  if (raw.length > LONGEST_CACHED_LINE) return parseLine(raw, inBlock);
  const key = inBlock ? `*${raw}` : ` ${raw}`;
  let parsed = lines.get(key);
  if (parsed) lines.delete(key);
  else parsed = parseLine(raw, inBlock);
  lines.set(key, parsed);
  if (lines.size > limits.lines) lines.delete(lines.keys().next().value!);
  return parsed;
}

function parseFresh(name: string, text: string, lineParser: typeof parseLine): ParsedSource {
  const { statements, shapes } = splitStatements(name, text, lineParser);
  return new ParsedSource(statements, shapes);
}

/** The parse of file `name` with contents `text`, reusing earlier parses of the file or of its lines. */
export function parseSource(name: string, text: string): ParsedSource {
  if (limits.entries <= 0) return parseFresh(name, text, parseLine);
  const key = `${name}\u0000${text}`;
  const hit = files.get(key);
  if (hit) {
    files.delete(key);
    files.set(key, hit);
    return hit.parsed;
  }
  const parsed = parseFresh(name, text, limits.lines > 0 ? cachedLine : parseLine);
  if (text.length <= limits.chars) {
    files.set(key, { text, parsed });
    fileChars += text.length;
  }
  evict();
  return parsed;
}

function evict(): void {
  for (const [key, entry] of files) {
    if (files.size <= Math.max(limits.entries, 0) && fileChars <= limits.chars) break;
    files.delete(key);
    fileChars -= entry.text.length;
  }
  for (const key of lines.keys()) {
    if (lines.size <= Math.max(limits.lines, 0) && limits.entries > 0) break;
    lines.delete(key);
  }
}

/**
 * Sets how much the caches keep (`entries: 0` turns them off); without an argument, restores the
 * defaults (8 files, a million characters, 10,000 lines: about 25 MB of heap at most). Drops entries
 * beyond the new limits.
 */
export function setParseCacheLimits(next?: Partial<Limits>): void {
  limits = { ...DEFAULT_LIMITS, ...next };
  evict();
}

/** Forgets every cached parse. */
export function clearParseCache(): void {
  files.clear();
  fileChars = 0;
  lines.clear();
}

/** Files, characters of file text and lines held (for tests of the bounds). */
export function parseCacheSize(): { entries: number; chars: number; lines: number } {
  return { entries: files.size, chars: fileChars, lines: lines.size };
}
