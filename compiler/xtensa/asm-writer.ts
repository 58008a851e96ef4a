// Assembly text under construction for one source file of the program: instructions, labels and
// directives, a literal pool (`.literal` entries, deduplicated per function, placed by the assembler
// in .literal ahead of .text so every L32R reaches back to it), and for each line the source position
// it came from — after assembly the listing maps those lines to addresses for the line table.
// L32R reaches 256 KiB back: a file whose code outgrows SPLIT_BYTES is split into function sections
// `.text.partN` (the assembler places each one's pool `.literal.partN` just before it, xtensa/asm
// layout.ts), so that every pool stays within reach of its code however large the file. CALL8
// reaches ±512 KiB: a writer made with `longCalls` (a file whose code may outgrow LONG_CALL_BYTES)
// writes every direct call as L32R of the target + CALLX8.

import type { SourcePos } from '../ir/ir';

export interface LineMark {
  readonly pos: SourcePos;
  /** A statement starts here (is_stmt in the line table). */
  readonly stmt: boolean;
  /** Statements with no code of their own just before this one (rows at the same address). */
  readonly empty?: readonly SourcePos[];
}

/** Where a lexical scope of a function begins or ends: the asm line of the next instruction, or the function's end. */
export interface ScopeMark {
  readonly id: number;
  readonly begin: boolean;
}

/** The most code and literal bytes (upper bound) one code section of a file holds before the next begins: half of L32R's reach. */
export const SPLIT_BYTES = 128 * 1024;

/** A file whose code and literals (upper bound) pass this many bytes calls by long calls: three quarters of CALL8's reach, leaving room for the ROM and the runtime library. */
export const LONG_CALL_BYTES = 384 * 1024;

const partSection = (n: number) => `.section\t.text.part${n},"ax",@progbits`;

export class AsmWriter {
  private readonly lines: string[] = [];
  /** Source position of each instruction line (1-based asm line number → mark). */
  readonly marks = new Map<number, LineMark>();
  /** Scope boundaries before each instruction line; those at a function's end are keyed by its symbol. */
  readonly scopeMarks = new Map<number, ScopeMark[]>();
  readonly scopeMarksAtEnd = new Map<string, ScopeMark[]>();
  private pendingScopes: ScopeMark[] = [];
  /**
   * Location-list boundaries (-O2, debug-ranges.ts) before each line: ids from rangeMark(). Unlike
   * scope marks they do not hold their line in place: a removed line's marks pass to the line after
   * it; those at a function's end are keyed by the line after its last.
   */
  readonly rangeMarks = new Map<number, number[]>();
  private pendingRanges: number[] = [];
  private rangeMarkCount = 0;
  private literals = new Map<string, string>();
  private literalCount = 0;
  /** Upper bound of the bytes of code and literals in the current code section (4 per instruction or literal). */
  private sectionBytes = 0;
  /** Upper bound of the bytes of code and literals of the whole file. */
  private totalBytes = 0;
  private part = 0;
  /** The lines of the first part's section directives (renamed if the file is split). */
  private readonly firstPartLines: number[] = [];
  private pendingStmt = false;
  private emptyStmts: SourcePos[] = [];
  pos?: SourcePos;

  constructor(
    readonly fileName: string,
    private readonly prefix: string,
    /** Direct calls are written as long calls (L32R a8 of the target, CALLX8 a8). */
    readonly longCalls = false,
  ) {}

  /** Upper bound of the bytes of code and literals written so far (4 per instruction or literal). */
  get codeBytes(): number {
    return this.totalBytes;
  }

  /** A call of `symbol` under the windowed ABI's CALL8 convention: CALL8, or a long call through a8 (free at a call: the call clobbers it). */
  call(symbol: string): void {
    if (!this.longCalls) return this.insn(`call8\t${symbol}`);
    this.insn(`l32r\ta8, ${this.literal(symbol)}`);
    this.insn('callx8\ta8');
  }

  /** The next instruction begins a statement. */
  markStatement(pos: SourcePos): void {
    const prev = this.pos;
    if (this.pendingStmt && prev && (prev.file !== pos.file || prev.line !== pos.line)) this.emptyStmts.push(prev);
    this.pos = pos;
    this.pendingStmt = true;
  }

  /**
   * The source position of the next instructions — unless a statement is pending: the first
   * instruction after a statement mark keeps the statement's line, so a statement whose own code is
   * empty (a `return` of the named return value before the epilogue) still gets its row.
   */
  at(pos: SourcePos): void {
    if (!this.pendingStmt) this.pos = pos;
  }

  /** A scope boundary at the next instruction. */
  scopeMark(m: ScopeMark): void {
    this.pendingScopes.push(m);
  }

  /** A location-list boundary at the next instruction (or the function's end); returns its id. */
  rangeMark(): number {
    const id = this.rangeMarkCount++;
    this.pendingRanges.push(id);
    return id;
  }

  /** Scope boundaries with no instruction after them in the function belong to its end. */
  endFunction(symbol: string): void {
    if (this.pendingScopes.length) this.scopeMarksAtEnd.set(symbol, this.pendingScopes);
    this.pendingScopes = [];
    this.flushRanges(this.lines.length + 1);
    this.pendingStmt = false;
    this.emptyStmts = [];
  }

