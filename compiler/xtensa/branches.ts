// -O1/-O2, over one function's emitted assembly: short branches where they reach. The emitter writes
// every conditional branch as an inverted short branch over a `j` (the assembler does not relax, and a
// function may outgrow a branch's reach); once the function is whole, its layout is known:
//  - threading: a branch or jump to a label whose first instruction is `j T` goes to T directly;
//  - relaxation: `b<cc> x, y, S; j T; S:` (S reached from nowhere else, no other label reached in
//    between) becomes `b<!cc> x, y, T`, the `j` gone: the way that took the `j` takes one instruction less.
// Both apply only when the target is within the short branch's reach (instruction sizes are
// over-estimated, so a distance measured before any line is removed only shrinks; the 8-bit forms
// up to their exact reach, the 12-bit ones with a margin). A `j` that
// begins a statement or a scope stays (its row in the line table).

import type { AsmWriter } from './asm-writer';

/** The inverse of each conditional branch (same operands). */
const INVERSE: Record<string, string> = {
  beq: 'bne', bne: 'beq', blt: 'bge', bge: 'blt', bltu: 'bgeu', bgeu: 'bltu',
  beqz: 'bnez', bnez: 'beqz', bltz: 'bgez', bgez: 'bltz',
  beqi: 'bnei', bnei: 'beqi', blti: 'bgei', bgei: 'blti', bltui: 'bgeui', bgeui: 'bltui',
  bany: 'bnone', bnone: 'bany', ball: 'bnall', bnall: 'ball', bbc: 'bbs', bbs: 'bbc', bbci: 'bbsi', bbsi: 'bbci',
  bt: 'bf', bf: 'bt',
};

/**
 * Whether a branch form reaches `d` = target − branch address: target = branch + 4 + offset, the
 * offset 8 bits (−128..127) or, for the z forms, 12 bits (BRI12: −2048..2047, kept with a margin).
 * `d` is measured with sizes that are upper bounds, so the real distance lies between 0 and d.
 */
const reaches = (mnemonic: string, d: number): boolean => (/^b(eq|ne|lt|ge)z$/.test(mnemonic) ? Math.abs(d) <= 1900 : d >= -124 && d <= 131);

interface Line {
  readonly n: number;
  readonly kind: 'insn' | 'label' | 'other';
  readonly mnemonic: string;
  readonly ops: string[];
  readonly label?: string;
}

function parseLine(text: string, n: number): Line {
  const label = /^(\S+):$/.exec(text);
  if (label) return { n, kind: 'label', mnemonic: '', ops: [], label: label[1] };
  const m = /^\t([a-z][a-z0-9_.]*)\s*(.*)$/.exec(text);
  if (!m || text.startsWith('\t.') || text.startsWith('\t/*')) return { n, kind: 'other', mnemonic: '', ops: [] };
  return { n, kind: 'insn', mnemonic: m[1], ops: m[2] ? m[2].split(',').map((x) => x.trim()) : [] };
}

/** An upper bound of the bytes a line assembles to (3 for core instructions, 2 for .n forms, 8 for others). */
function sizeOf(l: Line, text: string): number {
  if (l.kind === 'insn') return l.mnemonic.endsWith('.n') ? 2 : /^ivp_/.test(l.mnemonic) ? 8 : 3;
  const align = /^\t\.align\s+(\d+)/.exec(text);
  return align ? Number(align[1]) - 1 : 0;
}

const isBranch = (l: Line) => l.kind === 'insn' && INVERSE[l.mnemonic] !== undefined;
const targetOf = (l: Line) => l.ops[l.ops.length - 1];

/** Rewrites the lines (from, to] of `w` (one function); returns how many `j` lines were removed. */
export function shortenBranches(w: AsmWriter, from: number, to: number): number {
  const lines: Line[] = [];
  const at = new Map<number, number>();
  const labelAt = new Map<string, number>();
  let offset = 0;
  for (let n = from + 1; n <= to; n++) {
    const text = w.line(n);
    const l = parseLine(text, n);
    lines.push(l);
    at.set(n, offset);
    offset += sizeOf(l, text);
    if (l.label) labelAt.set(l.label, lines.length - 1);
  }
  const refs = new Map<string, number>();
  const countRefs = () => {
    refs.clear();
    for (const l of lines) if (isBranch(l) || l.mnemonic === 'j') refs.set(targetOf(l), (refs.get(targetOf(l)) ?? 0) + 1);
  };
  countRefs();
  /** The first instruction at or after index k (labels and directives skipped). */
  const insnFrom = (k: number): Line | undefined => {
    for (let x = k; x < lines.length; x++) if (lines[x].kind === 'insn') return lines[x];
    return undefined;
  };
  const fits = (branch: Line, mnemonic: string, label: string) => {
    const t = labelAt.get(label);
    return t !== undefined && reaches(mnemonic, at.get(lines[t].n)! - at.get(branch.n)!);
  };
  // threading: a branch to `L: j T` goes to T
  lines.forEach((l) => {
    if (!isBranch(l) && l.mnemonic !== 'j') return;
    for (let hops = 0; hops < 4; hops++) {
      const t = labelAt.get(targetOf(l));
      const next = t === undefined ? undefined : insnFrom(t);
      if (!next || next.mnemonic !== 'j' || next === l) return;
      const final = targetOf(next);
      if (l.mnemonic !== 'j' && !fits(l, l.mnemonic, final)) return;
      l.ops[l.ops.length - 1] = final;
      w.replaceLine(l.n, `${l.mnemonic}\t${l.ops.join(', ')}`);
    }
  });
  countRefs();
  const drop = new Set<number>();
  for (let k = 0; k + 2 < lines.length; k++) {
    const b = lines[k];
    if (!isBranch(b)) continue;
    const skip = targetOf(b);
    // the next instruction is a `j`, with no label reached from elsewhere before it
    let x = k + 1;
    while (x < lines.length && lines[x].kind !== 'insn' && !(lines[x].label && refs.get(lines[x].label!))) x++;
    const j = lines[x];
    if (!j || j.kind !== 'insn' || j.mnemonic !== 'j' || w.anchors(j.n)) continue;
    // then the skipped-to label, reached only by this branch, before any instruction
    let y = x + 1;
    let found = false;
    for (; y < lines.length && lines[y].kind !== 'insn'; y++) if (lines[y].label === skip) found = true;
    if (!found || refs.get(skip) !== 1) continue;
    const inverse = INVERSE[b.mnemonic];
    if (!fits(b, inverse, targetOf(j))) continue;
    const ops = [...b.ops.slice(0, -1), targetOf(j)];
    w.replaceLine(b.n, `${inverse}\t${ops.join(', ')}`);
    drop.add(j.n);
    k = x;
  }
  w.removeLines(drop);
  return drop.size;
}
