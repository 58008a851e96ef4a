// Maps offsets in preprocessed text back to the user's file, line and column (through includes and
// macro expansions: an expanded token is charged to the macro invocation).

import type { Position, SourceRange } from '../diagnostics';
import type { Origin } from './tokens';

export class SourceMap {
  /** Output offsets where each mapped token starts, ascending. */
  private readonly outStart: number[] = [];
  private readonly outEnd: number[] = [];
  private readonly origins: Origin[] = [];

  constructor(readonly fallbackFile: string) {}

  /** Records that output text [start, end) is the token whose origin is `origin`. */
  add(start: number, end: number, origin: Origin): void {
    this.outStart.push(start);
    this.outEnd.push(end);
    this.origins.push(origin);
  }

  get size(): number {
    return this.origins.length;
  }

  /** Index of the last token starting at or before `offset`, or -1. */
  private entryAt(offset: number): number {
    let lo = 0;
    let hi = this.outStart.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.outStart[mid] <= offset) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return best;
  }

  /** The origin of the token covering (or nearest before) `offset`. */
  originAt(offset: number): Origin | undefined {
    const k = this.entryAt(offset);
    if (k >= 0) return this.origins[k];
    return this.origins[0];
  }

  /** The user position of output `offset`. */
  position(offset: number): { file: string; pos: Position } {
    const k = Math.max(0, this.entryAt(offset));
    const o = this.origins[k];
    if (!o) return { file: this.fallbackFile, pos: { line: 0, column: 0 } };
    const inside = offset - this.outStart[k];
    if (o.exact && o.line === o.endLine && inside >= 0 && offset <= this.outEnd[k]) {
      return { file: o.file, pos: { line: o.line, column: o.column + inside } };
    }
    if (offset >= this.outEnd[k] && o.exact && o.line === o.endLine) {
      return { file: o.file, pos: { line: o.endLine, column: o.endColumn } };
    }
    return { file: o.file, pos: { line: o.line, column: o.column } };
  }

  /**
   * The output offset of a user position (`file`, 0-based `line` and `column`): inside a token copied
   * as written, the matching character; inside a macro invocation, the start of its expansion.
   */
  offsetOf(file: string, line: number, column: number): number | undefined {
    const key = `${file}\n${line}\n${column}`;
    if (this.lastQuery?.key === key) return this.lastQuery.offset;
    let expansion: number | undefined;
    let offset: number | undefined;
    for (let k = 0; k < this.origins.length && offset === undefined; k++) {
      const o = this.origins[k];
      if (o.file !== file || line < o.line || line > o.endLine) continue;
      const after = line > o.line || column >= o.column;
      const before = line < o.endLine || column < o.endColumn;
      if (!after || !before) continue;
      if (o.exact && o.line === o.endLine) offset = this.outStart[k] + (column - o.column);
      else expansion ??= this.outStart[k];
    }
    offset ??= expansion;
    this.lastQuery = { key, offset };
    return offset;
  }

  private lastQuery?: { key: string; offset: number | undefined };

  /** The user range of output text [start, end); always well formed. */
  range(start: number, end: number): SourceRange {
    const s = this.position(start);
    const endEntry = this.entryAt(Math.max(start, end - 1));
    const eo = endEntry >= 0 ? this.origins[endEntry] : undefined;
    let e: { file: string; pos: Position };
    if (!eo) e = s;
    else if (eo.exact && eo.line === eo.endLine && end <= this.outEnd[endEntry]) e = this.position(end);
    else e = { file: eo.file, pos: { line: eo.endLine, column: eo.endColumn } };
    if (e.file !== s.file || before(e.pos, s.pos)) {
      const so = this.originAt(start);
      const sameLineEnd = so && so.file === s.file && !before({ line: so.endLine, column: so.endColumn }, s.pos);
      e = { file: s.file, pos: sameLineEnd ? { line: so.endLine, column: so.endColumn } : s.pos };
    }
    return { file: s.file, start: s.pos, end: e.pos };
  }
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}