  /**
   * Switches to the code section for the next function: `.text`, or, once the current one may hold
   * SPLIT_BYTES, the next `.text.partN`.
   */
  codeSection(): void {
    if (this.sectionBytes > SPLIT_BYTES) {
      this.part++;
      this.sectionBytes = 0;
    }
    if (this.part === 0) {
      this.directive('.text');
      this.firstPartLines.push(this.lines.length);
    } else this.directive(partSection(this.part));
  }

  /** Ends the code: a split file's first part becomes `.text.part0` too, so that its code stays together after the plain .text of other files. */
  finishCode(): void {
    if (this.part > 0) for (const n of this.firstPartLines) this.lines[n - 1] = `\t${partSection(0)}`;
  }

  insn(text: string): void {
    this.sectionBytes += 4;
    this.totalBytes += 4;
    this.lines.push(`\t${text}`);
    this.flushRanges(this.lines.length);
    if (this.pendingScopes.length) {
      this.scopeMarks.set(this.lines.length, this.pendingScopes);
      this.pendingScopes = [];
    }
    if (this.pos) {
      this.marks.set(this.lines.length, { pos: this.pos, stmt: this.pendingStmt, empty: this.emptyStmts.length ? this.emptyStmts : undefined });
      this.pendingStmt = false;
      this.emptyStmts = [];
    }
  }

  private flushRanges(line: number): void {
    if (!this.pendingRanges.length) return;
    this.rangeMarks.set(line, [...(this.rangeMarks.get(line) ?? []), ...this.pendingRanges]);
    this.pendingRanges = [];
  }

  label(name: string): void {
    this.lines.push(`${name}:`);
  }

  directive(text: string): void {
    this.lines.push(`\t${text}`);
  }

  comment(text: string): void {
    this.lines.push(`\t/* ${text.replace(/\*\//g, '* /')} */`);
  }

  raw(text: string): void {
    for (const l of text.split('\n')) this.lines.push(l);
  }

  /** Starts a new function's literal pool (literals are shared within a function only). */
  resetLiterals(): void {
    this.literals = new Map();
  }

  /** The label of a literal-pool word holding `value` (a number or a symbol expression). */
  literal(value: string | number): string {
    const key = typeof value === 'number' ? String(value | 0) : value;
    let label = this.literals.get(key);
    if (!label) {
      label = `.L${this.prefix}lit${this.literalCount++}`;
      this.literals.set(key, label);
      this.sectionBytes += 4;
      this.totalBytes += 4;
      this.lines.push(`\t.literal ${label}, ${key}`);
    }
    return label;
  }

  /** Whether a label or a call was emitted since line `n` (so registers may hold other values). */
  joinedSince(n: number): boolean {
    for (let i = n; i < this.lines.length; i++) if (/^\S.*:$/.test(this.lines[i]) || /^\t(callx?(0|4|8|12)|entry|retw?)\b/.test(this.lines[i])) return true;
    return false;
  }

  /** The text of line `n` (1-based). */
  line(n: number): string {
    return this.lines[n - 1];
  }

  /** Replaces the text of instruction line `n` (its marks stay). */
  replaceLine(n: number, text: string): void {
    this.lines[n - 1] = `\t${text}`;
  }

  /** Whether instruction line `n` begins a statement or a lexical scope (its removal would lose a row or a boundary). */
  anchors(n: number): boolean {
    return !!this.marks.get(n)?.stmt || this.scopeMarks.has(n);
  }

  /** Removes lines (1-based numbers, none anchoring, see anchors), renumbering the marks of the lines after them. */
  removeLines(drop: ReadonlySet<number>): void {
    if (!drop.size) return;
    const first = Math.min(...drop);
    const kept: string[] = [];
    const marks = new Map<number, LineMark>();
    const scopes = new Map<number, ScopeMark[]>();
    for (let n = first; n <= this.lines.length; n++) {
      if (drop.has(n)) continue;
      kept.push(this.lines[n - 1]);
      const to = first + kept.length - 1;
      const m = this.marks.get(n);
      if (m) marks.set(to, m);
      const sm = this.scopeMarks.get(n);
      if (sm) scopes.set(to, sm);
    }
    for (let n = first; n <= this.lines.length; n++) {
      this.marks.delete(n);
      this.scopeMarks.delete(n);
    }
    this.lines.splice(first - 1, this.lines.length - first + 1, ...kept);
    for (const [n, m] of marks) this.marks.set(n, m);
    for (const [n, m] of scopes) this.scopeMarks.set(n, m);
    this.renumberRangeMarks(drop, first);
  }

  /** Range marks after removed lines: a mark moves up by the lines removed before it (onto the next kept line). */
  private renumberRangeMarks(drop: ReadonlySet<number>, first: number): void {
    if (!this.rangeMarks.size) return;
    const dropped = [...drop].sort((a, b) => a - b);
    const moved = [...this.rangeMarks].filter(([n]) => n >= first).sort((a, b) => a[0] - b[0]);
    for (const [n] of moved) this.rangeMarks.delete(n);
    let before = 0;
    for (const [n, ids] of moved) {
      while (before < dropped.length && dropped[before] < n) before++;
      const to = n - before;
      this.rangeMarks.set(to, [...(this.rangeMarks.get(to) ?? []), ...ids]);
    }
  }

  get lineCount(): number {
    return this.lines.length;
  }

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}
