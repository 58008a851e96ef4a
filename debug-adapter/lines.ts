// The line table as the stepper needs it: the row holding a PC (its address range, file, line), the
// statement starts (where a line step may stop), and a function's body start (the first statement
// after its ENTRY, where a function breakpoint or stop-on-entry lands).

import type { DebugInfo, Subprogram } from '../debuginfo';

export interface Row {
  readonly start: number;
  readonly end: number;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly isStmt: boolean;
}

export class LineIndex {
  private readonly rows: Row[] = [];
  private readonly stmtStarts = new Set<number>();

  constructor(readonly debug: DebugInfo) {
    for (const u of debug.lineUnits) {
      for (let k = 0; k + 1 < u.rows.length; k++) {
        const r = u.rows[k];
        const next = u.rows[k + 1];
        if (r.endSequence || next.address <= r.address || r.line === 0) continue;
        const file = u.files.get(r.file) ?? `<file ${r.file}>`;
        this.rows.push({ start: r.address >>> 0, end: next.address >>> 0, file, line: r.line, column: r.column, isStmt: r.isStmt });
        if (r.isStmt) this.stmtStarts.add(r.address >>> 0);
      }
    }
    this.rows.sort((a, b) => a.start - b.start);
  }

  rowAt(pc: number): Row | undefined {
    const a = pc >>> 0;
    let lo = 0;
    let hi = this.rows.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this.rows[mid];
      if (a < r.start) hi = mid - 1;
      else if (a >= r.end) lo = mid + 1;
      else return r;
    }
    return undefined;
  }

  isStmtStart(pc: number): boolean {
    return this.stmtStarts.has(pc >>> 0);
  }

  /** The first statement start after the function's entry (past its ENTRY), else its low PC. */
  bodyStart(fn: Subprogram): number {
    let best: number | undefined;
    for (const a of this.stmtStarts) if (a > fn.lowPc && a < fn.highPc && (best === undefined || a < best)) best = a;
    return best ?? fn.lowPc;
  }

  /** Every file the line table names. */
  files(): string[] {
    return [...new Set(this.rows.map((r) => r.file))];
  }
}
