// The analyser's units: each top-level declaration of a preprocessed chunk is a unit with its own text
// and syntax tree. Its map adds the declaration's offset in the chunk, so a declaration that only moved
// (text before it changed) keeps its unit, tree and analysis, and just gets a new offset.

import type { SourceRange } from '../diagnostics';
import type { SourceMap } from '../pre/source-map';
import type { SyntaxNode } from '../parse/syntax-node';
import type { Unit, UnitMap } from '../model/declarations';

/** Unit offsets → chunk offsets (base) → user files (the chunk's source map). */
export class SegmentMap implements UnitMap {
  constructor(
    public chunk: SourceMap,
    public base: number,
  ) {}

  range(start: number, end: number): SourceRange {
    return this.chunk.range(this.base + start, this.base + end);
  }

  locate(file: string, line: number, column: number, unitLength: number): number | undefined {
    const at = this.chunk.offsetOf(file, line, column);
    if (at === undefined || at < this.base || at > this.base + unitLength) return undefined;
    return at - this.base;
  }
}

export class SegmentUnit implements Unit {
  root!: SyntaxNode;

  constructor(
    public text: string,
    readonly file: string,
    public map: SegmentMap,
    readonly system: boolean,
    readonly shared: boolean,
    /** The grammar type of the top-level node (`function_definition`, `declaration`, …). */
    readonly type: string,
  ) {}

  /** Where the unit starts in its chunk now. */
  get base(): number {
    return this.map.base;
  }
}
