// Test helper: makes gcc's assembly assemblable with `--no-transform`. gcc relies on GNU as's
// transformations: conditional branches whose target is out of range become an inverted branch over
// a `j`, `slli a, b, 0` becomes a move and `srli a, b, 16..31` an `extui`. Without transformations
// both GNU as and ours reject those lines. This rewrites exactly the lines GNU as rejects, each on
// its own line so line numbers stay put:
//   blti a2, 2, .L7   →   bgei a2, 2, .Lq7far3 ; j .L7 ; .Lq7far3:
//   slli a2, a3, 0    →   mov a2, a3
//   srli a2, a3, 16   →   extui a2, a3, 16, 16
// and repeats until GNU as accepts the file (the code grows, so new branches may go out of range).
// Also removes the merge flags of string sections, so that ld does not merge strings.

import { gnuAssemble, GnuError } from './gnu';

const INVERSE: Record<string, string> = {};
for (const [a, b] of [
  ['beq', 'bne'], ['blt', 'bge'], ['bltu', 'bgeu'], ['bany', 'bnone'], ['ball', 'bnall'], ['bbc', 'bbs'],
  ['bbci', 'bbsi'], ['beqz', 'bnez'], ['bltz', 'bgez'], ['beqi', 'bnei'], ['blti', 'bgei'], ['bltui', 'bgeui'],
  ['beqz.n', 'bnez.n'], ['bf', 'bt'],
]) {
  INVERSE[a] = b;
  INVERSE[b] = a;
}

const OUT_OF_RANGE = /^operand \d+ of '([\w.]+)' has (out of range|invalid) value/;

function rewriteShift(line: string): string | undefined {
  const m = /^(\s*)(slli|srli)\s+(a\d+|sp),\s*(a\d+|sp),\s*(\d+)\s*$/.exec(line);
  if (!m) return undefined;
  const [, indent, op, dst, src, amount] = m;
  const n = Number(amount);
  if (op === 'slli' && n === 0) return `${indent}mov\t${dst}, ${src}`;
  if (op === 'srli' && n >= 16 && n <= 31) return `${indent}extui\t${dst}, ${src}, ${n}, ${32 - n}`;
  return undefined;
}

/** The replacement of one rejected line, or undefined if it is not one this helper knows. */
export function rewriteLine(line: string, serial: number): string | undefined {
  const shift = rewriteShift(line);
  if (shift) return shift;
  const m = /^(\s*)([\w.]+)\s+(.*),\s*([^,]+?)\s*$/.exec(line);
  if (!m || !INVERSE[m[2]]) return undefined;
  const [, indent, mnemonic, ops, target] = m;
  const skip = `.Lq7far${serial}`;
  return `${indent}${INVERSE[mnemonic]}\t${ops}, ${skip} ; j\t${target} ; ${skip}:`;
}

export interface Relaxed {
  source: string;
  /** Number of lines rewritten. */
  rewritten: number;
  /** An object file GNU as produced from `source`. */
  object: string;
}

/** Rewrites out-of-range branches until GNU as accepts the source; throws on any other error. */
export function relaxFarBranches(source: string, dir: string): Relaxed {
  const lines = source.split('\n');
  let rewritten = 0;
  for (let round = 0; round < 20; round++) {
    const r = gnuAssemble(lines.join('\n'), dir);
    if (r.object) return { source: lines.join('\n'), rewritten, object: r.object };
    const other = r.errors.filter((e: GnuError) => !OUT_OF_RANGE.test(e.message));
    if (other.length > 0) throw new Error(`GNU as: ${other.map((e) => `line ${e.line}: ${e.message}`).join('; ')}`);
    for (const e of r.errors) {
      const fixed = rewriteLine(lines[e.line - 1], rewritten);
      if (fixed === undefined) throw new Error(`cannot relax line ${e.line}: ${lines[e.line - 1]} (${e.message})`);
      lines[e.line - 1] = fixed;
      rewritten++;
    }
  }
  throw new Error('far-branch rewriting did not converge');
}

/** `.section NAME,"aMS",@progbits,1` → `.section NAME,"a",@progbits` (no ld string merging). */
export function withoutMergeFlags(source: string): string {
  return source.replace(/^(\s*\.section\s+[^,\s]+\s*,\s*")([^"]*)"(\s*,\s*[@%]\w+)?(\s*,\s*\d+)?/gm, (_m, head, flags, type) =>
    `${head}${flags.replace(/[MS]/g, '')}"${type ?? ''}`,
  );
}

