// A test helper for the back-end passes over emitted assembly (branches, dead homes, reloads): writes
// hand-written lines into an AsmWriter as the emitter would — a line ending in ':' is a label, each
// instruction carries a source position (line 10 + its index), and the indices in `stmtAt` begin a
// statement.

import { AsmWriter } from '../../compiler/xtensa/asm-writer';

/** Writes `lines` into `w`. */
export function writeLines(w: AsmWriter, lines: readonly string[], stmtAt: readonly number[] = []): void {
  lines.forEach((l, k) => {
    if (l.endsWith(':')) return w.label(l.slice(0, -1));
    if (stmtAt.includes(k)) w.markStatement({ file: 't.cpp', line: 10 + k, column: 1 });
    else w.at({ file: 't.cpp', line: 10 + k, column: 1 });
    w.insn(l);
  });
}
