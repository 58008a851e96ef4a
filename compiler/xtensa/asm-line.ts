// One emitted assembly line as the back-end passes over it (dead-homes.ts, moves.ts) read it: a label,
// an instruction with its mnemonic and comma-separated operands, or something else (a directive, a
// comment).

export interface AsmLine {
  readonly kind: 'insn' | 'label' | 'other';
  readonly mnemonic: string;
  readonly ops: string[];
  readonly label?: string;
}

/** The line `text` as the AsmWriter wrote it (instructions start with a tab, labels end with ':'). */
export function parseAsmLine(text: string): AsmLine {
  const label = /^(\S+):$/.exec(text);
  if (label) return { kind: 'label', mnemonic: '', ops: [], label: label[1] };
  const m = /^\t([a-z][a-z0-9_.]*)\s*(.*)$/.exec(text);
  if (!m || text.startsWith('\t.') || text.startsWith('\t/*')) return { kind: 'other', mnemonic: '', ops: [] };
  return { kind: 'insn', mnemonic: m[1], ops: m[2] ? m[2].split(',').map((x) => x.trim()) : [] };
}
